import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  countedFilters,
  fromEndWindow,
  type ListQuery,
  listPageRequest,
  TOTAL_REUSE_MS,
} from "./list-page-query";
import { clampPage, pageCount } from "./pagination";

const PATH = "/api/users";
const byName: ListQuery = { search: "ann", sort: "username", order: "asc" };

/** A page of the users list as the kit caches it, counted (or estimated) `ageMs` ago. */
function cachePage(
  client: QueryClient,
  query: ListQuery,
  page: number,
  total: number,
  ageMs = 0,
  estimated = false,
) {
  const key = [PATH, query, { page }];
  client.setQueryData(key, {
    rows: [],
    offset: (page - 1) * 50,
    total,
    estimated,
    count: { filters: countedFilters(query), total, at: Date.now() - ageMs, estimated },
  });
  return key;
}

const contextFor = (client: QueryClient, query: ListQuery, page: number) => ({
  client,
  queryKey: [PATH, query, { page }],
  signal: new AbortController().signal,
});

const headers = (total?: number, estimated = false) =>
  new Headers({
    ...(total === undefined ? {} : { "X-Total-Count": String(total) }),
    ...(estimated ? { "X-Total-Count-Estimated": "true" } : {}),
  });

const asks = (client: QueryClient, query: ListQuery, page: number) =>
  new URLSearchParams(
    listPageRequest(contextFor(client, query, page), query, page, 50).queryString,
  );

afterEach(() => vi.useRealTimers());

describe("listPageRequest", () => {
  it("asks for the total when no other page of the same search and filters knows it", () => {
    const client = new QueryClient();
    expect(asks(client, byName, 1).get("withTotal")).toBeNull();
    cachePage(client, { ...byName, search: "bob" }, 1, 12);
    expect(asks(client, byName, 2).get("withTotal")).toBeNull();
    expect(Object.fromEntries(asks(client, byName, 2))).toEqual({
      search: "ann",
      sort: "username",
      order: "asc",
      limit: "50",
      offset: "50",
    });
  });

  it("keeps the total of another page while only the page or the sort changes", () => {
    const client = new QueryClient();
    cachePage(client, byName, 1, 120);
    expect(asks(client, byName, 2).get("withTotal")).toBe("false");
    const bySortDesc = { ...byName, sort: "createdAt", order: "desc" };
    const request = listPageRequest(contextFor(client, bySortDesc, 3), bySortDesc, 3, 50);
    expect(new URLSearchParams(request.queryString).get("withTotal")).toBe("false");
    // The server sent no total: the kept one stands, with when it was counted.
    const page = request.pageOf([{ id: 1 }], headers());
    expect(page).toMatchObject({ offset: 100, total: 120, count: { total: 120 } });
  });

  it("takes a total the server sent anyway (a short or empty page) as a new count", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const client = new QueryClient();
    cachePage(client, byName, 1, 120);
    const request = listPageRequest(contextFor(client, byName, 3), byName, 3, 50);
    const page = request.pageOf([{ id: 1 }], headers(101));
    expect(page.total).toBe(101);
    expect(page.count).toEqual({
      filters: countedFilters(byName),
      total: 101,
      at: Date.now(),
      estimated: false,
    });
  });

  it("counts again once a write invalidated the lists, or the count is older than a list stays fresh", async () => {
    const client = new QueryClient();
    cachePage(client, byName, 1, 120);
    await client.invalidateQueries({ queryKey: [PATH] });
    expect(asks(client, byName, 2).get("withTotal")).toBeNull();

    const later = new QueryClient();
    cachePage(later, byName, 1, 120, TOTAL_REUSE_MS + 1);
    expect(asks(later, byName, 2).get("withTotal")).toBeNull();
  });

  it("never keeps the total of the page being fetched again (a refresh counts)", () => {
    const client = new QueryClient();
    cachePage(client, byName, 2, 120);
    expect(asks(client, byName, 2).get("withTotal")).toBeNull();
  });

  it("reads the total from X-Total-Count when it counted", () => {
    const client = new QueryClient();
    const request = listPageRequest(contextFor(client, byName, 1), byName, 1, 50);
    expect(request.pageOf([{ id: 1 }], headers(75)).total).toBe(75);
  });

  it("reads an estimated total as one, and never keeps it for another page", () => {
    const client = new QueryClient();
    const first = listPageRequest(contextFor(client, {}, 1), {}, 1, 50);
    const page = first.pageOf([{ id: 1 }], headers(1_000_006, true));
    expect(page).toMatchObject({ total: 1_000_006, estimated: true, count: { estimated: true } });
    expect(first.pageOf([{ id: 1 }], headers(75)).estimated).toBe(false);

    cachePage(client, {}, 1, 1_000_006, 0, true);
    // Page 2 asks again (the server estimates at no cost): no withTotal=false, no kept estimate.
    expect(asks(client, {}, 2).get("withTotal")).toBeNull();
    const second = listPageRequest(contextFor(client, {}, 2), {}, 2, 50);
    expect(second.pageOf([{ id: 51 }], headers(1_000_006, true))).toMatchObject({
      total: 1_000_006,
      estimated: true,
    });
  });

  it("moves back by the exact count when the last page by an estimate is past the end", () => {
    const client = new QueryClient();
    cachePage(client, {}, 1, 1_000_006, 0, true);
    // The pager's last page by the estimate: the server finds no row there and counts exactly.
    const lastByEstimate = pageCount(1_000_006, 50);
    const past = listPageRequest(contextFor(client, {}, lastByEstimate), {}, lastByEstimate, 50);
    const page = past.pageOf([], headers(999_990));
    expect(page).toMatchObject({ rows: [], total: 999_990, estimated: false });
    expect(clampPage(lastByEstimate, page.total, 50)).toBe(20_000);
    // That exact total is kept for the pages the screen then reads.
    cachePage(client, {}, lastByEstimate, 999_990);
    expect(asks(client, {}, 20_000).get("withTotal")).toBe("false");
  });
});

describe("listPageRequest for a keyset list", () => {
  const LOG = "/api/activity";
  const newest: ListQuery = { order: "desc", area: "licenses" };
  const keyFor = (query: ListQuery, page: number, pageSize = 50) => [
    LOG,
    query,
    { page, pageSize },
  ];
  const contextAt = (client: QueryClient, query: ListQuery, page: number, pageSize = 50) => ({
    client,
    queryKey: keyFor(query, page, pageSize),
    signal: new AbortController().signal,
  });
  const rows = (count: number) => Array.from({ length: count }, (_, id) => ({ id }));
  const withCursors = (next: string, prev: string, total?: number, estimated = false) => {
    const answer = headers(total, estimated);
    answer.set("X-Next-Cursor", next);
    answer.set("X-Prev-Cursor", prev);
    return answer;
  };

  /** Reads page `page` as the kit would (answered with the cursors given) and caches it. */
  function readPage(
    client: QueryClient,
    query: ListQuery,
    page: number,
    answer: Headers,
    pageSize = 50,
  ) {
    const request = listPageRequest(
      contextAt(client, query, page, pageSize),
      query,
      page,
      pageSize,
      {
        keyset: true,
      },
    );
    const read = request.pageOf(rows(pageSize), answer);
    client.setQueryData(keyFor(query, page, pageSize), read);
    return { asked: Object.fromEntries(new URLSearchParams(request.queryString)), read };
  }

  const asksFor = (client: QueryClient, query: ListQuery, page: number, keyset = true) =>
    Object.fromEntries(
      new URLSearchParams(
        listPageRequest(contextAt(client, query, page), query, page, 50, { keyset }).queryString,
      ),
    );

  it("asks for the next page after the cached page's last row, not by offset", () => {
    const client = new QueryClient();
    const first = readPage(client, newest, 1, withCursors("next-of-1", "prev-of-1", 500));
    expect(first.asked).toEqual({ order: "desc", area: "licenses", limit: "50", offset: "0" });
    expect(first.read.cursors?.next).toBe("next-of-1");
    expect(asksFor(client, newest, 2)).toEqual({
      order: "desc",
      area: "licenses",
      after: "next-of-1",
      limit: "50",
      offset: "0",
      withTotal: "false",
    });
    // A list that did not opt in pages by offset, and a page with no cached neighbour too.
    expect(asksFor(client, newest, 2, false)).toMatchObject({ offset: "50" });
    expect(asksFor(client, newest, 2, false).after).toBeUndefined();
    expect(asksFor(client, newest, 3)).toMatchObject({ offset: "100" });
    expect(asksFor(client, newest, 3).after).toBeUndefined();
  });

  it("asks for the previous page before the cached next page's first row; page 1 by offset", () => {
    const client = new QueryClient();
    readPage(client, newest, 40, withCursors("next-of-40", "prev-of-40", 5000));
    expect(asksFor(client, newest, 39)).toMatchObject({ before: "prev-of-40", offset: "0" });
    expect(asksFor(client, newest, 39).after).toBeUndefined();
    readPage(client, newest, 2, withCursors("next-of-2", "prev-of-2", 5000));
    expect(asksFor(client, newest, 1)).toMatchObject({ offset: "0" });
    expect(asksFor(client, newest, 1).before).toBeUndefined();
  });

  it("takes no cursor from a page of other filters, another order or another page size", () => {
    const client = new QueryClient();
    readPage(client, { ...newest, area: "users" }, 1, withCursors("users-next", "users-prev", 90));
    readPage(client, { ...newest, order: "asc" }, 1, withCursors("asc-next", "asc-prev", 90));
    readPage(client, newest, 1, withCursors("ten-next", "ten-prev", 90), 10);
    // The page of 10 at offset 0 would sit just before a page of 50 at offset 50 by offset alone.
    expect(asksFor(client, newest, 2)).toMatchObject({ offset: "50" });
    expect(asksFor(client, newest, 2).after).toBeUndefined();
  });

  it("ends the list at a short page read by cursor, whatever the server estimated", () => {
    const client = new QueryClient();
    readPage(client, newest, 1, withCursors("next-of-1", "prev-of-1", 1_000_000, true));
    const request = listPageRequest(contextAt(client, newest, 2), newest, 2, 50, { keyset: true });
    expect(new URLSearchParams(request.queryString).get("after")).toBe("next-of-1");
    const last = request.pageOf(rows(7), withCursors("n", "p", 1_000_000, true));
    expect(last).toMatchObject({ offset: 50, total: 57, estimated: false });
  });

  it("reads a page nearer the end from the end once the total is known, never past it", () => {
    const client = new QueryClient();
    readPage(client, newest, 1, withCursors("next-of-1", "prev-of-1", 1030));
    // The last page (21 of 21) holds rows 1000-1029: the 30 last rows, read from the end.
    expect(asksFor(client, newest, 21)).toMatchObject({
      fromEnd: "true",
      limit: "30",
      offset: "0",
      withTotal: "false",
    });
    // Page 15 (rows 700-749): 280 rows after it, 700 before: from the end, after 280.
    expect(asksFor(client, newest, 15)).toMatchObject({ fromEnd: "true", offset: "280" });
    // Page 5 is nearer the start: by offset. Past the end: by offset (the pager then moves back).
    expect(asksFor(client, newest, 5)).toMatchObject({ offset: "200" });
    expect(asksFor(client, newest, 5).fromEnd).toBeUndefined();
    expect(asksFor(client, newest, 30).fromEnd).toBeUndefined();
    // Not for a list that did not opt in, nor for one whose server sends no cursors.
    expect(asksFor(client, newest, 21, false).fromEnd).toBeUndefined();
    const plain = new QueryClient();
    readPage(plain, newest, 1, headers(1030));
    expect(asksFor(plain, newest, 21)).toMatchObject({ offset: "1000" });
    expect(asksFor(plain, newest, 21).fromEnd).toBeUndefined();
  });

  it("places a page read from the end at its own offset, with the known total", () => {
    const client = new QueryClient();
    readPage(client, newest, 1, withCursors("next-of-1", "prev-of-1", 1030));
    const request = listPageRequest(contextAt(client, newest, 21), newest, 21, 50);
    const last = request.pageOf(rows(30), withCursors("n", "p"));
    expect(last).toMatchObject({ offset: 1000, total: 1030, estimated: false });
    expect(last.cursors).toMatchObject({ next: "n", prev: "p" });
  });
});

describe("fromEndWindow", () => {
  it("counts from the nearer end only", () => {
    expect(fromEndWindow(0, 50, 1000)).toBeUndefined();
    expect(fromEndWindow(450, 50, 1000)).toBeUndefined();
    expect(fromEndWindow(500, 50, 1000)).toEqual({ limit: 50, offset: 450 });
    expect(fromEndWindow(950, 50, 1000)).toEqual({ limit: 50, offset: 0 });
    expect(fromEndWindow(1000, 50, 1030)).toEqual({ limit: 30, offset: 0 });
    expect(fromEndWindow(1050, 50, 1030)).toBeUndefined();
  });
});
