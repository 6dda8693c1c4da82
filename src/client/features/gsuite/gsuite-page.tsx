// /gsuite-accounts (spec part 2, 'G Suite Accounts'; administrators only): summary cards, Refresh,
// and the Organizations, Plans and Users tabs (Users: 'G Suite Accounts' and 'All Users'). The
// tab, sub-tab, search and page are in the URL.

import { useQueryClient } from "@tanstack/react-query";
import { PlusIcon, RefreshCwIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { listQueryString } from "@/client/lib/list-query-string";
import type { ImportArea } from "@/domain/imports/columns";
import type {
  GsuiteAccountResponse,
  OrganizationResponse,
  PlanResponse,
} from "@/domain/schemas/gsuite";
import { AccountsTab } from "./accounts-tab";
import { AllUsersTab, type UserAction } from "./all-users-tab";
import { isGsuiteDataKey, useGsuiteSummary } from "./api";
import { type GsuiteDialogState, GsuiteDialogs } from "./gsuite-dialogs";
import { type GsuiteTab, gsuiteSearchParamsSchema, type UsersView } from "./gsuite-search-params";
import { OrganizationsTab } from "./organizations-tab";
import { PlansTab } from "./plans-tab";
import { SummaryCards } from "./summary-cards";

const ADD_LABEL: Record<GsuiteTab, string> = {
  organizations: "Add Organization",
  plans: "Add Plan",
  users: "Add Account",
};

/** What the header's Import brings in: the active tab's kind, as its Add button adds. */
const IMPORT: Record<GsuiteTab, { area: ImportArea; title: string }> = {
  organizations: { area: "gsuite-organizations", title: "Import Organizations" },
  plans: { area: "gsuite-plans", title: "Import Plans" },
  users: { area: "gsuite-accounts", title: "Import G Suite Accounts" },
};

export function GsuitePage() {
  const queryClient = useQueryClient();
  const [list, setList, setSearch] = useListSearchParams(gsuiteSearchParamsSchema);
  const [dialog, setDialog] = useState<GsuiteDialogState>(null);
  const summary = useGsuiteSummary();
  const { tab, view } = list;
  // A link to one account, plan or organization (the Activity page's) opens its Edit dialog on
  // its tab, as its row's button would; only the tab's own kind of item is read.
  const linkedAccount = useLinkedItem<GsuiteAccountResponse>("/api/gsuite-accounts", {
    enabled: tab === "users",
    what: "G Suite account",
  });
  const linkedPlan = useLinkedItem<PlanResponse>("/api/gsuite-plans", {
    enabled: tab === "plans",
    what: "plan",
  });
  const linkedOrganization = useLinkedItem<OrganizationResponse>("/api/gsuite-organizations", {
    enabled: tab === "organizations",
    what: "organization",
  });
  const linked: GsuiteDialogState = linkedAccount.item
    ? { kind: "account", account: linkedAccount.item }
    : linkedPlan.item
      ? { kind: "plan", plan: linkedPlan.item }
      : linkedOrganization.item
        ? { kind: "organization", organization: linkedOrganization.item }
        : null;

  const refresh = () =>
    void queryClient.invalidateQueries({ predicate: (query) => isGsuiteDataKey(query.queryKey) });
  const add = () =>
    setDialog(
      tab === "organizations"
        ? { kind: "organization" }
        : tab === "plans"
          ? { kind: "plan" }
          : { kind: "account" },
    );

  const onUserAction = useCallback((action: UserAction) => {
    switch (action.kind) {
      case "assign":
        return setDialog({ kind: "assignUser", user: action.user });
      case "quickAssign":
        return setDialog({ kind: "quickAssign", user: action.user, plan: action.plan });
      case "unassign":
        return setDialog({ kind: "unassign", accountId: action.account.id });
      case "editLicense":
        return setDialog({ kind: "editLicense", accountId: action.accountId });
    }
  }, []);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        className="mb-0"
        title="G Suite Accounts"
        description="Google Workspace organizations, plans and the accounts of your people."
        actions={
          <>
            {tab === "users" && view === "accounts" && (
              <ExportMenu
                path="/api/gsuite-accounts/export"
                listQuery={listQueryString({
                  search: list.search.trim(),
                  unused: list.unused ? "true" : undefined,
                })}
                what="G Suite accounts"
              />
            )}
            <Button variant="outline" onClick={refresh}>
              <RefreshCwIcon aria-hidden="true" />
              Refresh
            </Button>
            <ImportButton key={tab} {...IMPORT[tab]} />
            <Button onClick={add}>
              <PlusIcon aria-hidden="true" />
              {ADD_LABEL[tab]}
            </Button>
          </>
        }
      />

      <SummaryCards summary={summary.data} isError={summary.isError} />

      <Tabs value={tab} onValueChange={(next) => setList({ tab: next as GsuiteTab, search: "" })}>
        <TabsList>
          <TabsTrigger value="organizations">Organizations</TabsTrigger>
          <TabsTrigger value="plans">Plans</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
        </TabsList>
        <TabsContent value="organizations" className="pt-2">
          <OrganizationsTab
            summary={summary.data}
            onAdd={() => setDialog({ kind: "organization" })}
            onAction={(action, organization) =>
              setDialog(
                action === "details"
                  ? { kind: "organizationDetails", organization }
                  : action === "edit"
                    ? { kind: "organization", organization }
                    : { kind: "deleteOrganization", organization },
              )
            }
          />
        </TabsContent>
        <TabsContent value="plans" className="pt-2">
          <PlansTab
            summary={summary.data}
            onAdd={() => setDialog({ kind: "plan" })}
            onDetails={(planType) => setList({ tab: "users", view: "accounts", search: planType })}
            onAction={(action, plan) =>
              setDialog(
                action === "addUsers"
                  ? { kind: "assignMany", plan }
                  : action === "edit"
                    ? { kind: "plan", plan }
                    : { kind: "deletePlan", plan },
              )
            }
          />
        </TabsContent>
        <TabsContent value="users" className="pt-2">
          <Tabs
            value={view}
            onValueChange={(next) => setList({ view: next as UsersView, search: "" })}
          >
            <TabsList>
              <TabsTrigger value="accounts">G Suite Accounts</TabsTrigger>
              <TabsTrigger value="all-users">All Users</TabsTrigger>
            </TabsList>
            <TabsContent value="accounts" className="pt-2">
              <AccountsTab
                search={list.search}
                page={list.page}
                unused={list.unused}
                onSearch={setSearch}
                onChange={setList}
                onAction={(action, account) =>
                  setDialog(
                    action === "edit"
                      ? { kind: "account", account }
                      : { kind: "deleteAccount", account },
                  )
                }
              />
            </TabsContent>
            <TabsContent value="all-users" className="pt-2">
              <AllUsersTab
                search={list.search}
                page={list.page}
                onSearch={setSearch}
                onChange={setList}
                onAction={onUserAction}
              />
            </TabsContent>
          </Tabs>
        </TabsContent>
      </Tabs>

      <GsuiteDialogs
        state={dialog ?? linked}
        onClose={() => {
          setDialog(null);
          // One parameter names the item, whichever kind: dropping it closes any of them.
          linkedAccount.close();
        }}
      />
    </div>
  );
}
