import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Mounted by the app providers with the first toast; show toasts with `notify` (client/lib). */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      // Top, not bottom: dialogs put their submit button at the bottom right, where a failure
      // toast (the moment someone wants to fix and resend) would sit on top of it. At the top
      // centre a toast can only cover a dialog's title, never its buttons or its close button.
      position="top-center"
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
          // sonner's rich-colour texts are a little light for 4.5:1 on their own tints.
          "--success-text": "hsl(140, 100%, 22%)",
          "--error-text": "hsl(360, 100%, 38%)",
          "--info-text": "hsl(210, 92%, 36%)",
          "--warning-text": "hsl(31, 92%, 30%)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
