// The Export menu of a list's header (issue 15): CSV, Excel or PDF of what the list shows, with
// its current filters. Each choice is a plain link to the list's export route, so the browser
// downloads the file as the server streams it (nothing is held in the page's memory) and the
// session cookie authenticates it like any other GET.
import { DownloadIcon, FileSpreadsheetIcon, FileTextIcon, SheetIcon } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import type { ExportFormat } from "@/domain/schemas/export";

const CHOICES: { format: ExportFormat; label: string; icon: typeof SheetIcon }[] = [
  { format: "csv", label: "CSV", icon: SheetIcon },
  { format: "xlsx", label: "Excel (.xlsx)", icon: FileSpreadsheetIcon },
  { format: "pdf", label: "PDF", icon: FileTextIcon },
];

/** The URL of a list's export: its route, the format, then the list's own query string. */
export function exportUrl(path: string, format: ExportFormat, listQuery: string) {
  return `${path}?format=${format}${listQuery ? `&${listQuery}` : ""}`;
}

export interface ExportMenuProps {
  /** The list's export route, e.g. /api/licenses/export. */
  path: string;
  /** The list's query string without its page (listQueryString of the list's filters). */
  listQuery: string;
  /** What is exported, for the button's accessible name ('Export licenses'). */
  what: string;
  /** Nothing to export (an empty table). */
  disabled?: boolean;
}

export function ExportMenu({ path, listQuery, what, disabled = false }: ExportMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="outline" aria-label={`Export ${what}`}>
          <DownloadIcon aria-hidden="true" />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {CHOICES.map(({ format, label, icon: Icon }) => (
          <DropdownMenuItem key={format} asChild>
            <a href={exportUrl(path, format, listQuery)} download>
              <Icon aria-hidden="true" />
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
