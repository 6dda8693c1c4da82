// The people picker of every dialog that names a person: active users searched by the server over
// full name, username, e-mail and department, case-insensitively (spec part 1, section 2.8), a page
// at a time, so a directory of thousands is never downloaded to pick one person.
import { useState } from "react";
import { SearchPicker } from "@/client/components/search-picker";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import type { Role } from "@/domain/enums";
import type { UserResponse } from "@/domain/schemas/users";
import { usePickerUsers } from "./api";

const SHOWN = 50;
const NOBODY: ReadonlySet<number> = new Set();

interface UserPickerProps {
  /** The accessible name of the search box (cmdk labels its own input). */
  label: string;
  value: number | undefined;
  onChange(user: UserResponse): void;
  /** People who already hold a seat: listed, but not selectable. */
  unavailableIds?: ReadonlySet<number>;
  /** Only people of this role are offered (administrators, for what only they may do). */
  role?: Role;
  invalid?: boolean;
  describedBy?: string;
}

export function UserPicker({
  label,
  value,
  onChange,
  unavailableIds = NOBODY,
  role,
  invalid,
  describedBy,
}: UserPickerProps) {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim(), 250);
  const users = usePickerUsers(settled, SHOWN, role);
  // The chosen person may have scrolled out of a later search: remember them, not just the id.
  const [picked, setPicked] = useState<UserResponse | null>(null);
  const chosen = picked !== null && picked.id === value ? picked : null;

  return (
    <SearchPicker
      label={label}
      placeholder="Search by name, username, e-mail or department..."
      emptyText={role === "admin" ? "No administrator found." : "No user found."}
      search={search}
      onSearchChange={setSearch}
      page={users.data}
      shown={SHOWN}
      pending={users.isPending}
      error={users.isError ? `Failed to load users. ${users.error.message}` : null}
      chosen={chosen}
      onChange={(user) => {
        setPicked(user);
        onChange(user);
      }}
      describe={(user) => [user.username, user.email, user.department].filter(Boolean).join(" · ")}
      unavailable={(user) => unavailableIds.has(user.id)}
      // No autoFocus: the dialog focuses its first field, this box, itself; an input focused
      // while the dialog mounts would be taken for the opener and get focus back on close.
      invalid={invalid}
      describedBy={describedBy}
    />
  );
}
