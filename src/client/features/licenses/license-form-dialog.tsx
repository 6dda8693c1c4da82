// 'Add New License' / 'Edit License' (spec part 1, sections 2.7 and 5). Validation is the shared
// schema's, so the form shows the same messages the server would send.
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput, NumberInput } from "@/client/components/form/number-input";
import { SelectField } from "@/client/components/form/select-field";
import { SwitchField } from "@/client/components/form/switch-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { ItemHistory } from "@/client/features/activity";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { titleCase } from "@/client/lib/format";
import { CURRENCIES, LICENSE_TYPES, PAYMENT_FREQUENCIES, RENEWAL_STATUSES } from "@/domain/enums";
import {
  createLicenseRequestSchema,
  type LicenseResponse,
  updateLicenseRequestSchema,
} from "@/domain/schemas/licenses";
import { useCreateLicense, useUpdateLicense } from "./api";
import { editLicenseValues, type LicenseFormValues, newLicenseValues } from "./license-form-values";
import { LicenseKeyInput } from "./license-key-input";
import { licenseFailure, licenseToast } from "./license-toasts";

// Editing uses the same rules, except that a blank key keeps the stored one.
const editLicenseFormSchema = createLicenseRequestSchema.extend({
  licenseKey: updateLicenseRequestSchema.shape.licenseKey,
});
type LicenseFormOutput = z.output<typeof editLicenseFormSchema>;

const KEY_HINT = "This will be securely stored and masked by default.";

const titled = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: titleCase(value) }));
const LICENSE_TYPE_OPTIONS = titled(LICENSE_TYPES);
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const FREQUENCY_OPTIONS = titled(PAYMENT_FREQUENCIES);
const RENEWAL_STATUS_OPTIONS = titled(RENEWAL_STATUSES);

interface LicenseFormDialogProps {
  /** The license to edit; omitted to add a new one. */
  license?: LicenseResponse;
  onOpenChange(open: boolean): void;
}

export function LicenseFormDialog({ license, onOpenChange }: LicenseFormDialogProps) {
  const editing = license !== undefined;
  const create = useCreateLicense();
  const update = useUpdateLicense();

  const dialog = useFormDialog({
    // The edit schema only relaxes licenseKey, so both fit the same form.
    schema: (editing ? editLicenseFormSchema : createLicenseRequestSchema) as z.ZodType<
      LicenseFormOutput,
      LicenseFormValues
    >,
    defaultValues: editing ? editLicenseValues(license) : newLicenseValues(),
    run: (values) =>
      editing
        ? update.mutateAsync({ id: license.id, body: values })
        : // The create schema has required the key by now.
          create.mutateAsync({ ...values, licenseKey: values.licenseKey ?? "" }),
    success: (saved) => (editing ? licenseToast.updated : licenseToast.created)(saved.name),
    failure: editing ? licenseFailure.update : licenseFailure.create,
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
      title={editing ? "Edit License" : "Add New License"}
      description={
        editing
          ? `Change the details of ${license.name}.`
          : "Enter the details of the software license."
      }
      submitLabel={editing ? "Save Changes" : "Add License"}
      onOpenChange={onOpenChange}
      after={editing && <ItemHistory area="licenses" itemId={license.id} />}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="License Name" error={errors.name?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("name")} />}
        </FormField>
        <FormField label="Product" error={errors.product?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("product")} />}
        </FormField>

        <FormField
          label="License Key"
          error={errors.licenseKey?.message}
          description={KEY_HINT}
          className="sm:col-span-2"
        >
          {(f) => (
            <LicenseKeyInput
              {...f}
              placeholder={
                editing
                  ? `Leave blank to keep the current key (${license.licenseKeyMasked})`
                  : "XXXX-XXXX-XXXX-XXXX"
              }
              {...register("licenseKey")}
            />
          )}
        </FormField>

        <FormField label="License Type" error={errors.licenseType?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="licenseType"
              options={LICENSE_TYPE_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="Total Seats" error={errors.totalSeats?.message}>
          {(f) => <NumberInput {...f} {...register("totalSeats")} />}
        </FormField>
        <FormField
          label="Low-seat alert at"
          description="Alert when available seats fall to this number or below. Blank: no alert."
          error={errors.lowSeatThreshold?.message}
        >
          {(f) => <NumberInput {...f} {...register("lowSeatThreshold")} />}
        </FormField>

        <FormField label="Account Username" error={errors.username?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("username")} />}
        </FormField>
        <FormField label="Order ID" error={errors.orderId?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("orderId")} />}
        </FormField>

        <FormField label="Purchase Date" error={errors.purchaseDate?.message}>
          {(f) => <Input {...f} type="date" {...register("purchaseDate")} />}
        </FormField>
        <FormField label="Expiry Date" error={errors.expiryDate?.message}>
          {(f) => <Input {...f} type="date" {...register("expiryDate")} />}
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

        <FormField label="Payment Frequency" error={errors.paymentFrequency?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="paymentFrequency"
              options={FREQUENCY_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="Renewal Status" error={errors.renewalStatus?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="renewalStatus"
              options={RENEWAL_STATUS_OPTIONS}
            />
          )}
        </FormField>

        <FormField
          label="Status"
          description="Free text kept with the license, shown on its row."
          error={errors.status?.message}
          className="sm:col-span-2"
        >
          {(f) => <Input {...f} autoComplete="off" {...register("status")} />}
        </FormField>

        <FormField
          label="Auto-renew"
          description="The vendor renews and charges this license automatically."
          orientation="horizontal"
          error={errors.autoRenew?.message}
          className="sm:col-span-2"
        >
          {(f) => <SwitchField {...f} control={control} name="autoRenew" />}
        </FormField>

        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={3} {...register("notes")} />}
        </FormField>
      </div>
    </FormDialog>
  );
}
