// View Details of an organization: its accounts, paged on the server.
import { useState } from "react";
import { ListCard } from "@/client/components/list-card";
import { ListTable } from "@/client/components/list-table";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { titleCase } from "@/client/lib/format";
import type { OrganizationResponse } from "@/domain/schemas/gsuite";
import { useAccountPage } from "./api";
import { loadError } from "./gsuite-toasts";

const PAGE_SIZE = 20;

export function OrganizationDetailsDialog({
  organization,
  onOpenChange,
}: {
  organization: OrganizationResponse;
  onOpenChange(open: boolean): void;
}) {
  const [page, setPage] = useState(1);
  const accounts = useAccountPage({ search: "", organizationId: organization.id }, page, PAGE_SIZE);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{organization.name}</DialogTitle>
          <DialogDescription>{`Accounts on ${organization.domain}`}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto">
          <ListCard
            query={accounts}
            loadingLabel="Loading accounts"
            errorTitle={loadError("accounts")}
            empty={{ title: "No G Suite accounts found." }}
            pager={
              accounts.data && {
                label: "Organization accounts pages",
                page,
                pageSize: PAGE_SIZE,
                offset: accounts.data.offset,
                shown: accounts.data.rows.length,
                total: accounts.data.total,
                estimated: accounts.data.estimated,
                onPageChange: setPage,
              }
            }
          >
            <ListTable
              label={`Accounts of ${organization.name}`}
              head={
                <>
                  <TableHead>Email</TableHead>
                  <TableHead>Plan Type</TableHead>
                  <TableHead>Assigned To</TableHead>
                  <TableHead>Status</TableHead>
                </>
              }
            >
              {accounts.data?.rows.map((account) => (
                <TableRow key={account.id}>
                  <TableCell className="font-medium">{account.email}</TableCell>
                  <TableCell>{account.planType}</TableCell>
                  <TableCell>{account.assignedToName ?? "Unassigned"}</TableCell>
                  <TableCell>{titleCase(account.status)}</TableCell>
                </TableRow>
              ))}
            </ListTable>
          </ListCard>
        </div>
      </DialogContent>
    </Dialog>
  );
}
