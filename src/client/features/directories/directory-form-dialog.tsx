// 'Add Directory' / 'Edit Directory' (spec part 2, 'Directory Management'). Editing also shows the
// listing's payment and price history.
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput } from "@/client/components/form/number-input";
import { SelectField } from "@/client/components/form/select-field";
import { SwitchField } from "@/client/components/form/switch-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { ItemHistory } from "@/client/features/activity";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { formatCalendarDate, formatMoney, formatTimestamp } from "@/client/lib/format";
import { directoryFrequencyLabel } from "@/domain/directories";
import { CURRENCIES, DIRECTORY_FREQUENCY_MONTHS } from "@/domain/enums";
import { createDirectoryRequestSchema, type DirectoryResponse } from "@/domain/schemas/directories";
import { useCreateDirectory, useDirectoryHistory, useUpdateDirectory } from "./api";
import {
  type DirectoryFormValues,
  editDirectoryValues,
  newDirectoryValues,
} from "./directory-form-values";
import { directoryFailure, directoryToast } from "./directory-toasts";

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const FREQUENCY_OPTIONS = DIRECTORY_FREQUENCY_MONTHS.map((months) => ({
  value: String(months),
  label: directoryFrequencyLabel(months),
}));

type DirectoryFormOutput = z.output<typeof createDirectoryRequestSchema>;

export function DirectoryFormDialog({
  directory,
  onOpenChange,
}: {
  directory?: DirectoryResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = directory !== undefined;
  const create = useCreateDirectory();
  const update = useUpdateDirectory();
  const dialog = useFormDialog({
    schema: createDirectoryRequestSchema as z.ZodType<DirectoryFormOutput, DirectoryFormValues>,
    defaultValues: editing ? editDirectoryValues(directory) : newDirectoryValues(),
    run: (values) =>
      editing
        ? update.mutateAsync({ id: directory.id, input: values })
        : create.mutateAsync(values),
    success: (saved) => (editing ? directoryToast.updated : directoryToast.created)(saved.name),
    failure: directoryFailure.save,
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
      title={editing ? "Edit Directory" : "Add Directory"}
      description={
        editing ? `Change the details of ${directory.name}.` : "Enter the directory listing."
      }
      submitLabel={editing ? "Save Changes" : "Add Directory"}
      busyLabel="Saving..."
      onOpenChange={onOpenChange}
      after={editing && <ItemHistory area="directories" itemId={directory.id} />}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Directory Name" error={errors.name?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("name")} />}
        </FormField>
        <FormField label="URL" error={errors.url?.message}>
          {(f) => (
            <Input
              {...f}
              type="url"
              placeholder="https://"
              autoComplete="off"
              {...register("url")}
            />
          )}
        </FormField>
        <FormField label="Location" error={errors.location?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("location")} />}
        </FormField>
        <FormField label="Payment Amount" error={errors.paymentAmount?.message}>
          {(f) => <MoneyInput {...f} {...register("paymentAmount")} />}
        </FormField>
        <FormField label="Currency" error={errors.paymentCurrency?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="paymentCurrency"
              options={CURRENCY_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="Payment Frequency" error={errors.paymentFrequencyMonths?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="paymentFrequencyMonths"
              options={FREQUENCY_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="Next Payment Date" error={errors.nextPaymentDate?.message}>
          {(f) => <Input {...f} type="date" {...register("nextPaymentDate")} />}
        </FormField>
        <div className="grid content-center gap-3">
          <FormField orientation="horizontal" label="One-time payment">
            {(f) => <SwitchField {...f} control={control} name="isOneTime" />}
          </FormField>
          <FormField orientation="horizontal" label="Cancelled">
            {(f) => <SwitchField {...f} control={control} name="isCancelled" />}
          </FormField>
        </div>
        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={2} {...register("notes")} />}
        </FormField>
      </div>
      {editing && <DirectoryHistory id={directory.id} />}
    </FormDialog>
  );
}

function DirectoryHistory({ id }: { id: number }) {
  const history = useDirectoryHistory(id);
  if (history.isError) {
    return <p className="text-sm text-destructive">Failed to load the payment history.</p>;
  }
  if (!history.data) return <p className="text-sm text-muted-foreground">Loading history...</p>;
  const { payments, priceChanges } = history.data;
  return (
    <section aria-label="Payment history" className="grid gap-2 text-sm">
      <h3 className="font-medium">Payment history</h3>
      {payments.length === 0 ? (
        <p className="text-muted-foreground">No payments recorded yet.</p>
      ) : (
        <ul className="grid gap-1">
          {payments.map((payment) => (
            <li key={payment.id} className="flex justify-between gap-4">
              <span>{formatCalendarDate(payment.paidOn)}</span>
              <span>{formatMoney(payment.amount, payment.currency)}</span>
            </li>
          ))}
        </ul>
      )}
      {priceChanges.length > 0 && (
        <>
          <h3 className="font-medium">Price changes</h3>
          <ul className="grid gap-1">
            {priceChanges.map((change) => (
              <li key={change.id} className="flex justify-between gap-4">
                <span>{formatTimestamp(change.changedAt)}</span>
                <span>
                  {formatMoney(change.previousAmount, change.previousCurrency)} →{" "}
                  {formatMoney(change.newAmount, change.newCurrency)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
