// A keyset list walked three ways, for the tests that hold its pages to the offset pages
// (decision 0040): every page by offset, every page after the last one's X-Next-Cursor, and the
// last page (by offset, or read from the end) then every page before the first one's
// X-Prev-Cursor. Each answers the ids in list order; a cursor that repeated a page would loop, so
// no walk takes more than `maxPages` pages.
import { expect } from "vitest";

/** One call of the list with this page query ("limit=3&after=..."), as the test asks it. */
export type ListCall = (
  query: string,
) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;

export const idsOf = (body: string) => (JSON.parse(body) as { id: number }[]).map((row) => row.id);

async function pageOf(call: ListCall, query: string) {
  const response = await call(query);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return { ids: idsOf(response.body), headers: response.headers };
}

/** Every page by offset, one after another: what each other way of paging must give. */
export async function walkByOffset(call: ListCall, limit: number) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await pageOf(call, `limit=${limit}&offset=${offset}`);
    ids.push(...page.ids);
    if (page.ids.length < limit) return ids;
  }
}

/** Page 1 by offset, then each next page after the last one's X-Next-Cursor. */
export async function walkForward(call: ListCall, limit: number, maxPages: number) {
  const ids: number[] = [];
  let query = `limit=${limit}`;
  for (let pages = 0; pages <= maxPages; pages++) {
    const page = await pageOf(call, query);
    ids.push(...page.ids);
    if (page.ids.length < limit) return ids;
    const cursor = page.headers["x-next-cursor"];
    expect(cursor, `X-Next-Cursor of ${query}`).toBeTypeOf("string");
    query = `limit=${limit}&withTotal=false&after=${cursor}`;
  }
  throw new Error(`more pages than rows: ${ids.join(", ")}`);
}

/**
 * The last page of a list of `total` rows (by offset, or `fromEnd` read from the end as the
 * client kit asks for it), then each page before the first one's X-Prev-Cursor.
 */
export async function walkBackward(
  call: ListCall,
  limit: number,
  total: number,
  options: { fromEnd?: boolean; maxPages: number },
) {
  let ids: number[] = [];
  let query = options.fromEnd
    ? `limit=${total % limit || limit}&offset=0&fromEnd=true`
    : `limit=${limit}&offset=${Math.floor((total - 1) / limit) * limit}`;
  for (let pages = 0; pages <= options.maxPages; pages++) {
    const page = await pageOf(call, query);
    ids = [...page.ids, ...ids];
    if (ids.length >= total || (pages > 0 && page.ids.length < limit)) return ids;
    const cursor = page.headers["x-prev-cursor"];
    expect(cursor, `X-Prev-Cursor of ${query}`).toBeTypeOf("string");
    query = `limit=${limit}&withTotal=false&before=${cursor}`;
  }
  throw new Error(`more pages than rows: ${ids.join(", ")}`);
}
