// A secret the server answers once (an API token, a SCIM token, a webhook's signing secret): shown
// in the dialog box that asked for it, selected for copying, with Done. Nothing keeps it; closed,
// it is gone.
import type * as React from "react";
import { CopyableValue } from "@/client/components/copyable-value";
import { Button } from "@/client/components/ui/button";
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";

export function SecretShownOnce({
  title,
  children,
  label,
  value,
  description,
  copiedTitle,
  onDone,
}: {
  title: string;
  /** Why it is shown once and what it allows. */
  children: React.ReactNode;
  label: string;
  value: string;
  /** How it is used, under the value. */
  description: string;
  copiedTitle: string;
  onDone(): void;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{children}</DialogDescription>
      </DialogHeader>
      <CopyableValue
        label={label}
        value={value}
        description={description}
        copiedTitle={copiedTitle}
        autoFocus
      />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
