// Renewal (spec part 1, sections 3-5): the new expiry defaults to the previous one plus a payment
// period, the amount to the license's payment amount. The server sets the license's expiry (and
// key, when a new one is given) in the same transaction as it records the renewal.
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput } from "@/client/components/form/number-input";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { formatCalendarDate } from "@/client/lib/format";
import { todayIso } from "@/domain/dates";
import { createRenewalRequestSchema } from "@/domain/schemas/licenses";
import { useRenewLicense } from "./api";
import { type RenewableLicense, renewalValues } from "./license-form-values";
import { LicenseKeyInput } from "./license-key-input";
import { licenseFailure, licenseToast } from "./license-toasts";

export function RenewLicenseDialog({
  license,
  onOpenChange,
}: {
  license: RenewableLicense;
  onOpenChange(open: boolean): void;
}) {
  const renew = useRenewLicense();
  const dialog = useFormDialog({
    schema: createRenewalRequestSchema,
    defaultValues: renewalValues(license, todayIso()),
    run: (values) => renew.mutateAsync(values),
    success: () => licenseToast.renewed(license.name),
    failure: licenseFailure.renew,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors },
  } = dialog.form;

  return (
    <FormDialog
      dialog={dialog}
      title="Renew License"
      description={`Record the renewal of ${license.name}.`}
      submitLabel="Renew License"
      onOpenChange={onOpenChange}
    >
      <FormField label="Previous Expiry Date">
        {(f) => (
          <Input
            {...f}
            readOnly
            value={license.expiryDate ? formatCalendarDate(license.expiryDate) : "No expiry date"}
            className="bg-muted"
          />
        )}
      </FormField>
      <FormField label="New Expiry Date" error={errors.newExpiryDate?.message}>
        {(f) => <Input {...f} type="date" {...register("newExpiryDate")} />}
      </FormField>
      <FormField
        label={`Renewal Amount (${license.paymentCurrency})`}
        error={errors.renewalAmount?.message}
      >
        {(f) => <MoneyInput {...f} {...register("renewalAmount")} />}
      </FormField>
      <FormField
        label="New License Key (optional)"
        description="Leave blank to keep the current key."
        error={errors.newLicenseKey?.message}
      >
        {(f) => <LicenseKeyInput {...f} {...register("newLicenseKey")} />}
      </FormField>
      <FormField label="Notes" error={errors.notes?.message}>
        {(f) => <Textarea {...f} rows={3} {...register("notes")} />}
      </FormField>
    </FormDialog>
  );
}
