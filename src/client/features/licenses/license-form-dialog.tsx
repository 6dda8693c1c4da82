// 'Add New License' / 'Edit License' (spec part 1, sections 2.7 and 5). Validation is the shared
// schema's, so the form shows the same messages the server would send.
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/client/components/form/form-alert";
import { FormDialogFooter } from "@/client/components/form/form-dialog-footer";
import { MoneyInput } from "@/client/components/form/money-input";
import { SelectField } from "@/client/components/form/select-field";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Switch } from "@/client/components/ui/switch";
import { Textarea } from "@/client/components/ui/textarea";
import { CURRENCIES } from "@/domain/money";
import { PAYMENT_FREQUENCIES } from "@/domain/recurrence";
import {
  LICENSE_TYPES,
  type LicenseDto,
  type LicenseFormInput,
  licenseFormSchema,
  RENEWAL_STATUSES,
  updateLicenseSchema,
} from "@/domain/schemas/licenses";
import { useCreateLicense, useUpdateLicense } from "./api";
import { titleCase } from "./license-display";
import { editLicenseValues, newLicenseValues } from "./license-form-values";
import { FAILURE, notify } from "./notify";
import { useServerProblem } from "./use-server-problem";

// Editing uses the same rules, except that a blank key keeps the stored one.
const editLicenseFormSchema = licenseFormSchema.extend({
  licenseKey: updateLicenseSchema.shape.licenseKey,
});
type LicenseFormOutput = z.output<typeof editLicenseFormSchema>;

const FIELDS = Object.keys(licenseFormSchema.shape);

const KEY_HINT = "This will be securely stored and masked by default.";

const titled = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: titleCase(value) }));
const LICENSE_TYPE_OPTIONS = titled(LICENSE_TYPES);
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const FREQUENCY_OPTIONS = titled(PAYMENT_FREQUENCIES);
const RENEWAL_STATUS_OPTIONS = titled(RENEWAL_STATUSES);

interface LicenseFormDialogProps {
  /** The license to edit; omitted to add a new one. */
  license?: LicenseDto;
  onOpenChange(open: boolean): void;
}

export function LicenseFormDialog({ license, onOpenChange }: LicenseFormDialogProps) {
  const editing = license !== undefined;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit License" : "Add New License"}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Change the details of ${license.name}.`
              : "Enter the details of the software license."}
          </DialogDescription>
        </DialogHeader>
        <LicenseForm license={license} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LicenseForm({ license, onDone }: { license?: LicenseDto; onDone(): void }) {
  const editing = license !== undefined;
  const create = useCreateLicense();
  const update = useUpdateLicense();

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LicenseFormInput, unknown, LicenseFormOutput>({
    // The edit schema only relaxes licenseKey, so both resolvers fit the same form.
    resolver: zodResolver(
      editing ? editLicenseFormSchema : licenseFormSchema,
    ) as unknown as Resolver<LicenseFormInput, unknown, LicenseFormOutput>,
    defaultValues: editing ? editLicenseValues(license) : newLicenseValues(),
  });

  const problem = useServerProblem(setError, FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      if (editing) {
        const saved = await update.mutateAsync({ id: license.id, body: values });
        notify.updated(saved.name);
      } else {
        // The create schema has required the key by now.
        const saved = await create.mutateAsync({ ...values, licenseKey: values.licenseKey ?? "" });
        notify.created(saved.name);
      }
      onDone();
    } catch (error) {
      notify.error(editing ? FAILURE.update : FAILURE.create);
      problem.show(error);
    }
  });

  const busy = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
            <Input
              {...f}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
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
          {(f) => <Input {...f} type="number" min={1} step={1} {...register("totalSeats")} />}
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
          label="Auto-renew"
          description="The vendor renews and charges this license automatically."
          orientation="horizontal"
          error={errors.autoRenew?.message}
          className="sm:col-span-2"
        >
          {(f) => (
            <Controller
              control={control}
              name="autoRenew"
              render={({ field }) => (
                <Switch
                  {...f}
                  checked={field.value === true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </FormField>

        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={3} {...register("notes")} />}
        </FormField>
      </div>

      <FormAlert>{problem.message}</FormAlert>

      <FormDialogFooter
        busy={busy}
        busyLabel="Saving..."
        submitLabel={editing ? "Save Changes" : "Add License"}
        onCancel={onDone}
      />
    </form>
  );
}
