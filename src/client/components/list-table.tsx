import type * as React from "react";
import { Table, TableBody, TableHeader, TableRow } from "@/client/components/ui/table";

interface ListTableProps {
  /** The table's accessible name ('Licenses'). */
  label: string;
  /** The header cells (TableHead elements). */
  head: React.ReactNode;
  /** The rows (TableRow elements). */
  children: React.ReactNode;
  /** The rows on screen are about to be replaced (a page or search on its way). */
  busy?: boolean;
}

/** A list's table inside a ListCard: header cells and rows are the screen's own JSX. */
export function ListTable({ label, head, children, busy = false }: ListTableProps) {
  return (
    <Table aria-label={label} aria-busy={busy}>
      <TableHeader>
        <TableRow>{head}</TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
