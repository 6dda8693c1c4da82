// 'Add G Suite Account' / 'Edit G Suite Account' (spec part 2, sections 5 and 7). Defaults: the
// first (default) organization, price 0, AUD, monthly, active, unassigned.
import { useState } from "react";
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput } from "@/client/components/form/number-input";
import { SelectField } from "@/client/components/form/select-field";
import { Button } from "@/client/components/ui/button";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { ItemHistory } from "@/client/features/activity";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { titleCase } from "@/client/lib/format";
import {
  type BillingCycle,
  GSUITE_ACCOUNT_STATUSES,
  type GsuiteAccountStatus,
  type GsuiteCurrency,
} from "@/domain/enums";
import {
  type CreateGsuiteAccountRequest,
  createGsuiteAccountRequestSchema,
  type GsuiteAccountResponse,
  type GsuiteUserResponse,
} from "@/domain/schemas/gsuite";
import { useCreateAccount, useOrganizations, usePlans, useUpdateAccount } from "./api";
import { gsuiteFailure, gsuiteToast } from "./gsuite-toasts";
import { CURRENCY_OPTIONS, CYCLE_OPTIONS } from "./plan-form-dialog";
import { UserSearchPicker } from "./user-search-picker";

/** What the form holds: text as typed; the schema turns it into the request. */
interface AccountFormValues {
  email: string;
  password: string;
  organizationId: string;
  planType: string;
  price: string;
  paymentCurrency: GsuiteCurrency;
  paymentFrequency: BillingCycle;
  assignedToUserId: number | null;
  status: GsuiteAccountStatus;
  notes: string;
}

const accountFormSchema = createGsuiteAccountRequestSchema as unknown as z.ZodType<
  CreateGsuiteAccountRequest,
  AccountFormValues
>;

const STATUS_OPTIONS = GSUITE_ACCOUNT_STATUSES.map((value) => ({ value, label: titleCase(value) }));

export function AccountFormDialog({
  account,
  onOpenChange,
}: {
  account?: GsuiteAccountResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = account !== undefined;
  const organizations = useOrganizations();
  const plans = usePlans();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const [assignee, setAssignee] = useState<Pick<GsuiteUserResponse, "id" | "displayName"> | null>(
    account?.assignedToUserId
      ? { id: account.assignedToUserId, displayName: account.assignedToName ?? "" }
      : null,
  );
  const [choosing, setChoosing] = useState(false);

  const defaultOrganization = organizations.data?.find((o) => o.isDefault);
  const defaultValues: AccountFormValues = {
    email: account?.email ?? "",
    password: "",
    organizationId: account?.organizationId
      ? String(account.organizationId)
      : defaultOrganization
        ? String(defaultOrganization.id)
        : "",
    planType: account?.planType ?? "",
    price: account ? String(account.price) : "0",
    paymentCurrency: account?.paymentCurrency ?? "AUD",
    paymentFrequency: account?.paymentFrequency ?? "monthly",
    assignedToUserId: account?.assignedToUserId ?? null,
    status: account?.status ?? "active",
    notes: account?.notes ?? "",
  };
  const dialog = useFormDialog({
    schema: accountFormSchema,
    defaultValues,
    run: (values) =>
      editing ? update.mutateAsync({ id: account.id, body: values }) : create.mutateAsync(values),
    success: () => (editing ? gsuiteToast.accountUpdated : gsuiteToast.accountAdded),
    failure: editing ? gsuiteFailure.updateAccount : gsuiteFailure.addAccount,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;

  const organizationOptions = (organizations.data ?? []).map((o) => ({
    value: String(o.id),
    label: o.domain,
  }));
  const planNames = (plans.data ?? []).map((plan) => plan.name);
  if (account && !planNames.includes(account.planType)) planNames.push(account.planType);
  const planOptions = planNames.map((name) => ({ value: name, label: name }));

  return (
    <FormDialog
      dialog={dialog}
      title={editing ? "Edit G Suite Account" : "Add G Suite Account"}
      description={
        editing ? `Change the details of ${account.email}.` : "A Google Workspace e-mail account."
      }
      submitLabel={editing ? "Save Changes" : "Add Account"}
      onOpenChange={onOpenChange}
      after={editing && <ItemHistory area="gsuite" itemId={account.id} />}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" error={errors.email?.message}>
          {(f) => <Input {...f} type="email" autoComplete="off" {...register("email")} />}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          description={editing ? "Leave blank to keep the current password." : "Stored encrypted."}
        >
          {(f) => (
            <Input {...f} type="password" autoComplete="new-password" {...register("password")} />
          )}
        </FormField>
        <FormField label="Organization" error={errors.organizationId?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="organizationId"
              options={organizationOptions}
              placeholder="Select an organization"
            />
          )}
        </FormField>
        <FormField label="Plan Type" error={errors.planType?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="planType"
              options={planOptions}
              placeholder="Select a plan"
            />
          )}
        </FormField>
        <FormField label="Price" error={errors.price?.message}>
          {(f) => <MoneyInput {...f} {...register("price")} />}
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
        <FormField label="Frequency" error={errors.paymentFrequency?.message}>
          {(f) => (
            <SelectField {...f} control={control} name="paymentFrequency" options={CYCLE_OPTIONS} />
          )}
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          {(f) => <SelectField {...f} control={control} name="status" options={STATUS_OPTIONS} />}
        </FormField>
        <Controller
          control={control}
          name="assignedToUserId"
          render={({ field }) => (
            <div className="grid gap-2 sm:col-span-2">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">
                  Assigned To: {assignee ? assignee.displayName : "Unassigned"}
                </span>
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setChoosing(!choosing)}
                  >
                    {choosing ? "Done" : "Choose user"}
                  </Button>
                  {assignee && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setAssignee(null);
                        field.onChange(null);
                      }}
                    >
                      Unassign
                    </Button>
                  )}
                </div>
              </div>
              {choosing && (
                <UserSearchPicker
                  label="Assign to user"
                  value={null}
                  onChange={(user) => {
                    setAssignee(user);
                    field.onChange(user.id);
                    setChoosing(false);
                  }}
                  filter={{ active: true }}
                />
              )}
            </div>
          )}
        />
        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={2} {...register("notes")} />}
        </FormField>
      </div>
    </FormDialog>
  );
}
