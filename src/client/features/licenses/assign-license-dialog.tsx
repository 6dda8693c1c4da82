// Assign a seat of a license to a person (spec part 1, sections 2.7, 2.8 and 5). The server
// re-checks the seat count under a row lock; the dialog only keeps honest people from trying.
import { useId, useMemo } from "react";
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
  type AssignmentResponse,
  createAssignmentRequestSchema,
  type LicenseResponse,
} from "@/domain/schemas/licenses";
import { useAssignLicense } from "./api";
import { licenseFailure, licenseToast } from "./license-toasts";

export function AssignLicenseDialog({
  license,
  assignments,
  onOpenChange,
}: {
  license: LicenseResponse;
  /** Current assignments of this license, to mark who already holds a seat. */
  assignments: AssignmentResponse[];
  onOpenChange(open: boolean): void;
}) {
  const assign = useAssignLicense();
  const noSeats = license.seatsLeft <= 0;
  const userErrorId = useId();

  const holders = useMemo(
    () =>
      new Set(
        assignments.flatMap((assignment) =>
          assignment.isActive && assignment.userId !== null ? [assignment.userId] : [],
        ),
      ),
    [assignments],
  );

  const dialog = useFormDialog({
    schema: createAssignmentRequestSchema,
    defaultValues: {
      licenseId: license.id,
      userId: undefined,
      assignedDate: todayIso(),
      notes: "",
      isActive: true,
    },
    run: (values) => assign.mutateAsync(values),
    success: (assignment) => licenseToast.assigned(assignment.assignedTo),
    failure: licenseFailure.assign,
    onDone: () => onOpenChange(false),
  });
  const {
    control,
    register,
    formState: { errors },
  } = dialog.form;

  const seatsText = `${license.seatsLeft} of ${license.totalSeats} seat${license.totalSeats === 1 ? "" : "s"} available.`;

  return (
    <FormDialog
      dialog={dialog}
      title="Assign License"
      description={`Give a seat of ${license.name} to a user. ${seatsText}`}
      submitLabel="Assign"
      busyLabel="Assigning..."
      submitDisabled={noSeats}
      onOpenChange={onOpenChange}
    >
      {noSeats && (
        <FormAlert>
          No seats are left on this license. Unassign someone or add seats first.
        </FormAlert>
      )}
      <div className="grid gap-2">
        {/* cmdk names its search box itself (label="User"); this is the visible label. */}
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
              onChange={(user) => field.onChange(user.id)}
              unavailableIds={holders}
            />
          )}
        />
        <FormAlert id={userErrorId}>{errors.userId?.message}</FormAlert>
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
