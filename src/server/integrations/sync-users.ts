// A user a workspace sync makes for a person no user matches (INTEGRATIONS_CREATE_USERS, issue 33):
// their username from the address's local part, made unique with a number when taken.

/** `taken` holds the lower-cased usernames in use; the one chosen is added to it. */
export function usernameFor(email: string, taken: Set<string>): string {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  const base = local.length >= 3 ? local.slice(0, 56) : email.toLowerCase().slice(0, 64);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}${n}`;
  taken.add(candidate);
  return candidate;
}
