// /trust-reviews (spec part 2, 'Trust Reviews'): client license assignments with the four summary
// cards (computed by the server in the display currency), filter tabs, search by client name or
// domain, and the add/edit, approval and activation actions. List state lives in the URL.

import { PlusIcon, ShieldCheckIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { FormAlert } from "@/client/components/form/form-alert";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { TableHead } from "@/client/components/ui/table";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { useDisplayCurrency } from "@/client/lib/display-currency";
import { listQueryString } from "@/client/lib/list-query-string";
import { notify } from "@/client/lib/notify";
import { isNewSearchLoading } from "@/client/lib/pagination";
import type { TrustReviewStatusFilter } from "@/domain/enums";
import type { TrustReviewResponse } from "@/domain/schemas/trust-reviews";
import {
  type TrustReviewListParams,
  useSetTrustReviewActive,
  useTrustReviewPage,
  useTrustReviewSummary,
} from "./api";
import { ApprovalDialog } from "./approval-dialog";
import { DeactivateDialog } from "./deactivate-dialog";
import { TrustReviewSummaryCards } from "./summary-cards";
import { TrustReviewFormDialog } from "./trust-review-form-dialog";
import { type TrustReviewAction, TrustReviewRow } from "./trust-review-row";
import { trustReviewSearchParamsSchema } from "./trust-review-search-params";
import { trustReviewFailure, trustReviewToast } from "./trust-review-toasts";

const PAGE_SIZE = 50;

const TABS: { value: TrustReviewStatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "paying", label: "Paying" },
  { value: "not_paying", label: "Not Paying" },
  { value: "partial", label: "Partial" },
];

type DialogState =
  | null
  | { kind: "add" }
  | { kind: "edit" | "approve" | "deactivate"; review: TrustReviewResponse };

export function TrustReviewsPage() {
  const [list, setList, setSearch] = useListSearchParams(trustReviewSearchParamsSchema);
  const [opened, setDialog] = useState<DialogState>(null);
  // A link to one assignment (the Activity page's) opens its Edit dialog, as its row's button would.
  const linked = useLinkedItem<TrustReviewResponse>("/api/trust-reviews", {
    enabled: true,
    what: "client license assignment",
  });
  const dialog: DialogState =
    opened ?? (linked.item ? { kind: "edit", review: linked.item } : null);
  const { currency } = useDisplayCurrency();
  const { status, sort, order, page } = list;
  const search = list.search.trim();
  const params = useMemo<TrustReviewListParams>(
    () => ({ search, status, sort, order }),
    [search, status, sort, order],
  );
  const reviews = useTrustReviewPage(params, page, PAGE_SIZE);
  const summary = useTrustReviewSummary(currency);
  const pager = useListPager("Trust reviews pages", reviews, page, PAGE_SIZE, setList);
  const setActive = useSetTrustReviewActive();
  const overCommitted = useMemo(
    () => new Set(summary.data?.seats.overCommittedLicenseIds ?? []),
    [summary.data],
  );

  const onAction = useCallback(
    (action: TrustReviewAction, review: TrustReviewResponse) => {
      if (action === "edit" || action === "approve") {
        setDialog({ kind: action, review });
      } else if (review.isActive) {
        setDialog({ kind: "deactivate", review });
      } else {
        setActive.mutate(
          { id: review.id, input: { isActive: true } },
          {
            onSuccess: () => notify.success(trustReviewToast.status),
            onError: (error) => notify.error(trustReviewFailure.status(error)),
          },
        );
      }
    },
    [setActive],
  );
  const close = (open: boolean) => {
    if (open) return;
    setDialog(null);
    linked.close();
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Trust Reviews</h2>
          <p className="text-sm text-muted-foreground">
            Clients using the agency's licenses: seats, payments and approvals.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu
            path="/api/trust-reviews/export"
            listQuery={listQueryString(params)}
            what="trust reviews"
          />
          <ImportButton area="trust-reviews" title="Import Client Assignments" />
          <Button onClick={() => setDialog({ kind: "add" })}>
            <PlusIcon aria-hidden="true" />
            Add Client Assignment
          </Button>
        </div>
      </div>

      {summary.data ? (
        <TrustReviewSummaryCards summary={summary.data} />
      ) : summary.isError ? (
        <FormAlert>Failed to load trust reviews: {summary.error.message}</FormAlert>
      ) : (
        <Skeleton className="h-36 w-full" aria-label="Loading the summary" />
      )}

      <div className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
        {/* Filter buttons rather than tabs: they narrow one list, they do not switch panels. */}
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">Filter assignments</legend>
          {TABS.map((tab) => (
            <Button
              key={tab.value}
              size="sm"
              variant={status === tab.value ? "default" : "outline"}
              aria-pressed={status === tab.value}
              onClick={() => setList({ status: tab.value })}
            >
              {tab.label}
            </Button>
          ))}
        </fieldset>
        <ListSearchInput
          wrapperClassName="lg:w-80"
          aria-label="Search client assignments"
          placeholder="Search by client name or domain..."
          value={list.search}
          onSearch={setSearch}
          maxLength={200}
          searching={isNewSearchLoading(reviews, params)}
        />
      </div>

      <ListCard
        query={reviews}
        loadingLabel="Loading trust reviews"
        errorTitle={`Failed to load trust reviews: ${reviews.error?.message ?? ""}`}
        empty={
          search
            ? {
                icon: <ShieldCheckIcon />,
                title: "No results match your search criteria.",
                action: (
                  <Button variant="outline" onClick={() => setSearch("")}>
                    Clear Search
                  </Button>
                ),
              }
            : { icon: <ShieldCheckIcon />, title: "No client license assignments found." }
        }
        pager={pager}
      >
        <ListTable
          label="Client license assignments"
          busy={reviews.isPlaceholderData}
          head={
            <>
              <TableHead>Client</TableHead>
              <TableHead giveWay={2}>License</TableHead>
              <TableHead giveWay={1}>Assigned Date</TableHead>
              <TableHead giveWay={2}>Payment Status</TableHead>
              <TableHead>Payment Amount</TableHead>
              <TableHead giveWay={1}>Payment Frequency</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Approval</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </>
          }
        >
          {reviews.data?.rows.map((review) => (
            <TrustReviewRow
              key={review.id}
              review={review}
              overCommitted={overCommitted.has(review.licenseId)}
              onAction={onAction}
            />
          ))}
        </ListTable>
      </ListCard>

      {dialog?.kind === "add" && <TrustReviewFormDialog onOpenChange={close} />}
      {dialog?.kind === "edit" && (
        <TrustReviewFormDialog review={dialog.review} onOpenChange={close} />
      )}
      {dialog?.kind === "approve" && <ApprovalDialog review={dialog.review} onOpenChange={close} />}
      {dialog?.kind === "deactivate" && (
        <DeactivateDialog review={dialog.review} onOpenChange={close} />
      )}
    </div>
  );
}
