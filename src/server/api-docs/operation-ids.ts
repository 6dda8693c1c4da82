// Each operation's operationId, derived once from its method and route, so that a client
// generator names its functions the same way from one release to the next: GET
// /api/users/:id/offboard/checklist.pdf is getUsersByIdOffboardChecklistPdf. A route's id
// changes only when its method or address does. openapi.test.ts checks they are unique.

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The words of a path segment: 'checklist.pdf' → ['checklist', 'pdf'], 'gsuite-users' → ... */
const wordsOf = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);

export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(":") ? ["by", ...wordsOf(segment.slice(1))] : wordsOf(segment),
    );
  return method.toLowerCase() + parts.map(capital).join("");
}
