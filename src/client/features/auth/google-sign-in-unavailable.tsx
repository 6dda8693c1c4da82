// The Google button's tooltip when the server has no Google sign-in set up. Loaded only when the
// disabled button is pointed at or focused (google-sign-in.tsx), and then shown at once.
import * as React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";
import { GOOGLE_NOT_CONFIGURED } from "@/domain/google-sign-in";

export default function GoogleSignInUnavailable({
  children,
  refocus,
}: {
  children: React.ReactElement;
  /** The button had the focus: this one replaces it in the page, so it takes the focus back. */
  refocus: boolean;
}) {
  const wrapper = React.useRef<HTMLSpanElement>(null);
  React.useEffect(() => {
    if (refocus) wrapper.current?.querySelector("button")?.focus();
  }, [refocus]);
  return (
    <span ref={wrapper} className="contents">
      <Tooltip defaultOpen>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent>{GOOGLE_NOT_CONFIGURED}</TooltipContent>
      </Tooltip>
    </span>
  );
}
