// Other records a row of a file names in words (an account's organization and plan, a trust
// review's license): looked up by name, ignoring case, for a whole batch of rows at once, and
// refused in a sentence a person acts on when the name matches no record or more than one. A
// file carries names, not ids: people write 'Design Suite', never 'license 42'.
import { chunked } from "./areas/area";

/** A name as compared: trimmed, lower case. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The records each name matches: `find` answers, for a batch of name keys, the records whose
 * name (or another unique handle, such as a domain) has one of those keys, each with the key it
 * matched.
 */
export async function recordsNamed<Found extends { key: string }>(
  names: Iterable<string>,
  find: (keys: string[]) => Promise<Found[]>,
): Promise<Map<string, Found[]>> {
  const keys = [...new Set([...names].map(nameKey))];
  const matches = new Map<string, Found[]>(keys.map((key) => [key, []]));
  for (const batch of chunked(keys, 5000)) {
    for (const found of await find(batch)) matches.get(found.key)?.push(found);
  }
  return matches;
}

/** How a sentence names the kind of record and what a person does about a name that fails. */
export interface ReferenceWords {
  /** The file's column, as the template heads it: 'Organization'. */
  header: string;
  /** 'organization', 'organizations'. */
  one: string;
  many: string;
  /** What to do when nothing has the name: 'Add it on the Organizations tab first, or correct the name.' */
  whenUnknown: string;
  /** What to do when several records have it. */
  whenAmbiguous: string;
}

/** The one record a name matched, or the problem of a name that matched none or several. */
export function theOneNamed<Found>(
  found: readonly Found[],
  name: string,
  words: ReferenceWords,
): { found: Found } | { problem: string } {
  if (found.length === 1) return { found: found[0]! };
  const shown = name.trim();
  if (found.length === 0) {
    return {
      problem: `${words.header}: no ${words.one} is named '${shown}'. ${words.whenUnknown}`,
    };
  }
  return {
    problem: `${words.header}: ${found.length} ${words.many} are named '${shown}', so the row cannot say which. ${words.whenAmbiguous}`,
  };
}
