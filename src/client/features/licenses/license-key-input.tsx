import type * as React from "react";
import { Input } from "@/client/components/ui/input";
import { cn } from "@/client/lib/utils";

/** A license key as typed: monospaced, never autocompleted or spell-checked. */
export function LicenseKeyInput({ className, ...props }: React.ComponentProps<typeof Input>) {
  return (
    <Input
      autoComplete="off"
      spellCheck={false}
      className={cn("font-mono", className)}
      {...props}
    />
  );
}
