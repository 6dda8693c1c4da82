// Add New Office Account / Edit Office Account (spec part 2, 'Office Accounts' and section 5),
// validated with the schemas the server uses. Editing is this server's addition: a blank
// password keeps the stored one.
import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { MoneyInput } from "@/client/components/form/number-input";
import { SelectField } from "@/client/components/form/select-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { ItemHistory } from "@/client/features/activity";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { ACCOUNT_PROVIDERS, ACCOUNT_STATUSES, CURRENCIES } from "@/domain/enums";
import {
  type AccountResponse,
  type CreateAccountRequest,
  createAccountRequestSchema,
  type UpdateAccountRequest,
  updateAccountRequestSchema,
} from "@/domain/schemas/accounts";
import { PROVIDER_LABELS, STATUS_LABELS } from "./account-labels";
import { accountFailure, accountToast } from "./account-toasts";
import { useCreateAccount, useUpdateAccount } from "./api";

interface AccountFormValues {
  email: string;
  password: string;
  provider: string;
  status: string;
  paymentMethod: string;
  paymentDetails: string;
  renewalDate: string;
  paymentAmount: string;
  paymentCurrency: string;
  notes: string;
}

const PROVIDER_OPTIONS = ACCOUNT_PROVIDERS.map((value) => ({
  value,
  label: PROVIDER_LABELS[value],
}));
const STATUS_OPTIONS = ACCOUNT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value }));

function toFormValues(account: AccountResponse | undefined): AccountFormValues {
  return {
    email: account?.email ?? "",
    password: "",
    provider: account?.provider ?? "",
    status: account?.status ?? "active",
    paymentMethod: account?.paymentMethod ?? "",
    paymentDetails: account?.paymentDetails ?? "",
    renewalDate: account?.renewalDate ?? "",
    paymentAmount: account?.paymentAmount === null || !account ? "" : String(account.paymentAmount),
    paymentCurrency: account?.paymentCurrency ?? "AUD",
    notes: account?.notes ?? "",
  };
}

export function AccountFormDialog({
  account,
  onOpenChange,
}: {
  /** The account to edit; omitted to add one. */
  account?: AccountResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = account !== undefined;
  const create = useCreateAccount();
  const update = useUpdateAccount();

  const dialog = useFormDialog({
    schema: (editing ? updateAccountRequestSchema : createAccountRequestSchema) as z.ZodType<
      CreateAccountRequest | UpdateAccountRequest,
      AccountFormValues
    >,
    defaultValues: toFormValues(account),
    run: (input) =>
      editing
        ? update.mutateAsync({ id: account.id, input })
        : create.mutateAsync(input as CreateAccountRequest),
    success: (saved) => (editing ? accountToast.updated : accountToast.added)(saved.email),
    failure: editing ? accountFailure.update : accountFailure.add,
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
      title={editing ? "Edit Office Account" : "Add New Office Account"}
      description={
        editing
          ? `Change the details of ${account.email}. Leave the password blank to keep it.`
          : "Enter the account's sign-in and payment details. The password is stored encrypted."
      }
      submitLabel={editing ? "Save Changes" : "Add Account"}
      onOpenChange={onOpenChange}
      after={editing && <ItemHistory area="office_accounts" itemId={account.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" error={errors.email?.message}>
          {(f) => <Input {...f} {...register("email")} type="email" autoComplete="off" />}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          description={editing ? "Leave blank to keep the current password." : undefined}
        >
          {(f) => (
            <Input {...f} {...register("password")} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <FormField label="Provider" error={errors.provider?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="provider"
              options={PROVIDER_OPTIONS}
              placeholder="Select a provider"
            />
          )}
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          {(f) => <SelectField {...f} control={control} name="status" options={STATUS_OPTIONS} />}
        </FormField>
        <FormField label="Payment Method" error={errors.paymentMethod?.message}>
          {(f) => <Input {...f} {...register("paymentMethod")} />}
        </FormField>
        <FormField label="Payment Details" error={errors.paymentDetails?.message}>
          {(f) => <Input {...f} {...register("paymentDetails")} />}
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
        <FormField label="Renewal Date" error={errors.renewalDate?.message}>
          {(f) => <Input {...f} {...register("renewalDate")} type="date" />}
        </FormField>
      </div>
      <FormField label="Notes" error={errors.notes?.message}>
        {(f) => <Textarea {...f} {...register("notes")} rows={2} />}
      </FormField>
    </FormDialog>
  );
}
