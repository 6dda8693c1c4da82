import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Mounted once in the app providers; call `toast()` from "sonner" anywhere. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      closeButton
      richColors
      // Multi-line descriptions (e.g. a message plus field details) keep their line breaks.
      toastOptions={{ classNames: { description: "whitespace-pre-line" } }}
      style={
        {
          "--width": "min(420px, calc(100vw - 2rem))",
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
