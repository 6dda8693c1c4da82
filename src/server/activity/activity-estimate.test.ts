// GET /api/activity over a log of LARGE_TABLE_ROWS records and more: the whole log's page answers
// the planner's estimate, flagged X-Total-Count-Estimated, once the log was analyzed; a filter or
// a search is still counted exactly (decision 0029). On PGlite and, with TEST_DATABASE_URL,
// PostgreSQL.
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { ActivityResponse } from "../../domain/schemas/activity";
import { activityLog } from "../db/schema";
import { LARGE_TABLE_ROWS } from "../lib/paging";

const RECORDS = LARGE_TABLE_ROWS + 10_000;
/** Every tenth record is a hardware update of "Dock <n>", the rest license updates. */
const HARDWARE = RECORDS / 10;

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
  await t.app.db.execute(sql`
    insert into activity_log (occurred_at, user_id, via, action, area, item_id, item_label)
    select now() - g * interval '1 second', ${admin.user.id}, 'session', 'update',
      case when g % 10 = 0 then 'hardware' else 'licenses' end, g,
      case when g % 10 = 0 then 'Dock ' || g else 'License ' || g end
    from generate_series(1, ${RECORDS}::int) as g`);
  await t.app.db.execute(sql`analyze activity_log`);
}, 120_000);
afterAll(() => t.close());

const list = (query: string) =>
  t.request({ method: "GET", url: `/api/activity${query}`, cookie: admin.cookie });

/** The signed-in admin's own sign-in and the app's set-up add a few records besides. */
const near = (total: number, expected: number) =>
  total > expected * 0.95 && total < expected * 1.05;

describe("GET /api/activity on a large log", () => {
  it("answers the whole log's total as an estimate, and says so", async () => {
    const response = await list("?limit=50");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-total-count-estimated"]).toBe("true");
    const total = Number(response.headers["x-total-count"]);
    expect(near(total, RECORDS), `${total}`).toBe(true);
    expect((response.json() as ActivityResponse[]).length).toBe(50);
  });

  it("counts a filtered or searched log exactly, and says nothing of an estimate", async () => {
    const hardware = await list("?area=hardware&limit=50");
    expect(hardware.headers["x-total-count"]).toBe(String(HARDWARE));
    expect(hardware.headers["x-total-count-estimated"]).toBeUndefined();
    const searched = await list(`?search=${encodeURIComponent("Dock 10000")}&limit=50`);
    // Dock 10000 and Dock 100000 (the docks are the multiples of ten).
    expect(searched.headers["x-total-count"]).toBe("2");
    expect(searched.headers["x-total-count-estimated"]).toBeUndefined();
  });

  it("sends no estimate for a page whose total the client keeps, nor for the short last page", async () => {
    const kept = await list("?limit=50&offset=50&withTotal=false");
    expect(kept.headers["x-total-count"]).toBeUndefined();
    expect(kept.headers["x-total-count-estimated"]).toBeUndefined();

    const [counted] = await t.app.db.select({ rows: count() }).from(activityLog);
    const exact = counted!.rows;
    const last = await list(`?limit=50&offset=${exact - 7}`);
    expect((last.json() as ActivityResponse[]).length).toBe(7);
    expect(last.headers["x-total-count"]).toBe(String(exact));
    expect(last.headers["x-total-count-estimated"]).toBeUndefined();
  });

  it("estimates a page after a cursor too, even a short one: its place in the list is unknown", async () => {
    const deep = await list("?limit=50&offset=10000&withTotal=false");
    const next = await list(`?limit=50&after=${deep.headers["x-next-cursor"]}`);
    expect(next.headers["x-total-count-estimated"]).toBe("true");
    expect(near(Number(next.headers["x-total-count"]), RECORDS)).toBe(true);
    const byOffset = await list("?limit=50&offset=10050&withTotal=false");
    expect(next.json()).toEqual(byOffset.json());

    const [counted] = await t.app.db.select({ rows: count() }).from(activityLog);
    const nearEnd = await list(`?limit=50&offset=${counted!.rows - 57}&withTotal=false`);
    const last = await list(`?limit=50&after=${nearEnd.headers["x-next-cursor"]}`);
    expect((last.json() as ActivityResponse[]).length).toBe(7);
    expect(last.headers["x-total-count-estimated"]).toBe("true");
  });
});
