import type * as React from "react";
import { Input } from "@/client/components/ui/input";

/** An amount of money: a non-negative number in cents, with the decimal keypad on phones. */
export function MoneyInput(props: Omit<React.ComponentProps<typeof Input>, "type">) {
  return <Input type="number" min={0} step="0.01" inputMode="decimal" {...props} />;
}
