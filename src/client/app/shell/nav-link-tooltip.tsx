import type * as React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";

/** The label beside an icon-only sidebar entry (sidebar collapsed on a large screen). */
export function NavLinkTooltip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
