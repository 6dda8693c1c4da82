// Renewal (spec part 1, sections 3-5): the new expiry defaults to the previous one plus a payment
// period, the amount to the license's payment amount. The server sets the license's expiry (and
// key, when a new one is given) in the same transaction as it records the renewal.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
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
import { Textarea } from "@/client/components/ui/textarea";
import { todayIso } from "@/domain/dates";
import { createRenewalSchema, type LicenseDto } from "@/domain/schemas/licenses";
import { useRenewLicense } from "./api";
import { formatCalendarDate } from "./license-display";
import { renewalValues } from "./license-form-values";
import { FAILURE, notify } from "./notify";
import { describeServerError } from "./server-errors";

type RenewalInput = z.input<typeof createRenewalSchema>;
type RenewalOutput = z.output<typeof createRenewalSchema>;

const FIELDS = Object.keys(createRenewalSchema.shape);

export function RenewLicenseDialog({
  license,
  onOpenChange,
}: {
  license: LicenseDto;
  onOpenChange(open: boolean): void;
}) {
  const renew = useRenewLicense();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RenewalInput, unknown, RenewalOutput>({
    resolver: zodResolver(createRenewalSchema),
    defaultValues: renewalValues(license, todayIso()),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormMessage(null);
    try {
      await renew.mutateAsync(values);
      notify.renewed(license.name);
      onOpenChange(false);
    } catch (error) {
      notify.error(FAILURE.renew);
      const problem = describeServerError(error, FIELDS);
      for (const { field, message } of problem.fieldErrors) {
        setError(field as keyof RenewalInput, { message });
      }
      setFormMessage(problem.message);
    }
  });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Renew License</DialogTitle>
          <DialogDescription>Record the renewal of {license.name}.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Previous Expiry Date">
            {(f) => (
              <Input
                {...f}
                readOnly
                value={
                  license.expiryDate ? formatCalendarDate(license.expiryDate) : "No expiry date"
                }
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
            {(f) => (
              <Input
                {...f}
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                {...register("renewalAmount")}
              />
            )}
          </FormField>
          <FormField
            label="New License Key (optional)"
            description="Leave blank to keep the current key."
            error={errors.newLicenseKey?.message}
          >
            {(f) => (
              <Input
                {...f}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...register("newLicenseKey")}
              />
            )}
          </FormField>
          <FormField label="Notes" error={errors.notes?.message}>
            {(f) => <Textarea {...f} rows={3} {...register("notes")} />}
          </FormField>

          {formMessage && (
            <p role="alert" className="text-sm text-destructive">
              {formMessage}
            </p>
          )}

          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={renew.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={renew.isPending}>
              {renew.isPending ? "Saving..." : "Renew License"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
