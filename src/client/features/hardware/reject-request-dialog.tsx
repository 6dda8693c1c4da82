// Reject a hardware request with a reason, in a dialog rather than the spec's browser prompt.
import { FormDialog } from "@/client/components/form/form-dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Textarea } from "@/client/components/ui/textarea";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  type HardwareRequestResponse,
  rejectHardwareRequestRequestSchema,
} from "@/domain/schemas/hardware";
import { useRejectHardwareRequest } from "./api";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";

export function RejectRequestDialog({
  request,
  onOpenChange,
}: {
  request: HardwareRequestResponse;
  onOpenChange(open: boolean): void;
}) {
  const reject = useRejectHardwareRequest();
  const dialog = useFormDialog({
    schema: rejectHardwareRequestRequestSchema,
    defaultValues: { reason: "" },
    run: (values) => reject.mutateAsync({ id: request.id, reason: values.reason }),
    success: hardwareToast.rejected,
    failure: hardwareFailure.reject,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors },
  } = dialog.form;
  const what = request.hardwareName ?? request.name ?? "this item";
  return (
    <FormDialog
      dialog={dialog}
      title="Reject Request"
      description={`Reject ${request.requestedByName}'s request for ${what}. The reason is shown to them.`}
      submitLabel="Reject"
      busyLabel="Rejecting..."
      onOpenChange={onOpenChange}
    >
      <FormField label="Reason for rejection" error={errors.reason?.message}>
        {(f) => <Textarea {...f} rows={3} {...register("reason")} />}
      </FormField>
    </FormDialog>
  );
}
