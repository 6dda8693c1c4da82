/** The letter shown in a user's avatar: first letter of the display name or username. */
export function userInitial(user: { displayName?: string | null; username: string }): string {
  const source = (user.displayName || user.username).trim();
  return (source[0] ?? "?").toUpperCase();
}
