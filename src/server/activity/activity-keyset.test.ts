// GET /api/activity by keyset (after/before a cursor, decision 0029 amended): on a log that does
// not change, paging by cursor gives exactly the pages paging by offset gives, forward and back,
// newest or oldest first, with filters; records of one instant (ties) keep their id order across
// a page's edge, and so do records a microsecond apart (a JS Date's milliseconds cannot tell
// them apart); a cursor that is not one the server wrote is a 400.
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { ActivityResponse } from "../../domain/schemas/activity";
import { encodeCursor } from "../../domain/schemas/cursor";
import { activityLog } from "../db/schema";

let t: TestApp;
let admin: SignedIn;

const DAY = "from=2024-03-01&to=2024-03-01";
const RECORDS = 30;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
  // Thirty records of one day: four to a millisecond, two of them at one microsecond and two at
  // the next, inserted out of time order so that the ids of one instant are not in time order.
  await t.app.db.execute(sql`
    insert into activity_log (occurred_at, via, action, area, item_id, item_label)
    select timestamptz '2024-03-01 10:00:00+00' + (g / 4) * interval '1 millisecond'
        + (g % 2) * interval '1 microsecond',
      'session', 'update', case when g % 3 = 0 then 'users' else 'hardware' end, g,
      'Keyset item ' || g
    from generate_series(0, ${RECORDS - 1}) as g
    order by (g * 7) % ${RECORDS}`);
});
afterAll(() => t.close());

const list = (query: string) =>
  t.request({ method: "GET", url: `/api/activity?${query}`, cookie: admin.cookie });

const idsOf = (body: string) => (JSON.parse(body) as ActivityResponse[]).map((row) => row.id);

/** The ids in list order, straight from the table: the order every way of paging must keep. */
async function truth(order: "asc" | "desc", area?: "hardware") {
  const direction = order === "asc" ? asc : desc;
  const rows = await t.app.db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(
      and(
        gte(activityLog.occurredAt, new Date("2024-03-01T00:00:00Z")),
        lt(activityLog.occurredAt, new Date("2024-03-02T00:00:00Z")),
        area ? eq(activityLog.area, area) : undefined,
      ),
    )
    .orderBy(direction(activityLog.occurredAt), direction(activityLog.id));
  return rows.map((row) => row.id);
}

/** Every page by offset, one after another. */
async function byOffset(filters: string, limit: number) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = idsOf((await list(`${filters}&limit=${limit}&offset=${offset}`)).body);
    ids.push(...page);
    if (page.length < limit) return ids;
  }
}

/** Page 1 by offset, then each next page after the last one's X-Next-Cursor. */
async function forwardByCursor(filters: string, limit: number) {
  const ids: number[] = [];
  let query = `${filters}&limit=${limit}`;
  // A cursor that repeats a page would loop for ever: no walk takes more pages than records.
  for (let pages = 0; pages <= RECORDS; pages++) {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    const page = idsOf(response.body);
    ids.push(...page);
    if (page.length < limit) return ids;
    query = `${filters}&limit=${limit}&withTotal=false&after=${response.headers["x-next-cursor"]}`;
  }
  throw new Error(`more pages than records: ${ids.join(", ")}`);
}

/** The last page by offset, then each previous page before the first one's X-Prev-Cursor. */
async function backwardByCursor(filters: string, limit: number, total: number) {
  let ids: number[] = [];
  let query = `${filters}&limit=${limit}&offset=${Math.floor((total - 1) / limit) * limit}`;
  for (let pages = 0; pages <= RECORDS; pages++) {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    const page = idsOf(response.body);
    const first = ids.length === 0;
    ids = [...page, ...ids];
    // The last page may be short; a short (or empty) page before it is the list's start.
    if (!first && page.length < limit) return ids;
    query = `${filters}&limit=${limit}&withTotal=false&before=${response.headers["x-prev-cursor"]}`;
  }
  throw new Error(`more pages than records: ${ids.join(", ")}`);
}

describe("GET /api/activity by cursor", () => {
  for (const order of ["desc", "asc"] as const) {
    for (const area of [undefined, "hardware" as const]) {
      it(`pages as offsets do, forward and back (order ${order}, area ${area ?? "any"})`, async () => {
        const filters = `${DAY}&order=${order}${area ? `&area=${area}` : ""}`;
        const expected = await truth(order, area);
        expect(expected.length).toBe(area ? 20 : RECORDS);
        // Page sizes that put an edge between two records of one instant and between two
        // records a microsecond apart.
        for (const limit of [3, 4, 7]) {
          expect(await byOffset(filters, limit), `offset, limit ${limit}`).toEqual(expected);
          expect(await forwardByCursor(filters, limit), `after, limit ${limit}`).toEqual(expected);
          expect(
            await backwardByCursor(filters, limit, expected.length),
            `before, limit ${limit}`,
          ).toEqual(expected);
        }
      });
    }
  }

  it("orders the records of one instant by id across a page's edge", async () => {
    const expected = await truth("desc");
    // Records 0 and 2 of the seed share an instant (10:00:00.000000): a page of one ends at the
    // first, and the next page starts at the other.
    const tied = await t.app.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(inArray(activityLog.itemLabel, ["Keyset item 0", "Keyset item 2"]))
      .orderBy(desc(activityLog.id));
    const [higher, lower] = tied.map((row) => row.id);
    const at = expected.indexOf(higher!);
    expect(expected[at + 1]).toBe(lower);
    const first = await list(`${DAY}&limit=1&offset=${at}`);
    expect(idsOf(first.body)).toEqual([higher]);
    const next = await list(`${DAY}&limit=1&after=${first.headers["x-next-cursor"]}`);
    expect(idsOf(next.body)).toEqual([lower]);
    const back = await list(`${DAY}&limit=1&before=${next.headers["x-prev-cursor"]}`);
    expect(idsOf(back.body)).toEqual([higher]);
  });

  it("counts the filters' total unless told not to, and counts offset from the cursor", async () => {
    const first = await list(`${DAY}&area=hardware&limit=5`);
    expect(first.headers["x-total-count"]).toBe("20");
    const cursor = first.headers["x-next-cursor"] as string;
    const counted = await list(`${DAY}&area=hardware&limit=5&after=${cursor}`);
    expect(counted.headers["x-total-count"]).toBe("20");
    const kept = await list(`${DAY}&area=hardware&limit=5&after=${cursor}&withTotal=false`);
    expect(kept.headers["x-total-count"]).toBeUndefined();
    // The last page by cursor is short, but its place is unknown: still no total.
    const last = await list(
      `${DAY}&area=hardware&limit=5&offset=10&after=${cursor}&withTotal=false`,
    );
    expect(idsOf(last.body).length).toBe(5);
    const skipped = await list(`${DAY}&area=hardware&limit=5&offset=5&after=${cursor}`);
    expect(idsOf(skipped.body)).toEqual(
      idsOf((await list(`${DAY}&area=hardware&limit=5&offset=10`)).body),
    );
    // Past the end: no rows, no cursors.
    const beyond = await list(`${DAY}&area=hardware&limit=5&offset=50&after=${cursor}`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers["x-next-cursor"]).toBeUndefined();
    expect(beyond.headers["x-total-count"]).toBeUndefined();
  });

  it("answers 400 for a cursor the server did not write", async () => {
    const good = encodeCursor({
      tag: "activity:occurredAt",
      values: ["2024-03-01T10:00:00.000001Z"],
      id: 5,
    });
    const base64url = (text: string) => Buffer.from(text).toString("base64url");
    for (const cursor of [
      "not a cursor",
      "!!!!",
      base64url("hello"),
      base64url("{}"),
      base64url('["2024-03-01T10:00:00.000001Z"]'),
      base64url('["2024-03-01T10:00:00.000001Z",5,1]'),
      base64url('["2024-03-01T10:00:00.001Z",5]'),
      base64url('["2024-02-30T10:00:00.000001Z",5]'),
      base64url('["2024-03-01T10:00:00.000001+01:00",5]'),
      base64url('["2024-03-01T10:00:00.000001Z",0]'),
      base64url('["2024-03-01T10:00:00.000001Z",1.5]'),
      base64url('["2024-03-01T10:00:00.000001Z","5"]'),
      base64url('["2024-03-01T10:00:00.000001Z",99999999999999999999]'),
      `${good}=`,
      `${good}A`,
      "A".repeat(201),
    ]) {
      for (const side of ["after", "before"]) {
        const response = await list(`limit=5&${side}=${encodeURIComponent(cursor)}`);
        expect(response.statusCode, `${side}=${cursor}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: "VALIDATION_FAILED",
          errors: [{ path: side }],
        });
      }
    }
    const both = await list(`limit=5&after=${good}&before=${good}`);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    // A well-formed cursor of a row that is not there is still a position: a page, not an error.
    const elsewhere = await list(`${DAY}&limit=5&after=${good}`);
    expect(elsewhere.statusCode).toBe(200);
  });
});
