// Deactivating a client assignment records today's date and, if given, the reason.
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  type TrustReviewResponse,
  trustReviewStatusRequestSchema,
} from "@/domain/schemas/trust-reviews";
import { useSetTrustReviewActive } from "./api";
import { trustReviewFailure, trustReviewToast } from "./trust-review-toasts";

type Values = { isActive: boolean; cancellationReason: string };

export function DeactivateDialog({
  review,
  onOpenChange,
}: {
  review: TrustReviewResponse;
  onOpenChange(open: boolean): void;
}) {
  const setActive = useSetTrustReviewActive();
  const dialog = useFormDialog({
    schema: trustReviewStatusRequestSchema as z.ZodType<
      z.output<typeof trustReviewStatusRequestSchema>,
      Values
    >,
    defaultValues: { isActive: false, cancellationReason: "" },
    run: (input) => setActive.mutateAsync({ id: review.id, input }),
    success: () => trustReviewToast.status,
    failure: trustReviewFailure.status,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors },
  } = dialog.form;
  return (
    <FormDialog
      dialog={dialog}
      title="Deactivate Client Assignment"
      description={`${review.clientName} stops using ${review.license.name}; today is recorded as the cancellation date.`}
      submitLabel="Deactivate"
      busyLabel="Saving..."
      onOpenChange={onOpenChange}
    >
      <FormField label="Cancellation Reason" error={errors.cancellationReason?.message}>
        {(f) => <Input {...f} autoComplete="off" {...register("cancellationReason")} />}
      </FormField>
    </FormDialog>
  );
}
