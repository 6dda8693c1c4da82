// The assign dialog's user picker searches full name, username, e-mail and department, ignoring
// case (spec part 1, section 2.8).

export interface SearchableUser {
  fullName: string | null;
  username: string;
  email: string | null;
  department: string | null;
}

export function matchesUserSearch(user: SearchableUser, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  return [user.fullName, user.username, user.email, user.department].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}
