// Display rules of the license access history dialog (spec part 1, section 2.9).
import Bowser from "bowser";
import { parseISO } from "date-fns";
import { ownEntry } from "@/domain/own-entry";

export const UNKNOWN = "Unknown";
export const UNKNOWN_BROWSER = "Unknown Browser";

export type BrowserName = "Chrome" | "Firefox" | "Safari" | "Edge" | typeof UNKNOWN_BROWSER;

// bowser's names for the browsers the dialog distinguishes. Chromium is Chrome's open-source
// build (and Debian's headless browser): people know it as Chrome. Everything else (Opera,
// Samsung Internet, bots...) is 'Unknown Browser' rather than a guess.
const KNOWN_BROWSERS: Record<string, BrowserName> = {
  Chrome: "Chrome",
  Chromium: "Chrome",
  Firefox: "Firefox",
  Safari: "Safari",
  "Microsoft Edge": "Edge",
};

/** The browser named by a user-agent string; null or empty → 'Unknown'. */
export function browserName(userAgent: string | null | undefined): BrowserName | typeof UNKNOWN {
  if (!userAgent?.trim()) return UNKNOWN;
  const name = Bowser.getParser(userAgent).getBrowserName();
  // The name can be any text of the user-agent string (bowser's fallback), so 'constructor' too.
  return ownEntry(KNOWN_BROWSERS, name) ?? UNKNOWN_BROWSER;
}

/** A text field of a log entry, 'Unknown' when it is missing or blank. */
export function orUnknown(value: string | null | undefined): string {
  return value?.trim() ? value : UNKNOWN;
}

/**
 * Newest first, whatever order the entries came in; entries without a readable date go last,
 * in their original order.
 */
export function newestFirst<T extends { viewedAt: string | null | undefined }>(entries: T[]): T[] {
  const time = (entry: T) => {
    const parsed = entry.viewedAt ? parseISO(entry.viewedAt).getTime() : Number.NaN;
    return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
  };
  return entries
    .map((entry, index) => ({ entry, index, at: time(entry) }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : b.at - a.at))
    .map(({ entry }) => entry);
}
