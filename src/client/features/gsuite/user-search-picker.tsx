// Picks one person, searched on the server (full name, username, e-mail): with thousands of
// users the list is never downloaded whole. The drawing is the shared SearchPicker's.
import { useState } from "react";
import { SearchPicker } from "@/client/components/search-picker";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import type { GsuiteUserResponse } from "@/domain/schemas/gsuite";
import { type GsuiteUserListParams, useGsuiteUserPage } from "./api";

const SHOWN = 50;

interface UserSearchPickerProps {
  label: string;
  value: GsuiteUserResponse | null;
  onChange(user: GsuiteUserResponse): void;
  /** Narrows the list (only active users, only those without a plan). */
  filter?: Omit<GsuiteUserListParams, "search">;
}

export function UserSearchPicker({ label, value, onChange, filter }: UserSearchPickerProps) {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search, 250);
  const users = useGsuiteUserPage({ ...filter, search: settled.trim() }, 1, SHOWN);

  return (
    <SearchPicker
      label={label}
      placeholder="Search by name, username or e-mail..."
      emptyText="No users found."
      search={search}
      onSearchChange={setSearch}
      page={users.data}
      shown={SHOWN}
      pending={users.isPending}
      error={users.isError ? `Failed to load users. ${users.error.message}` : null}
      chosen={value}
      onChange={onChange}
      describe={(user) => [user.username, user.email].filter(Boolean).join(" · ")}
    />
  );
}
