// Assign a seat of a license to a person (spec part 1, sections 2.7, 2.8 and 5). The server
// re-checks the seat count under a row lock; the dialog only keeps honest people from trying.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/client/components/form/form-alert";
import { FormDialogFooter } from "@/client/components/form/form-dialog-footer";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Textarea } from "@/client/components/ui/textarea";
import { todayIso } from "@/domain/dates";
import {
  type AssignmentDto,
  createAssignmentSchema,
  type LicenseDto,
} from "@/domain/schemas/licenses";
import { useAssignLicense, useUsers } from "./api";
import { FAILURE, notify } from "./notify";
import { useServerProblem } from "./use-server-problem";
import { UserPicker } from "./user-picker";

type AssignmentInput = z.input<typeof createAssignmentSchema>;
type AssignmentOutput = z.output<typeof createAssignmentSchema>;

const FIELDS = Object.keys(createAssignmentSchema.shape);

export function AssignLicenseDialog({
  license,
  assignments,
  onOpenChange,
}: {
  license: LicenseDto;
  /** Current assignments of this license, to mark who already holds a seat. */
  assignments: AssignmentDto[];
  onOpenChange(open: boolean): void;
}) {
  const users = useUsers();
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
  // Inactive accounts cannot be given a seat (the server refuses them too).
  const candidates = useMemo(
    () => (users.data ?? []).filter((user) => user.isActive),
    [users.data],
  );

  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AssignmentInput, unknown, AssignmentOutput>({
    resolver: zodResolver(createAssignmentSchema),
    defaultValues: {
      licenseId: license.id,
      userId: undefined,
      assignedDate: todayIso(),
      notes: "",
      isActive: true,
    },
  });

  const problem = useServerProblem(setError, FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      const assignment = await assign.mutateAsync(values);
      notify.assigned(assignment.assignedTo);
      onOpenChange(false);
    } catch (error) {
      notify.error(FAILURE.assign);
      problem.show(error);
    }
  });

  const seatsText = `${license.seatsLeft} of ${license.totalSeats} seat${license.totalSeats === 1 ? "" : "s"} available.`;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign License</DialogTitle>
          <DialogDescription>
            Give a seat of {license.name} to a user. {seatsText}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
            {users.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : users.isError ? (
              <FormAlert>Failed to load users. {users.error.message}</FormAlert>
            ) : (
              <Controller
                control={control}
                name="userId"
                render={({ field }) => (
                  <UserPicker
                    label="User"
                    invalid={errors.userId !== undefined}
                    describedBy={errors.userId ? userErrorId : undefined}
                    users={candidates}
                    value={typeof field.value === "number" ? field.value : undefined}
                    onChange={field.onChange}
                    unavailableIds={holders}
                  />
                )}
              />
            )}
            <FormAlert id={userErrorId}>{errors.userId?.message}</FormAlert>
          </div>
          <FormField label="Assigned Date" error={errors.assignedDate?.message}>
            {(f) => <Input {...f} type="date" {...register("assignedDate")} />}
          </FormField>
          <FormField label="Notes" error={errors.notes?.message}>
            {(f) => <Textarea {...f} rows={2} {...register("notes")} />}
          </FormField>

          <FormAlert>{problem.message}</FormAlert>

          <FormDialogFooter
            busy={assign.isPending}
            busyLabel="Assigning..."
            submitLabel="Assign"
            submitDisabled={noSeats}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
