// The cases of one list for `npm run bench`, built the same way for every list (issue 30): for
// the list's default order and for each sort it offers, page 1 and the deep page (the last page
// unless `depth` says otherwise), the deep page asked for by offset and, when the list answers
// cursors (X-Next-Cursor), by the cursor of the page before it, as the client asks for the next
// page, and from the list's end (fromEnd=true), as the pager asks for a page nearer the end than
// the start. Each deep case names its page 1 as `baseline`, so the table prints deep ÷ page 1 per
// round (its median and spread): the "last page within 2x the first" figure.
//
// A section file calls it from its run() and hands the cases to context.measure():
//
//   const cases = await listCases(context, {
//     name: "licenses", path: "/api/licenses", cookie: context.adminCookie,
//     sorts: ["name", "expiryDate", "cost"],
//   });
//   return context.measure(cases);
import { timedGet } from "./http-load";
import type { BenchCase, BenchContext } from "./sections";

export interface ListBench {
  /** Shown first in every label: "licenses", "users (ordinary user)". */
  name: string;
  /** The list call without paging or sort; filters may ride along: "/api/hardware?view=assigned". */
  path: string;
  cookie: string;
  /** The list's `sort=` values; each gets page 1 and the deep page. The default order always. */
  sorts?: readonly string[];
  /** The `order=` values to read each sort in (default: asc only). */
  orders?: readonly ("asc" | "desc")[];
  /** Rows per page (default 50, the screens' page). */
  limit?: number;
  /** Where the deep page starts, as a fraction of the total: 1 = the last page (default). */
  depth?: number;
  /** Also time each deep page without its count (`withTotal=false`, a page turn). */
  totalKept?: boolean;
  /** false: no deep page by cursor (a jump by address has none at hand). Default true. */
  byCursor?: boolean;
}

const withQuery = (path: string, query: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** The list's cases: page 1 and the deep page of the default order and of each sort. */
export async function listCases(context: BenchContext, list: ListBench): Promise<BenchCase[]> {
  const limit = list.limit ?? 50;
  const depth = list.depth ?? 1;
  const orders = list.orders ?? ["asc"];
  const variants: { label: string; query: string }[] = [{ label: "default order", query: "" }];
  for (const sort of list.sorts ?? []) {
    for (const order of orders) {
      variants.push({ label: `by ${sort} ${order}`, query: `sort=${sort}&order=${order}&` });
    }
  }
  const get = async (query: string) => {
    const response = await timedGet(`${context.appUrl}${withQuery(list.path, query)}`, list.cookie);
    if (response.status !== 200) {
      throw new Error(`${list.name} ${query}: ${response.status} ${response.body.toString()}`);
    }
    return response;
  };

  const cases: BenchCase[] = [];
  for (const variant of variants) {
    const firstQuery = `${variant.query}limit=${limit}`;
    const first = await get(firstQuery);
    const total = Number(first.headers["x-total-count"] ?? Number.NaN);
    const firstLabel = `${list.name}, ${variant.label}, page 1`;
    cases.push({
      label: firstLabel,
      urls: [withQuery(list.path, firstQuery)],
      cookie: list.cookie,
    });
    if (!Number.isFinite(total) || total <= limit) continue;
    const lastStart = Math.floor((total - 1) / limit) * limit;
    const offset = Math.min(lastStart, Math.floor((total * depth) / limit) * limit);
    const where = offset === lastStart ? "last page" : `page at ${Math.round(depth * 100)}%`;
    const deep = (label: string, query: string): BenchCase => ({
      label: `${list.name}, ${variant.label}, ${where} (offset ${offset}) ${label}`,
      urls: [withQuery(list.path, query)],
      cookie: list.cookie,
      baseline: firstLabel,
    });
    cases.push(deep("by offset", `${variant.query}limit=${limit}&offset=${offset}`));
    if (list.totalKept) {
      cases.push(
        deep(
          "by offset, total kept",
          `${variant.query}limit=${limit}&offset=${offset}&withTotal=false`,
        ),
      );
    }
    if (first.headers["x-next-cursor"] === undefined) continue;
    // The same rows read from the list's end (fromEnd), as the client kit asks for a page nearer
    // the end than the start once it knows the total: the last page is what is left of it.
    const endLimit = Math.min(limit, total - offset);
    cases.push(
      deep(
        "from the end",
        `${variant.query}limit=${endLimit}&offset=${total - offset - endLimit}&fromEnd=true`,
      ),
    );
    if (list.byCursor === false) continue;
    // The cursor the page before hands out, read once (by offset: slow at depth, untimed).
    const before = await get(
      `${variant.query}limit=${limit}&offset=${offset - limit}&withTotal=false`,
    );
    const cursor = before.headers["x-next-cursor"];
    if (typeof cursor !== "string") continue;
    cases.push(deep("by cursor", `${variant.query}limit=${limit}&after=${cursor}`));
    if (list.totalKept) {
      cases.push(
        deep(
          "by cursor, total kept",
          `${variant.query}limit=${limit}&after=${cursor}&withTotal=false`,
        ),
      );
    }
  }
  return cases;
}
