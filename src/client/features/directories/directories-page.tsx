// /directories (spec part 2, 'Directory Management'): administrators' directory listings with
// the status filter, sort, order and search in the URL; add, edit, record a payment, and delete
// without a confirmation (the spec's flow) but with Undo in the toast.

import { BookOpenIcon, PlusIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { SelectInput, type SelectOption } from "@/client/components/form/select-input";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { Button } from "@/client/components/ui/button";
import { TableHead } from "@/client/components/ui/table";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { listQueryString } from "@/client/lib/list-query-string";
import { notify } from "@/client/lib/notify";
import { isNewSearchLoading } from "@/client/lib/pagination";
import { todayIso } from "@/domain/dates";
import type { DirectoryResponse } from "@/domain/schemas/directories";
import {
  type DirectoryListParams,
  useDeleteDirectory,
  useDirectoryPage,
  useRestoreDirectory,
} from "./api";
import { DirectoryFormDialog } from "./directory-form-dialog";
import { type DirectoryAction, DirectoryRow } from "./directory-row";
import { directoryListSearchParamsSchema } from "./directory-search-params";
import { directoryFailure, directoryToast } from "./directory-toasts";
import { RecordPaymentDialog } from "./record-payment-dialog";

const PAGE_SIZE = 50;

const STATUS_OPTIONS: SelectOption<DirectoryListParams["status"]>[] = [
  { value: "all", label: "All Statuses" },
  { value: "active", label: "Active" },
  { value: "one-off", label: "One-time" },
  { value: "cancelled", label: "Cancelled" },
];
const SORT_OPTIONS: SelectOption<DirectoryListParams["sort"]>[] = [
  { value: "name", label: "Name" },
  { value: "paymentAmount", label: "Payment Amount" },
  { value: "nextPaymentDate", label: "Next Payment Date" },
];
const ORDER_OPTIONS: SelectOption<DirectoryListParams["order"]>[] = [
  { value: "asc", label: "Ascending" },
  { value: "desc", label: "Descending" },
];

type DialogState = null | { kind: "add" } | { kind: "edit" | "pay"; directory: DirectoryResponse };

export function DirectoriesPage() {
  const [list, setList, setSearch] = useListSearchParams(directoryListSearchParamsSchema);
  const [opened, setDialog] = useState<DialogState>(null);
  // A link to one listing (the Activity page's) opens its Edit dialog, as its row's button would.
  const linked = useLinkedItem<DirectoryResponse>("/api/directories", {
    enabled: true,
    what: "directory listing",
  });
  const dialog: DialogState =
    opened ?? (linked.item ? { kind: "edit", directory: linked.item } : null);
  const today = useMemo(() => todayIso(), []);
  const { status, sort, order, page } = list;
  const search = list.search.trim();
  const params = useMemo<DirectoryListParams>(
    () => ({ search, status, sort, order }),
    [search, status, sort, order],
  );
  const directories = useDirectoryPage(params, page, PAGE_SIZE);
  const pager = useListPager("Directories pages", directories, page, PAGE_SIZE, setList);
  const remove = useDeleteDirectory();
  const restore = useRestoreDirectory();

  const undo = useCallback(
    (directory: DirectoryResponse) => {
      restore.mutate(directory.id, {
        onSuccess: () => notify.success(directoryToast.restored(directory.name)),
        onError: () => notify.error(directoryFailure.save),
      });
    },
    [restore],
  );

  const onAction = useCallback(
    (action: DirectoryAction, directory: DirectoryResponse) => {
      if (action !== "delete") {
        setDialog({ kind: action, directory });
        return;
      }
      remove.mutate(directory.id, {
        onSuccess: () =>
          notify.success({
            title: "Directory deleted",
            description: `${directory.name} has been deleted.`,
            action: { label: "Undo", onClick: () => undo(directory) },
          }),
        onError: () => notify.error(directoryFailure.delete),
      });
    },
    [remove, undo],
  );
  const openAdd = () => setDialog({ kind: "add" });
  const close = (open: boolean) => {
    if (open) return;
    setDialog(null);
    linked.close();
  };
  const filtered = search !== "" || status !== "all";

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Directory Management</h2>
          <p className="text-sm text-muted-foreground">
            Paid directory listings and when each is due.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ImportButton area="directories" title="Import Directory Listings" />
          <ExportMenu
            path="/api/directories/export"
            listQuery={listQueryString(params)}
            what="directories"
          />
          <Button onClick={openAdd}>
            <PlusIcon aria-hidden="true" />
            Add Directory
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <ListSearchInput
          wrapperClassName="flex-1"
          aria-label="Search directories"
          placeholder="Search directories..."
          value={list.search}
          onSearch={setSearch}
          maxLength={200}
          searching={isNewSearchLoading(directories, params)}
        />
        <div className="grid grid-cols-3 gap-2 lg:flex">
          <SelectInput
            aria-label="Status"
            className="lg:w-40"
            value={status}
            onValueChange={(next) => setList({ status: next })}
            options={STATUS_OPTIONS}
          />
          <SelectInput
            aria-label="Sort By"
            className="lg:w-48"
            value={sort}
            onValueChange={(next) => setList({ sort: next })}
            options={SORT_OPTIONS}
          />
          <SelectInput
            aria-label="Order"
            className="lg:w-36"
            value={order}
            onValueChange={(next) => setList({ order: next })}
            options={ORDER_OPTIONS}
          />
        </div>
      </div>

      <ListCard
        query={directories}
        loadingLabel="Loading directories"
        errorTitle="Failed to load directories."
        errorDetail={directories.error?.message}
        empty={{
          icon: <BookOpenIcon />,
          title: "No directories found",
          description: filtered
            ? "Try changing your search or filter criteria."
            : "Get started by adding a new directory.",
        }}
        pager={pager}
      >
        <ListTable
          label="Directories"
          busy={directories.isPlaceholderData}
          head={
            <>
              <TableHead>Directory Name</TableHead>
              <TableHead>URL</TableHead>
              <TableHead>Payment</TableHead>
              <TableHead>Frequency</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Next Payment</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </>
          }
        >
          {directories.data?.rows.map((directory) => (
            <DirectoryRow
              key={directory.id}
              directory={directory}
              today={today}
              onAction={onAction}
            />
          ))}
        </ListTable>
      </ListCard>

      {dialog?.kind === "add" && <DirectoryFormDialog onOpenChange={close} />}
      {dialog?.kind === "edit" && (
        <DirectoryFormDialog directory={dialog.directory} onOpenChange={close} />
      )}
      {dialog?.kind === "pay" && (
        <RecordPaymentDialog directory={dialog.directory} onOpenChange={close} />
      )}
    </div>
  );
}
