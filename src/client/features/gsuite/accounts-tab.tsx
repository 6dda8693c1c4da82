// Users › G Suite Accounts: the accounts table (spec part 2, 'G Suite Accounts'), searched over
// email, organization and plan type on the server, paged, with Show/Hide Passwords revealing the
// page's passwords through the logged server call.
import { AtSignIcon, EyeIcon, EyeOffIcon, PencilIcon, Trash2Icon, UserXIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { IconAction } from "@/client/components/icon-action";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { useListPager } from "@/client/hooks/use-list-pager";
import type { ListStateUpdateOptions } from "@/client/hooks/use-list-search-params";
import { titleCase } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import type { GsuiteAccountStatus } from "@/domain/enums";
import type { GsuiteAccountResponse } from "@/domain/schemas/gsuite";
import { useAccountPage, usePlans, useRevealPasswords } from "./api";
import { formatGsuiteMoney } from "./gsuite-format";
import { gsuiteFailure, loadError } from "./gsuite-toasts";
import { InlinePlanCell } from "./inline-plan-cell";

export const ACCOUNTS_PAGE_SIZE = 50;

const STATUS_VARIANT: Record<GsuiteAccountStatus, "default" | "secondary" | "destructive"> = {
  active: "default",
  inactive: "secondary",
  suspended: "destructive",
};

export type AccountAction = "edit" | "delete";

export function AccountsTab({
  search,
  page,
  unused,
  onSearch,
  onChange,
  onAction,
}: {
  search: string;
  page: number;
  /** Only unused accounts (the filter toggle; in the URL). */
  unused: boolean;
  onSearch(text: string): void;
  onChange(changes: { page?: number; unused?: boolean }, options?: ListStateUpdateOptions): void;
  onAction(action: AccountAction, account: GsuiteAccountResponse): void;
}) {
  const params = useMemo(() => ({ search: search.trim(), unused }), [search, unused]);
  const accounts = useAccountPage(params, page, ACCOUNTS_PAGE_SIZE);
  const plans = usePlans();
  const pager = useListPager(
    "G Suite accounts pages",
    accounts,
    page,
    ACCOUNTS_PAGE_SIZE,
    onChange,
  );
  const reveal = useRevealPasswords();
  const [showing, setShowing] = useState(false);
  // Revealed passwords live here only (never in the query cache), and go when hidden.
  const [passwords, setPasswords] = useState<ReadonlyMap<number, string | null>>(new Map());

  const rows = accounts.data?.rows;
  const missing = useMemo(
    () =>
      (rows ?? []).filter((row) => row.hasPassword && !passwords.has(row.id)).map((row) => row.id),
    [rows, passwords],
  );
  const { mutate: revealMutate, isPending: revealing } = reveal;
  useEffect(() => {
    if (!showing || missing.length === 0 || revealing) return;
    revealMutate(missing, {
      onSuccess: (answer) =>
        setPasswords((current) => {
          const next = new Map(current);
          for (const row of answer) next.set(row.id, row.password);
          return next;
        }),
      onError: (error) => {
        setShowing(false);
        notify.error(gsuiteFailure.reveal(error));
      },
    });
  }, [showing, missing, revealing, revealMutate]);

  const toggle = () => {
    if (showing) setPasswords(new Map());
    setShowing(!showing);
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <ListSearchInput
          aria-label="Search accounts"
          placeholder="Search by email, organization or plan type..."
          value={search}
          onSearch={onSearch}
          className="sm:max-w-sm"
        />
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            variant={unused ? "secondary" : "outline"}
            aria-pressed={unused}
            onClick={() => onChange({ unused: !unused, page: 1 })}
          >
            <UserXIcon aria-hidden="true" />
            Unused
          </Button>
          <Button variant="outline" onClick={toggle} aria-pressed={showing}>
            {showing ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
            {showing ? "Hide Passwords" : "Show Passwords"}
          </Button>
        </div>
      </div>
      <ListCard
        query={accounts}
        loadingLabel="Loading accounts"
        errorTitle={loadError("accounts")}
        empty={{ icon: <AtSignIcon />, title: "No G Suite accounts found." }}
        pager={pager}
      >
        <ListTable
          label="G Suite accounts"
          busy={accounts.isPlaceholderData}
          head={
            <>
              <TableHead>Email</TableHead>
              <TableHead giveWay={1}>Organization</TableHead>
              <TableHead>Plan Type</TableHead>
              <TableHead>Password</TableHead>
              <TableHead giveWay={2}>Price</TableHead>
              <TableHead giveWay={1}>Frequency</TableHead>
              <TableHead giveWay={2}>Assigned To</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </>
          }
        >
          {rows?.map((account) => (
            <TableRow key={account.id}>
              <TableCell className="font-medium">{account.email}</TableCell>
              <TableCell giveWay={1}>{account.organization ?? "—"}</TableCell>
              <TableCell>
                <InlinePlanCell account={account} plans={plans.data ?? []} />
              </TableCell>
              <TableCell className="font-mono text-xs">
                {!account.hasPassword
                  ? "—"
                  : showing
                    ? (passwords.get(account.id) ?? "…")
                    : "••••••••"}
              </TableCell>
              <TableCell giveWay={2} className="tabular-nums">
                {formatGsuiteMoney(account.price, account.paymentCurrency)}
              </TableCell>
              <TableCell giveWay={1}>{titleCase(account.paymentFrequency)}</TableCell>
              <TableCell giveWay={2}>{account.assignedToName ?? "Unassigned"}</TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-1">
                  <Badge variant={STATUS_VARIANT[account.status] ?? "outline"}>
                    {titleCase(account.status)}
                  </Badge>
                  {account.unused && <Badge variant="outline">Unused</Badge>}
                </div>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-0.5">
                  <IconAction
                    label={`Edit ${account.email}`}
                    onClick={() => onAction("edit", account)}
                  >
                    <PencilIcon aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={`Delete ${account.email}`}
                    className="text-destructive hover:text-destructive"
                    onClick={() => onAction("delete", account)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </IconAction>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
    </div>
  );
}
