// 'Add Client Assignment' / 'Edit Client Assignment'. Payment fields show only for paying and
// partial clients, cancellation date and reason only for an inactive assignment (spec part 2,
// section 4). The Domain field is real: stored, validated and searched.
import { useWatch } from "react-hook-form";
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
import { todayIso } from "@/domain/dates";
import { CURRENCIES } from "@/domain/enums";
import {
  createTrustReviewRequestSchema,
  type TrustReviewResponse,
} from "@/domain/schemas/trust-reviews";
import { useCreateTrustReview, useLicenseChoices, useUpdateTrustReview } from "./api";
import { APPROVAL_LABELS, PAYMENT_STATUS_LABELS } from "./trust-review-labels";
import { trustReviewFailure, trustReviewToast } from "./trust-review-toasts";

interface FormValues {
  licenseId: string;
  clientName: string;
  domain: string;
  assignedDate: string;
  paymentStatus: TrustReviewResponse["paymentStatus"];
  clientPaymentAmount: string;
  clientPaymentCurrency: TrustReviewResponse["clientPaymentCurrency"];
  paymentFrequency: TrustReviewResponse["paymentFrequency"];
  lastPaymentDate: string;
  nextPaymentDate: string;
  isActive: boolean;
  cancellationRequestDate: string;
  cancellationReason: string;
  approvalStatus: TrustReviewResponse["approvalStatus"];
  notes: string;
}

const valuesOf = (review?: TrustReviewResponse): FormValues => ({
  licenseId: review ? String(review.licenseId) : "",
  clientName: review?.clientName ?? "",
  domain: review?.domain ?? "",
  assignedDate: review?.assignedDate ?? todayIso(),
  paymentStatus: review?.paymentStatus ?? "not_paying",
  clientPaymentAmount:
    review?.clientPaymentAmount === null || review === undefined
      ? ""
      : String(review.clientPaymentAmount),
  clientPaymentCurrency: review?.clientPaymentCurrency ?? "AUD",
  paymentFrequency: review?.paymentFrequency ?? "monthly",
  lastPaymentDate: review?.lastPaymentDate ?? "",
  nextPaymentDate: review?.nextPaymentDate ?? "",
  isActive: review?.isActive ?? true,
  cancellationRequestDate: review?.cancellationRequestDate ?? "",
  cancellationReason: review?.cancellationReason ?? "",
  approvalStatus: review?.approvalStatus ?? "pending",
  notes: review?.notes ?? "",
});

const options = <V extends string>(labels: Record<V, string>) =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const FREQUENCY_OPTIONS = [
  { value: "monthly", label: "Monthly" },
  { value: "annually", label: "Annually" },
];

type Output = z.output<typeof createTrustReviewRequestSchema>;

export function TrustReviewFormDialog({
  review,
  onOpenChange,
}: {
  review?: TrustReviewResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = review !== undefined;
  const create = useCreateTrustReview();
  const update = useUpdateTrustReview();
  const licenses = useLicenseChoices();
  const dialog = useFormDialog({
    schema: createTrustReviewRequestSchema as unknown as z.ZodType<Output, FormValues>,
    defaultValues: valuesOf(review),
    run: (values) =>
      editing ? update.mutateAsync({ id: review.id, input: values }) : create.mutateAsync(values),
    success: () => (editing ? trustReviewToast.updated : trustReviewToast.added),
    failure: editing ? trustReviewFailure.update : trustReviewFailure.add,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;
  const paymentStatus = useWatch({ control, name: "paymentStatus" });
  const isActive = useWatch({ control, name: "isActive" });
  const pays = paymentStatus === "paying" || paymentStatus === "partial";
  const licenseOptions = (licenses.data ?? []).map((license) => ({
    value: String(license.id),
    label: license.name,
  }));

  return (
    <FormDialog
      dialog={dialog}
      title={editing ? "Edit Client Assignment" : "Add Client Assignment"}
      description="A client using one of the agency's licenses."
      submitLabel={editing ? "Save Changes" : "Add Assignment"}
      busyLabel="Saving..."
      onOpenChange={onOpenChange}
      after={editing && <ItemHistory area="trust_reviews" itemId={review.id} />}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="License" error={errors.licenseId?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="licenseId"
              options={licenseOptions}
              placeholder="Select a license"
            />
          )}
        </FormField>
        <FormField label="Client Name" error={errors.clientName?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("clientName")} />}
        </FormField>
        <FormField label="Domain" error={errors.domain?.message}>
          {(f) => (
            <Input {...f} placeholder="example.com" autoComplete="off" {...register("domain")} />
          )}
        </FormField>
        <FormField label="Assigned Date" error={errors.assignedDate?.message}>
          {(f) => <Input {...f} type="date" {...register("assignedDate")} />}
        </FormField>
        <FormField label="Payment Status" error={errors.paymentStatus?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="paymentStatus"
              options={options(PAYMENT_STATUS_LABELS)}
            />
          )}
        </FormField>
        <FormField label="Approval Status" error={errors.approvalStatus?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="approvalStatus"
              options={options(APPROVAL_LABELS)}
            />
          )}
        </FormField>
        {pays && (
          <>
            <FormField label="Payment Amount" error={errors.clientPaymentAmount?.message}>
              {(f) => <MoneyInput {...f} {...register("clientPaymentAmount")} />}
            </FormField>
            <FormField label="Currency" error={errors.clientPaymentCurrency?.message}>
              {(f) => (
                <SelectField
                  {...f}
                  control={control}
                  name="clientPaymentCurrency"
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
            <FormField label="Last Payment Date" error={errors.lastPaymentDate?.message}>
              {(f) => <Input {...f} type="date" {...register("lastPaymentDate")} />}
            </FormField>
            <FormField label="Next Payment Date" error={errors.nextPaymentDate?.message}>
              {(f) => <Input {...f} type="date" {...register("nextPaymentDate")} />}
            </FormField>
          </>
        )}
        <FormField orientation="horizontal" label="Active">
          {(f) => <SwitchField {...f} control={control} name="isActive" />}
        </FormField>
        {!isActive && (
          <>
            <FormField
              label="Cancellation Request Date"
              error={errors.cancellationRequestDate?.message}
            >
              {(f) => <Input {...f} type="date" {...register("cancellationRequestDate")} />}
            </FormField>
            <FormField label="Cancellation Reason" error={errors.cancellationReason?.message}>
              {(f) => <Input {...f} autoComplete="off" {...register("cancellationReason")} />}
            </FormField>
          </>
        )}
        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={2} {...register("notes")} />}
        </FormField>
      </div>
    </FormDialog>
  );
}
