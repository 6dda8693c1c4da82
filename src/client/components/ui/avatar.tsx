// A person's initial in a circle. No photo is ever shown (the product stores none), so the image
// half of @radix-ui/react-avatar (which loads a picture and falls back while it loads) is not
// needed: plain elements, one fewer chunk on the first screen (decision 0053).
import type * as React from "react";
import { cn } from "@/client/lib/utils";

export function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary",
        className,
      )}
      {...props}
    />
  );
}
