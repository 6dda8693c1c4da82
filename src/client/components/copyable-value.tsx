// A value the person must copy now because it is shown only once (a calendar feed's address, an
// API token): a read-only field that selects itself on focus, with a Copy button and a toast.
import { Copy } from "lucide-react";
import type * as React from "react";
import { Button } from "@/client/components/ui/button";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { notify } from "@/client/lib/notify";

export interface CopyableValueProps {
  label: string;
  value: string;
  description: React.ReactNode;
  /** The success toast's title ('Feed URL copied'). */
  copiedTitle: string;
  /** Focus (and so select) the value when it appears, e.g. in the dialog that just made it. */
  autoFocus?: boolean;
}

export function CopyableValue({
  label,
  value,
  description,
  copiedTitle,
  autoFocus,
}: CopyableValueProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success({ title: copiedTitle });
    } catch {
      notify.error({ title: "Error", description: "Could not copy. Select the text and copy it." });
    }
  };
  return (
    <FormField label={label} description={description}>
      {(field) => (
        <div className="flex gap-2">
          <Input
            {...field}
            readOnly
            value={value}
            autoFocus={autoFocus}
            className="font-mono"
            onFocus={(event) => event.target.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      )}
    </FormField>
  );
}
