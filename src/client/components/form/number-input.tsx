import type * as React from "react";
import { Input } from "@/client/components/ui/input";

type TextInputProps = Omit<React.ComponentProps<typeof Input>, "type" | "inputMode">;

/**
 * A number typed as text. Not `type="number"`: the browser turns what it cannot parse ('1e',
 * '12..5') into an empty value, so the form would quietly send nothing (or a blank, which means
 * "clear it") instead of refusing. As text, the field's zod schema sees exactly what was typed and
 * answers with its message ('Payment amount must be a valid number, 0 or greater').
 */
export function NumberInput({
  decimal = false,
  ...props
}: TextInputProps & {
  /** Allows a decimal point (the decimal keypad on phones). */ decimal?: boolean;
}) {
  return (
    <Input
      type="text"
      inputMode={decimal ? "decimal" : "numeric"}
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** An amount of money: a decimal number typed as text (see NumberInput). */
export function MoneyInput(props: TextInputProps) {
  return <NumberInput decimal {...props} />;
}
