// The Google button's tooltip when the server has no Google sign-in set up. Loaded only then.
import type * as React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";
import { GOOGLE_NOT_CONFIGURED } from "@/domain/google-sign-in";

export default function GoogleSignInUnavailable({ children }: { children: React.ReactElement }) {
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent>{GOOGLE_NOT_CONFIGURED}</TooltipContent>
      </Tooltip>
      {/* Read with the button by screen readers, without needing the tooltip to open. */}
      <span id="google-sign-in-unavailable" className="sr-only">
        {GOOGLE_NOT_CONFIGURED}
      </span>
    </>
  );
}
