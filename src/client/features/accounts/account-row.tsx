import { PencilIcon, Trash2Icon, UserPlusIcon } from "lucide-react";
import { memo } from "react";
import { IconAction } from "@/client/components/icon-action";
import { Badge } from "@/client/components/ui/badge";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatCalendarDate, formatMoney } from "@/client/lib/format";
import type { AccountResponse } from "@/domain/schemas/accounts";
import { PROVIDER_LABELS, STATUS_BADGE_VARIANTS, STATUS_LABELS } from "./account-labels";
import { AccountPassword } from "./account-password";
import { AccountUsersTooltip } from "./account-users-tooltip";

export type AccountAction = "assign" | "edit" | "delete";

interface AccountRowProps {
  account: AccountResponse;
  isAdmin: boolean;
  /** The page's Show Passwords toggle. */
  showPassword: boolean;
  onAction(action: AccountAction, account: AccountResponse): void;
}

function paymentInfo(account: AccountResponse) {
  const parts = [
    account.paymentAmount !== null
      ? formatMoney(account.paymentAmount, account.paymentCurrency)
      : null,
    account.paymentMethod,
    account.paymentDetails,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "—";
}

/** A row of the accounts table; memoised, with a stable onAction. */
export const AccountRow = memo(function AccountRow({
  account,
  isAdmin,
  showPassword,
  onAction,
}: AccountRowProps) {
  return (
    <TableRow>
      <TableCell className="pl-4 font-medium">{account.email}</TableCell>
      <TableCell>
        <AccountPassword accountId={account.id} shown={showPassword} />
      </TableCell>
      <TableCell>{PROVIDER_LABELS[account.provider]}</TableCell>
      <TableCell>
        <Badge variant={STATUS_BADGE_VARIANTS[account.status]}>
          {STATUS_LABELS[account.status]}
        </Badge>
      </TableCell>
      <TableCell>
        <AccountUsersTooltip email={account.email} users={account.users} />
      </TableCell>
      <TableCell giveWay={1} className="max-w-56 truncate">
        {paymentInfo(account)}
      </TableCell>
      <TableCell giveWay={2}>{formatCalendarDate(account.renewalDate)}</TableCell>
      {isAdmin && (
        <TableCell className="pr-4">
          <div className="flex justify-end gap-1">
            <IconAction
              label={`Assign ${account.email}`}
              onClick={() => onAction("assign", account)}
            >
              <UserPlusIcon aria-hidden="true" />
            </IconAction>
            <IconAction label={`Edit ${account.email}`} onClick={() => onAction("edit", account)}>
              <PencilIcon aria-hidden="true" />
            </IconAction>
            <IconAction
              label={`Delete ${account.email}`}
              onClick={() => onAction("delete", account)}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            >
              <Trash2Icon aria-hidden="true" />
            </IconAction>
          </div>
        </TableCell>
      )}
    </TableRow>
  );
});
