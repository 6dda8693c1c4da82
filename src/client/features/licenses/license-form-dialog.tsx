// 'Add New License' / 'Edit License' (spec part 1, sections 2.7 and 5). Validation is the shared
// schema's, so the form shows the same messages the server would send.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
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
import { describeServerError } from "./server-errors";

// Editing uses the same rules, except that a blank key keeps the stored one.
const editLicenseFormSchema = licenseFormSchema.extend({
  licenseKey: updateLicenseSchema.shape.licenseKey,
});
type LicenseFormOutput = z.output<typeof editLicenseFormSchema>;

const FIELDS = Object.keys(licenseFormSchema.shape);

const KEY_HINT = "This will be securely stored and masked by default.";

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
  const [formMessage, setFormMessage] = useState<string | null>(null);

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

  const fail = (error: unknown, failure: string) => {
    notify.error(failure);
    const problem = describeServerError(error, FIELDS);
    for (const { field, message } of problem.fieldErrors) {
      setError(field as keyof LicenseFormInput, { message });
    }
    setFormMessage(problem.message);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormMessage(null);
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
      fail(error, editing ? FAILURE.update : FAILURE.create);
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
            <Controller
              control={control}
              name="licenseType"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...f} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {LICENSE_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {titleCase(type)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
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
          {(f) => (
            <Input
              {...f}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              {...register("paymentAmount")}
            />
          )}
        </FormField>
        <FormField label="Currency" error={errors.paymentCurrency?.message}>
          {(f) => (
            <Controller
              control={control}
              name="paymentCurrency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...f} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {CURRENCIES.map((currency) => (
                      <SelectItem key={currency} value={currency}>
                        {currency}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>

        <FormField label="Payment Frequency" error={errors.paymentFrequency?.message}>
          {(f) => (
            <Controller
              control={control}
              name="paymentFrequency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...f} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PAYMENT_FREQUENCIES.map((frequency) => (
                      <SelectItem key={frequency} value={frequency}>
                        {titleCase(frequency)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
        <FormField label="Renewal Status" error={errors.renewalStatus?.message}>
          {(f) => (
            <Controller
              control={control}
              name="renewalStatus"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...f} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {RENEWAL_STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {titleCase(status)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
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

      {formMessage && (
        <p role="alert" className="text-sm text-destructive">
          {formMessage}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : editing ? "Save Changes" : "Add License"}
        </Button>
      </DialogFooter>
    </form>
  );
}
