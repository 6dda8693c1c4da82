// The one way to pick a person out of thousands: the search box asks the server for a page of
// matches once typing settles, so the whole list is never downloaded. The caller owns
// the query (which call, which filter); this draws the search box, the options, the empty and
// failure states and the "Selected:" line. cmdk gives the keyboard: arrows move, Enter picks.
import { CheckIcon } from "lucide-react";
import {
  Command,
  CommandEmpty,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/client/components/ui/command";
import { cn } from "@/client/lib/utils";

export interface SearchPickerOption {
  id: number;
  displayName: string;
}

interface SearchPickerProps<T extends SearchPickerOption> {
  /** The accessible name of the search box (cmdk labels its own input). */
  label: string;
  placeholder: string;
  /** What the box shows when the server found nothing ("No user found."). */
  emptyText: string;
  /** While the first page is on its way. */
  loadingText?: string;
  /** The "Selected:" line before anything is chosen. */
  noneText?: string;
  search: string;
  onSearchChange(search: string): void;
  /** The page of matches the server answered, with the total it counted. */
  page: { rows: T[]; total: number } | undefined;
  /** How many rows are asked for: more than that, and the box says to type to narrow it. */
  shown: number;
  pending: boolean;
  /** The failure to show instead of the options, if the call failed. */
  error: string | null;
  chosen: T | null;
  onChange(option: T): void;
  /** The second line of an option (username, e-mail, ...). */
  describe(option: T): string;
  /** Listed, but not selectable (who already holds a seat). */
  unavailable?(option: T): boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

export function SearchPicker<T extends SearchPickerOption>({
  label,
  placeholder,
  emptyText,
  loadingText = "Loading users...",
  noneText = "No user selected.",
  search,
  onSearchChange,
  page,
  shown,
  pending,
  error,
  chosen,
  onChange,
  describe,
  unavailable,
  autoFocus = false,
  invalid,
  describedBy,
}: SearchPickerProps<T>) {
  const rows = error === null ? (page?.rows ?? []) : [];

  return (
    <div className="grid gap-1.5">
      <Command
        label={label}
        shouldFilter={false}
        className={cn("rounded-md border", invalid && "border-destructive")}
      >
        <CommandInput
          autoFocus={autoFocus}
          value={search}
          onValueChange={onSearchChange}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        {/* Outside the list, and the list hidden when nothing matches: an empty listbox is a
            broken widget to a screen reader (axe: aria-required-children). */}
        {error === null && <CommandEmpty>{pending ? loadingText : emptyText}</CommandEmpty>}
        <CommandList className="max-h-56" hidden={rows.length === 0}>
          {rows.map((option) => {
            const taken = unavailable?.(option) ?? false;
            const selected = option.id === chosen?.id;
            return (
              <CommandItem
                key={option.id}
                value={String(option.id)}
                disabled={taken}
                onSelect={() => onChange(option)}
              >
                <CheckIcon
                  aria-hidden="true"
                  className={cn("size-4", selected ? "opacity-100" : "opacity-0")}
                />
                <div className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">
                    {option.displayName}
                    {selected && <span className="sr-only"> (selected)</span>}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {describe(option)}
                    {taken ? " · already assigned" : ""}
                  </span>
                </div>
              </CommandItem>
            );
          })}
        </CommandList>
      </Command>
      {error !== null && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {page && page.total > shown && (
        <p className="text-xs text-muted-foreground">
          Showing {shown} of {page.total}; type to narrow the list.
        </p>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {chosen ? (
          <>
            Selected: <span className="font-medium text-foreground">{chosen.displayName}</span>
          </>
        ) : (
          noneText
        )}
      </p>
    </div>
  );
}
