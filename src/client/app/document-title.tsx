import type * as React from "react";
import { useDocumentTitle } from "@/client/hooks/use-document-title";
import { documentTitle } from "./route-table";

/** Gives the browser tab a page's title (for pages outside the shell, which sets its own). */
export function DocumentTitle({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(documentTitle(title));
  return children;
}
