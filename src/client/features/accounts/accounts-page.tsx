// MS Office Accounts (spec part 2, 'Office Accounts'): administrators manage every account and
// who uses it; anyone else sees the accounts actively assigned to them. Passwords are masked
// until Show Passwords, which asks the server for each shown account's password (each view is
// logged). The list's search, sort, page and Unused filter (administrators: the accounts Needs
// Attention counts as unused) are in the URL (account-search-params.ts).

import { EyeIcon, EyeOffIcon, MailIcon, PlusIcon, RefreshCwIcon, UserXIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { TableHead } from "@/client/components/ui/table";
import { useAuth } from "@/client/features/auth";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { listQueryString } from "@/client/lib/list-query-string";
import { ACCOUNTS_PAGE_SIZE } from "@/client/lib/page-sizes";
import { isNewSearchLoading } from "@/client/lib/pagination";
import type { AccountResponse } from "@/domain/schemas/accounts";
import { AccountFormDialog } from "./account-form-dialog";
import { type AccountAction, AccountRow } from "./account-row";
import { accountListSearchParamsSchema } from "./account-search-params";
import { type AccountListParams, useAccountPage } from "./api";
import { AssignAccountDialog } from "./assign-account-dialog";
import { DeleteAccountDialog } from "./delete-account-dialog";

type DialogState = null | { kind: "add" } | { kind: AccountAction; account: AccountResponse };

export function AccountsPage() {
  const { isAdmin } = useAuth();
  const [list, setList, setSearch] = useListSearchParams(accountListSearchParamsSchema);
  const [opened, setDialog] = useState<DialogState>(null);
  // A link to one account (the Activity page's) opens its Edit dialog, as its row's button would.
  const linked = useLinkedItem<AccountResponse>("/api/accounts", {
    enabled: isAdmin,
    what: "account",
  });
  const dialog: DialogState =
    opened ?? (linked.item ? { kind: "edit", account: linked.item } : null);
  const [showPasswords, setShowPasswords] = useState(false);

  const { sort, order, page } = list;
  const search = list.search.trim();
  // The filter is an administrator's (an ordinary user's list is their own accounts).
  const unused = isAdmin && list.unused;
  const params = useMemo<AccountListParams>(
    () => ({ search, sort, order, ...(unused ? { unused: "true" } : {}) }),
    [search, sort, order, unused],
  );
  const accounts = useAccountPage(params, page, ACCOUNTS_PAGE_SIZE);
  const shown = accounts.data;
  const pager = useListPager("Accounts pages", accounts, page, ACCOUNTS_PAGE_SIZE, setList);
  const onAction = useCallback(
    (kind: AccountAction, account: AccountResponse) => setDialog({ kind, account }),
    [],
  );
  const close = (open: boolean) => {
    if (open) return;
    setDialog(null);
    linked.close();
  };

  return (
    <div>
      <PageHeader
        title="MS Office Accounts"
        description={
          isAdmin
            ? "Office accounts, their payment details and who uses them."
            : "The office accounts assigned to you. Showing a password is recorded."
        }
        actions={
          <>
            <ExportMenu
              path="/api/accounts/export"
              listQuery={listQueryString(params)}
              what="office accounts"
            />
            <Button
              variant="outline"
              aria-pressed={showPasswords}
              onClick={() => setShowPasswords((value) => !value)}
            >
              {showPasswords ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
              {showPasswords ? "Hide Passwords" : "Show Passwords"}
            </Button>
            <Button
              variant="outline"
              onClick={() => void accounts.refetch()}
              disabled={accounts.isFetching}
            >
              <RefreshCwIcon
                aria-hidden="true"
                className={accounts.isFetching ? "animate-spin" : undefined}
              />
              Refresh
            </Button>
            {isAdmin && <ImportButton area="accounts" title="Import Office Accounts" />}
            {isAdmin && (
              <ImportButton
                area="account-assignments"
                title="Import Office Account Assignments"
                label="Import Assignments"
              />
            )}
            {isAdmin && (
              <Button onClick={() => setDialog({ kind: "add" })}>
                <PlusIcon aria-hidden="true" />
                Add Account
              </Button>
            )}
          </>
        }
      />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <ListSearchInput
            wrapperClassName="max-w-sm sm:flex-1"
            aria-label="Search accounts"
            placeholder="Search by email, provider, payment, user or device..."
            value={list.search}
            onSearch={setSearch}
            maxLength={200}
            searching={isNewSearchLoading(accounts, params)}
          />
          {isAdmin && (
            <Button
              variant={unused ? "secondary" : "outline"}
              aria-pressed={unused}
              onClick={() => setList({ unused: !unused, page: 1 })}
            >
              <UserXIcon aria-hidden="true" />
              Unused
            </Button>
          )}
        </div>
        <ListCard
          query={accounts}
          loadingLabel="Loading accounts"
          errorTitle="Failed to load accounts. Please try again."
          errorDetail={accounts.error?.message}
          empty={{ icon: <MailIcon />, title: "No accounts found." }}
          pager={pager}
        >
          <ListTable
            label="Office accounts"
            busy={accounts.isPlaceholderData}
            head={
              <>
                <TableHead className="pl-4">Email</TableHead>
                <TableHead>Password</TableHead>
                <TableHead>Provider</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Users</TableHead>
                <TableHead giveWay={1}>Payment Info</TableHead>
                <TableHead giveWay={2}>Renewal Date</TableHead>
                {isAdmin && <TableHead className="pr-4 text-right">Actions</TableHead>}
              </>
            }
          >
            {shown?.rows.map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                isAdmin={isAdmin}
                showPassword={showPasswords}
                onAction={onAction}
              />
            ))}
          </ListTable>
        </ListCard>
      </div>

      {dialog?.kind === "add" && <AccountFormDialog onOpenChange={close} />}
      {dialog?.kind === "edit" && (
        <AccountFormDialog account={dialog.account} onOpenChange={close} />
      )}
      {dialog?.kind === "assign" && (
        <AssignAccountDialog account={dialog.account} onOpenChange={close} />
      )}
      {dialog?.kind === "delete" && (
        <DeleteAccountDialog account={dialog.account} onOpenChange={close} />
      )}
    </div>
  );
}
