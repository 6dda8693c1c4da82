// Assign Office Account (spec part 2, 'Office Accounts' and section 5): a person (by user id, which
// is what their own view of the accounts is matched by), the name shown as Assigned To, the device
// and the date.
import { useId, useRef } from "react";
import { Controller } from "react-hook-form";
import { FormAlert } from "@/client/components/form/form-alert";
import { FormDialog } from "@/client/components/form/form-dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { UserPicker } from "@/client/features/people-picker";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { todayIso } from "@/domain/dates";
import {
  type AccountResponse,
  type CreateAccountAssignmentRequestInput,
  createAccountAssignmentRequestSchema,
} from "@/domain/schemas/accounts";
import { accountFailure, accountToast } from "./account-toasts";
import { useAssignAccount } from "./api";

export function AssignAccountDialog({
  account,
  onOpenChange,
}: {
  account: AccountResponse;
  onOpenChange(open: boolean): void;
}) {
  const assign = useAssignAccount();
  const userErrorId = useId();
  // The name last filled into Assigned To from the picker, to tell it from one typed by hand.
  const filledName = useRef("");

  const dialog = useFormDialog({
    schema: createAccountAssignmentRequestSchema,
    defaultValues: {
      accountId: account.id,
      userId: undefined,
      assignedTo: "",
      deviceName: "",
      assignedDate: todayIso(),
      notes: "",
      isActive: true,
    } as CreateAccountAssignmentRequestInput & { userId: unknown },
    run: (values) => assign.mutateAsync(values),
    success: (assignment) => accountToast.assigned(account.email, assignment.assignedTo ?? ""),
    failure: accountFailure.assign,
    onDone: () => onOpenChange(false),
  });
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = dialog.form;

  return (
    <FormDialog
      dialog={dialog}
      title="Assign Office Account"
      description={`Give ${account.email} to a person and their device.`}
      submitLabel="Assign"
      busyLabel="Assigning..."
      onOpenChange={onOpenChange}
    >
      <div className="grid gap-2">
        <div aria-hidden="true" className="text-sm font-medium">
          User
        </div>
        {/* Only active people are offered: the server refuses the others too. */}
        <Controller
          control={control}
          name="userId"
          render={({ field }) => (
            <UserPicker
              label="User"
              invalid={errors.userId !== undefined}
              describedBy={errors.userId ? userErrorId : undefined}
              value={typeof field.value === "number" ? field.value : undefined}
              onChange={(user) => {
                // Assigned To starts as the chosen person's name; it stays editable.
                field.onChange(user.id);
                const typed = String(getValues("assignedTo") ?? "");
                if (typed === "" || typed === filledName.current) {
                  setValue("assignedTo", user.displayName, { shouldValidate: true });
                  filledName.current = user.displayName;
                }
              }}
            />
          )}
        />
        <FormAlert id={userErrorId}>{errors.userId?.message}</FormAlert>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Assigned To" error={errors.assignedTo?.message}>
          {(f) => <Input {...f} {...register("assignedTo")} />}
        </FormField>
        <FormField label="Device Name" error={errors.deviceName?.message}>
          {(f) => <Input {...f} {...register("deviceName")} />}
        </FormField>
      </div>
      <FormField label="Assigned Date" error={errors.assignedDate?.message}>
        {(f) => <Input {...f} type="date" {...register("assignedDate")} />}
      </FormField>
      <FormField label="Notes" error={errors.notes?.message}>
        {(f) => <Textarea {...f} rows={2} {...register("notes")} />}
      </FormField>
    </FormDialog>
  );
}
