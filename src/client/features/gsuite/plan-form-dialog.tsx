// 'Add Plan' and its edit (spec part 2, section 5): name, description, base price, currency and
// billing frequency.
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput } from "@/client/components/form/number-input";
import { SelectField } from "@/client/components/form/select-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { titleCase } from "@/client/lib/format";
import { BILLING_CYCLES, GSUITE_CURRENCIES } from "@/domain/enums";
import { type PlanFormInput, type PlanResponse, planFormSchema } from "@/domain/schemas/gsuite";
import { useCreatePlan, useUpdatePlan } from "./api";
import { gsuiteFailure, gsuiteToast } from "./gsuite-toasts";

export const CURRENCY_OPTIONS = GSUITE_CURRENCIES.map((value) => ({ value, label: value }));
export const CYCLE_OPTIONS = BILLING_CYCLES.map((value) => ({ value, label: titleCase(value) }));

export function PlanFormDialog({
  plan,
  onOpenChange,
}: {
  plan?: PlanResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = plan !== undefined;
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const defaultValues: PlanFormInput = {
    name: plan?.name ?? "",
    description: plan?.description ?? "",
    basePrice: plan ? String(plan.basePrice) : "",
    currency: plan?.currency ?? "AUD",
    billingCycle: plan?.billingCycle ?? "monthly",
    features: plan?.features ?? [],
  };
  const dialog = useFormDialog({
    schema: planFormSchema,
    defaultValues: defaultValues as never,
    run: (values) =>
      editing ? update.mutateAsync({ id: plan.id, body: values }) : create.mutateAsync(values),
    success: () => (editing ? gsuiteToast.planUpdated : gsuiteToast.planAdded),
    failure: editing ? gsuiteFailure.updatePlan : gsuiteFailure.addPlan,
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
      title={editing ? "Edit Plan" : "Add Plan"}
      description={
        editing ? `Change the details of ${plan.name}.` : "A G Suite plan and its price per user."
      }
      submitLabel={editing ? "Save Changes" : "Add Plan"}
      onOpenChange={onOpenChange}
    >
      <FormField label="Plan Name" error={errors.name?.message}>
        {(f) => <Input {...f} autoComplete="off" {...register("name")} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(f) => <Textarea {...f} rows={2} {...register("description")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Base Price" error={errors.basePrice?.message}>
          {(f) => <MoneyInput {...f} placeholder="0.00" {...register("basePrice")} />}
        </FormField>
        <FormField label="Currency" error={errors.currency?.message}>
          {(f) => (
            <SelectField {...f} control={control} name="currency" options={CURRENCY_OPTIONS} />
          )}
        </FormField>
        <FormField label="Billing Frequency" error={errors.billingCycle?.message}>
          {(f) => (
            <SelectField {...f} control={control} name="billingCycle" options={CYCLE_OPTIONS} />
          )}
        </FormField>
      </div>
    </FormDialog>
  );
}
