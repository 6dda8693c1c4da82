// The User Details dialog's G Suite tab (spec part 2, 'Users'): the accounts this user holds and
// the unassigned accounts available to give them, each list read from the server.
import { AtSignIcon } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { notify } from "@/client/lib/notify";
import type { GsuiteAccountResponse } from "@/domain/schemas/gsuite";
import { useAccountPage, useUpdateAccount } from "./api";
import { gsuiteFailure, gsuiteToast, loadError } from "./gsuite-toasts";

const AVAILABLE_SHOWN = 10;

function AccountLines({
  title,
  accounts,
  action,
}: {
  title: string;
  accounts: GsuiteAccountResponse[];
  action?: (account: GsuiteAccountResponse) => React.ReactNode;
}) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="grid gap-1">
        {accounts.map((account) => (
          <li
            key={account.id}
            className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{account.email}</span>
              <span className="block text-xs text-muted-foreground">
                {account.planType} · {account.status}
              </span>
            </span>
            {action?.(account)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UserGsuiteAccounts({ userId }: { userId: number }) {
  const held = useAccountPage({ search: "", assignedToUserId: userId }, 1, 50);
  const available = useAccountPage({ search: "", unassigned: true }, 1, AVAILABLE_SHOWN);
  const update = useUpdateAccount();

  if (held.isError || available.isError) {
    return (
      <p role="alert" className="py-4 text-sm text-destructive">
        {loadError("accounts")}
      </p>
    );
  }
  if (!held.data || !available.data) {
    return (
      <div role="status" aria-label="Loading G Suite accounts" className="grid gap-2 py-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  return (
    <div className="grid gap-4 py-2">
      {held.data.rows.length === 0 ? (
        <EmptyState
          icon={<AtSignIcon />}
          title="No G Suite accounts assigned"
          description="This user holds no G Suite account."
        />
      ) : (
        <AccountLines title="Assigned G Suite accounts" accounts={held.data.rows} />
      )}
      {available.data.rows.length > 0 && (
        <AccountLines
          title={`Available unassigned accounts (${available.data.total})`}
          accounts={available.data.rows}
          action={(account) => (
            <Button
              size="sm"
              variant="outline"
              disabled={update.isPending}
              aria-label={`Assign ${account.email}`}
              onClick={() =>
                update.mutate(
                  { id: account.id, body: { assignedToUserId: userId } },
                  {
                    onSuccess: () => notify.success(gsuiteToast.assigned),
                    onError: () => notify.error(gsuiteFailure.assign),
                  },
                )
              }
            >
              Assign
            </Button>
          )}
        />
      )}
    </div>
  );
}
