import type { UserDto } from "@/domain/schemas/users";

type Searchable = Pick<UserDto, "username" | "fullName" | "email" | "department">;

/** The Users table's search: case-insensitive over username, name, e-mail and department. */
export function filterUsers<T extends Searchable>(users: readonly T[], search: string): T[] {
  const term = search.trim().toLowerCase();
  if (term === "") return [...users];
  return users.filter((user) =>
    [user.username, user.fullName, user.email, user.department].some((value) =>
      value?.toLowerCase().includes(term),
    ),
  );
}
