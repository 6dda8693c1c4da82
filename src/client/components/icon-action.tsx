import type * as React from "react";
import { useId } from "react";
import { Button } from "@/client/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";
import { cn } from "@/client/lib/utils";

export interface IconActionProps extends React.ComponentProps<typeof Button> {
  /** The accessible name and the tooltip text. */
  label: string;
  /**
   * Why the action cannot be taken now ('No seats left'): the button is off but stays focusable
   * and hoverable (a disabled button is neither), so its tooltip and its description say why.
   */
  unavailable?: string;
}

/** An icon-only button that names itself to screen readers and on hover. */
export function IconAction({
  label,
  unavailable,
  className,
  onClick,
  children,
  ...props
}: IconActionProps) {
  const reasonId = useId();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          {...props}
          aria-disabled={unavailable ? true : props["aria-disabled"]}
          aria-describedby={unavailable ? reasonId : props["aria-describedby"]}
          className={cn(unavailable && "cursor-not-allowed opacity-50", className)}
          onClick={unavailable ? (event) => event.preventDefault() : onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{unavailable ? `${label}: ${unavailable}` : label}</TooltipContent>
      {unavailable && (
        <span id={reasonId} hidden>
          {unavailable}
        </span>
      )}
    </Tooltip>
  );
}
