// Add/Edit User (spec part 2, 'Users' and section 5), validated with the same schemas the server uses.
import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { SelectField } from "@/client/components/form/select-field";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { ApiError } from "@/client/lib/api-client";
import {
  type CreateUserRequest,
  createUserSchema,
  type UpdateUserRequest,
  type UserDto,
  updateUserSchema,
} from "@/domain/schemas/users";
import { useCreateUser, useUpdateUser } from "./api";
import { describeUserSaveError } from "./user-errors";

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

const FIELDS = new Set<keyof UserFormValues>([
  "username",
  "password",
  "fullName",
  "email",
  "department",
  "role",
  "isActive",
]);

function toFormValues(user: UserDto | null): UserFormValues {
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to edit; null to add one. */
  user: UserDto | null;
}

export function UserFormDialog({ open, onOpenChange, user }: UserFormDialogProps) {
  const editing = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const form = useForm<UserFormValues, unknown, CreateUserRequest | UpdateUserRequest>({
    resolver: zodResolver(editing ? updateUserSchema : createUserSchema) as unknown as Resolver<
      UserFormValues,
      unknown,
      CreateUserRequest | UpdateUserRequest
    >,
    defaultValues: toFormValues(user),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;

  React.useEffect(() => {
    if (open) reset(toFormValues(user));
  }, [open, user, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (user) {
        const saved = await updateUser.mutateAsync({ id: user.id, input });
        toast.success("User updated", {
          description: `${saved.username} has been updated successfully.`,
        });
      } else {
        const saved = await createUser.mutateAsync(input as CreateUserRequest);
        toast.success("User created", {
          description: `${saved.username} has been added successfully.`,
        });
      }
      onOpenChange(false);
    } catch (error) {
      // Field problems the server found (e.g. a taken username) go next to the field as well.
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          if (FIELDS.has(item.path as keyof UserFormValues)) {
            setError(item.path as keyof UserFormValues, { message: item.message });
          }
        }
      }
      const { title, description } = describeUserSaveError(error);
      toast.error(title, { description });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit User" : "Add User"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Change this person's details. Leave the password blank to keep the current one."
              : "Create an account for a member of your organization."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
              {(field) => (
                <Controller
                  control={control}
                  name="isActive"
                  render={({ field: { value, onChange } }) => (
                    <Switch {...field} checked={value} onCheckedChange={onChange} />
                  )}
                />
              )}
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving..." : editing ? "Save Changes" : "Add User"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
