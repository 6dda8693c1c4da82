import type * as React from "react";
import { Button } from "@/client/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";

export interface IconActionProps extends React.ComponentProps<typeof Button> {
  /** The accessible name and the tooltip text. */
  label: string;
}

/** An icon-only button that names itself to screen readers and on hover. */
export function IconAction({ label, children, ...props }: IconActionProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button type="button" variant="ghost" size="icon-sm" aria-label={label} {...props}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
