// Searchable list of people for the assign dialog: full name, username, e-mail and department,
// case-insensitively (spec part 1, section 2.8).
import { CheckIcon } from "lucide-react";
import { useState } from "react";
import {
  Command,
  CommandEmpty,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/client/components/ui/command";
import { cn } from "@/client/lib/utils";
import type { UserDto } from "@/domain/schemas/users";
import { matchesUserSearch } from "./user-search";

interface UserPickerProps {
  /** The accessible name of the search box (cmdk labels its own input). */
  label: string;
  users: UserDto[];
  value: number | undefined;
  onChange(userId: number): void;
  /** People who already hold a seat: listed, but not selectable. */
  unavailableIds: ReadonlySet<number>;
  invalid?: boolean;
  describedBy?: string;
}

export function UserPicker({
  label,
  users,
  value,
  onChange,
  unavailableIds,
  invalid,
  describedBy,
}: UserPickerProps) {
  const [search, setSearch] = useState("");
  const matches = users.filter((user) => matchesUserSearch(user, search));
  const chosen = users.find((user) => user.id === value);

  return (
    <div className="grid gap-1.5">
      <Command
        label={label}
        shouldFilter={false}
        className={cn("rounded-md border", invalid && "border-destructive")}
      >
        <CommandInput
          // The dialog opens to pick someone: start in the search box.
          autoFocus
          value={search}
          onValueChange={setSearch}
          placeholder="Search by name, username, e-mail or department..."
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        <CommandList className="max-h-56">
          <CommandEmpty>No user found.</CommandEmpty>
          {matches.map((user) => {
            const taken = unavailableIds.has(user.id);
            const selected = user.id === value;
            return (
              <CommandItem
                key={user.id}
                value={String(user.id)}
                disabled={taken}
                onSelect={() => onChange(user.id)}
              >
                <CheckIcon
                  aria-hidden="true"
                  className={cn("size-4", selected ? "opacity-100" : "opacity-0")}
                />
                <div className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">
                    {user.displayName}
                    {selected && <span className="sr-only"> (selected)</span>}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[user.username, user.email, user.department].filter(Boolean).join(" · ")}
                    {taken ? " · already assigned" : ""}
                  </span>
                </div>
              </CommandItem>
            );
          })}
        </CommandList>
      </Command>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {chosen ? (
          <>
            Selected: <span className="font-medium text-foreground">{chosen.displayName}</span>
          </>
        ) : (
          "No user selected."
        )}
      </p>
    </div>
  );
}
