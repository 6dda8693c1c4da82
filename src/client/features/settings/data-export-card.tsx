// Settings' Data Export (spec part 2, 'Settings'; issue 15): administrators download everything,
// as a zip of CSV files, one Excel workbook with a sheet per list, or a PDF report. Plain links,
// so the browser saves the file as the server streams it. Ordinary users export their own rows
// from the lists' Export menus; the server refuses them GET /api/export/all anyway.
import { Download, FileArchive, FileSpreadsheet, FileText, type LucideIcon } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { useAuth } from "@/client/features/auth";
import type { ExportAllFormat } from "@/domain/schemas/export";

const CHOICES: { format: ExportAllFormat; label: string; name: string; icon: LucideIcon }[] = [
  { format: "zip", label: "CSV", name: "CSV files (zip)", icon: FileArchive },
  { format: "xlsx", label: "Excel", name: "Excel workbook", icon: FileSpreadsheet },
  { format: "pdf", label: "PDF", name: "PDF report", icon: FileText },
];

export function DataExportCard() {
  const { isAdmin } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download aria-hidden="true" className="size-5 text-primary" />
          Data Export
        </CardTitle>
        <CardDescription>
          {isAdmin
            ? "Every list at once: a zip of CSV files, an Excel workbook with a sheet per list, or a PDF report. Keys and passwords stay masked."
            : "Exporting all data is for administrators. Export your own licenses, hardware and accounts from the Export menu of their lists."}
        </CardDescription>
      </CardHeader>
      {isAdmin && (
        <CardContent className="flex flex-wrap gap-2">
          {CHOICES.map(({ format, label, name, icon: Icon }) => (
            <Button key={format} variant="outline" asChild>
              <a
                href={`/api/export/all?format=${format}`}
                download
                aria-label={`Export all data as ${name}`}
              >
                <Icon aria-hidden="true" />
                {label}
              </a>
            </Button>
          ))}
        </CardContent>
      )}
    </Card>
  );
}
