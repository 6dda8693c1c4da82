// Record payment: the listing's next payment moves forward by its frequency (a one-time listing
// is then paid), and the payment joins its history.
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput } from "@/client/components/form/number-input";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { todayIso } from "@/domain/dates";
import {
  type DirectoryResponse,
  recordDirectoryPaymentRequestSchema,
} from "@/domain/schemas/directories";
import { useRecordDirectoryPayment } from "./api";
import { directoryFailure, directoryToast } from "./directory-toasts";

type PaymentValues = { paidOn: string; amount: string };

export function RecordPaymentDialog({
  directory,
  onOpenChange,
}: {
  directory: DirectoryResponse;
  onOpenChange(open: boolean): void;
}) {
  const record = useRecordDirectoryPayment();
  const dialog = useFormDialog({
    schema: recordDirectoryPaymentRequestSchema as z.ZodType<
      z.output<typeof recordDirectoryPaymentRequestSchema>,
      PaymentValues
    >,
    defaultValues: {
      paidOn: todayIso(),
      amount: directory.paymentAmount === null ? "" : String(directory.paymentAmount),
    },
    run: (values) => record.mutateAsync({ id: directory.id, input: values }),
    success: () => directoryToast.paid(directory.name),
    failure: directoryFailure.payment,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors },
  } = dialog.form;
  return (
    <FormDialog
      dialog={dialog}
      title="Record Payment"
      description={`A payment for ${directory.name} in ${directory.paymentCurrency}.`}
      submitLabel="Record Payment"
      busyLabel="Saving..."
      onOpenChange={onOpenChange}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Payment Date" error={errors.paidOn?.message}>
          {(f) => <Input {...f} type="date" {...register("paidOn")} />}
        </FormField>
        <FormField label="Amount Paid" error={errors.amount?.message}>
          {(f) => <MoneyInput {...f} {...register("amount")} />}
        </FormField>
      </div>
    </FormDialog>
  );
}
