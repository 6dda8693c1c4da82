import type * as React from "react";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectInputProps<V extends string>
  extends Omit<React.ComponentProps<typeof SelectTrigger>, "children" | "value"> {
  /** Undefined shows the placeholder (or nothing). */
  value: V | undefined;
  onValueChange(value: V): void;
  options: readonly SelectOption<V>[];
  placeholder?: string;
}

/**
 * A select over a fixed list of options. Name it like any control: an aria-label, or the id from
 * a FormField. The other props go to the trigger, which is the element people and tests see.
 */
export function SelectInput<V extends string>({
  value,
  onValueChange,
  options,
  placeholder,
  ...triggerProps
}: SelectInputProps<V>) {
  return (
    // Radix only ever reports the value of one of the items below, so it is a V.
    <Select value={value} onValueChange={(next) => onValueChange(next as V)}>
      <SelectTrigger {...triggerProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
