// Renewal (spec part 1, sections 3-5): the new expiry defaults to the previous one plus a payment
// period, the amount to the license's payment amount. The server sets the license's expiry (and
// key, when a new one is given) in the same transaction as it records the renewal.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/client/components/form/form-alert";
import { FormDialogFooter } from "@/client/components/form/form-dialog-footer";
import { MoneyInput } from "@/client/components/form/money-input";
import {
  Dialog,
  DialogContent,
  DialogDescription,
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
import { useServerProblem } from "./use-server-problem";

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RenewalInput, unknown, RenewalOutput>({
    resolver: zodResolver(createRenewalSchema),
    defaultValues: renewalValues(license, todayIso()),
  });

  const problem = useServerProblem(setError, FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      await renew.mutateAsync(values);
      notify.renewed(license.name);
      onOpenChange(false);
    } catch (error) {
      notify.error(FAILURE.renew);
      problem.show(error);
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
            {(f) => <MoneyInput {...f} {...register("renewalAmount")} />}
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

          <FormAlert>{problem.message}</FormAlert>

          <FormDialogFooter
            busy={renew.isPending}
            busyLabel="Saving..."
            submitLabel="Renew License"
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
