// Query strings of list calls (the list kit's contract: limit, offset, sort, order, search plus an
// area's own filters), kept apart from the hooks so they can be tested.

/** The rows of one page: how many, from where. */
export interface PageWindow {
  limit: number;
  offset: number;
  /** false: the total is known, the server need not count (absent: it counts). */
  withTotal?: false;
}

/**
 * A list call's query string: each parameter trimmed, the empty ones left out (a blank search is
 * no search), then limit and offset (and withTotal=false) when a page is asked for.
 */
export function listQueryString(
  params: Readonly<Record<string, string | undefined>>,
  page?: PageWindow,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const text = value?.trim();
    if (text) query.set(name, text);
  }
  if (page) {
    query.set("limit", String(page.limit));
    query.set("offset", String(page.offset));
    if (page.withTotal === false) query.set("withTotal", "false");
  }
  return query.toString();
}
