// Add/Edit User (spec part 2, 'Users' and section 5), validated with the same schemas the server
// uses. The worked example of useFormDialog + FormDialog: copy this file for a new area's dialog.
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { SelectField } from "@/client/components/form/select-field";
import { SwitchField } from "@/client/components/form/switch-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  type CreateUserRequest,
  createUserRequestSchema,
  type UpdateUserRequest,
  type UserResponse,
  updateUserRequestSchema,
} from "@/domain/schemas/users";
import { useCreateUser, useUpdateUser, useUserHoldings } from "./api";
import { releaseSummary } from "./release-summary";
import { describeUserSaveError } from "./user-errors";
import { userToast } from "./user-toasts";

interface UserFormValues {
  username: string;
  password: string;
  fullName: string;
  email: string;
  department: string;
  role: "admin" | "user";
  isActive: boolean;
}

const ROLE_OPTIONS = [
  { value: "user", label: "User" },
  { value: "admin", label: "Admin" },
] as const;

function toFormValues(user: UserResponse | null): UserFormValues {
  return {
    username: user?.username ?? "",
    password: "",
    fullName: user?.fullName ?? "",
    email: user?.email ?? "",
    department: user?.department ?? "",
    role: user?.role ?? "user",
    isActive: user?.isActive ?? true,
  };
}

export interface UserFormDialogProps {
  /** The user to edit; null to add one. */
  user: UserResponse | null;
  onOpenChange: (open: boolean) => void;
}

export function UserFormDialog({ user, onOpenChange }: UserFormDialogProps) {
  const editing = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const dialog = useFormDialog({
    // The request schemas read the form's strings (blank password, empty email...) themselves.
    schema: (editing ? updateUserRequestSchema : createUserRequestSchema) as z.ZodType<
      CreateUserRequest | UpdateUserRequest,
      UserFormValues
    >,
    defaultValues: toFormValues(user),
    run: (input) =>
      user
        ? updateUser.mutateAsync({ id: user.id, input })
        : createUser.mutateAsync(input as CreateUserRequest),
    success: (saved) => (editing ? userToast.updated : userToast.created)(saved.username),
    failure: describeUserSaveError,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;

  return (
    <FormDialog
      dialog={dialog}
      title={editing ? "Edit User" : "Add User"}
      description={
        editing
          ? "Change this person's details. Leave the password blank to keep the current one."
          : "Create an account for a member of your organization."
      }
      submitLabel={editing ? "Save Changes" : "Add User"}
      onOpenChange={onOpenChange}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Username" error={errors.username?.message}>
          {(field) => <Input {...field} {...register("username")} autoComplete="off" />}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          description={editing ? "Leave blank to keep the current password." : undefined}
        >
          {(field) => (
            <Input
              {...field}
              {...register("password")}
              type="password"
              autoComplete="new-password"
            />
          )}
        </FormField>
      </div>
      <FormField label="Full Name" error={errors.fullName?.message}>
        {(field) => <Input {...field} {...register("fullName")} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} {...register("email")} type="email" />}
      </FormField>
      <FormField label="Department" error={errors.department?.message}>
        {(field) => <Input {...field} {...register("department")} />}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Role" error={errors.role?.message}>
          {(field) => (
            <SelectField {...field} control={control} name="role" options={ROLE_OPTIONS} />
          )}
        </FormField>
        <FormField
          label="Active"
          orientation="horizontal"
          error={errors.isActive?.message}
          description="Inactive users cannot sign in."
          className="rounded-md border px-3 py-2"
        >
          {(field) => <SwitchField {...field} control={control} name="isActive" />}
        </FormField>
      </div>
      {user?.isActive && <DeactivationNote userId={user.id} control={control} />}
    </FormDialog>
  );
}

/**
 * Switching an active user off releases their hardware and office accounts when saved: say so,
 * with the server's counts, before the administrator confirms with Save Changes.
 */
function DeactivationNote({
  userId,
  control,
}: {
  userId: number;
  control: ReturnType<typeof useFormDialog<UserFormValues, unknown, unknown>>["form"]["control"];
}) {
  const active = useWatch({ control, name: "isActive" });
  const holdings = useUserHoldings(userId, !active);
  if (active) return null;
  const released = holdings.data ? releaseSummary(holdings.data, { seats: false }) : null;
  return (
    <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
      {holdings.isPending
        ? "Checking what this user holds..."
        : holdings.isError
          ? "Deactivating returns anything this user holds; it could not be counted."
          : `Deactivating signs this user out. ${released ?? "They hold no hardware or office accounts."}`}
    </p>
  );
}
