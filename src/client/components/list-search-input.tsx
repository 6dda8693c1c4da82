import { useEffect, useRef, useState } from "react";
import { SearchInput, type SearchInputProps } from "@/client/components/search-input";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";

export interface ListSearchInputProps
  extends Omit<SearchInputProps, "value" | "defaultValue" | "onChange"> {
  /** The search the list is showing (from the URL). */
  value: string;
  /** Called with the text once typing has paused for `delayMs`. */
  onSearch(text: string): void;
  delayMs?: number;
}

/**
 * A list's search box. What is typed stays in this box's own state, so a keystroke re-renders the
 * box and not the list under it; the list gets the text once typing pauses. A search changed from
 * outside (Back, a link) replaces what the box shows.
 */
export function ListSearchInput({
  value,
  onSearch,
  delayMs = 300,
  ...props
}: ListSearchInputProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, delayMs);
  // The last search handed on or shown, and the last `value` seen.
  const handedOn = useRef(value);
  const lastValue = useRef(value);

  // One effect, so the order of the two cases is fixed: a search changed from outside (Back,
  // Forward, a link) replaces what the box shows, and nothing is handed on in that same render
  // (the box's older text would undo the change). Otherwise, once typing has paused and the
  // debounced text has caught up with the box, the text is handed on.
  useEffect(() => {
    if (value !== lastValue.current) {
      lastValue.current = value;
      if (value !== handedOn.current) {
        handedOn.current = value;
        setText(value);
      }
      return;
    }
    if (settled !== text || settled === handedOn.current) return;
    handedOn.current = settled;
    onSearch(settled);
  }, [value, settled, text, onSearch]);

  return <SearchInput {...props} value={text} onChange={(event) => setText(event.target.value)} />;
}
