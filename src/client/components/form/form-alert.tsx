import type * as React from "react";

/** A form's error line, announced to screen readers; renders nothing without a message. */
export function FormAlert({ id, children }: { id?: string; children?: React.ReactNode }) {
  if (children === undefined || children === null || children === false || children === "") {
    return null;
  }
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
