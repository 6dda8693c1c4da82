// The Import button of a list page's header, opening its Import dialog (administrators only: the
// page renders it for them, the server refuses anyone else).
import { UploadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import type { ImportArea } from "@/domain/imports/columns";
import { ImportDialog } from "./import-dialog";

export function ImportButton({
  area,
  title,
  label = "Import",
}: {
  area: ImportArea;
  title: string;
  /** A page with two imports (accounts and their assignments) names the second. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden="true" />
        {label}
      </Button>
      <ImportDialog area={area} title={title} open={open} onOpenChange={setOpen} />
    </>
  );
}
