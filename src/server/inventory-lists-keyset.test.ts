// The users, directories and hardware lists by keyset (decisions 0040, 0051): walked page by page
// after each page's X-Next-Cursor, and from the end (fromEnd) back before each X-Prev-Cursor, they
// give exactly the pages offsets give, for every sort both ways and with filters. The rows are
// made to tie: one creation instant for all (one INSERT), names equal but for case, a few types,
// statuses, locations, amounts and dates for many rows, and blank names, locations, amounts and
// dates, so that page edges fall inside ties and around NULLs. A cursor the list did not write
// (edited, of another sort or list) is a 400.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  idsOf,
  type ListCall,
  walkBackward,
  walkByOffset,
  walkForward,
} from "../../tests/support/keyset-walk";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../tests/support/test-app";
import { encodeCursor } from "../domain/schemas/cursor";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

const ROWS = 23;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
  await t.app.db.execute(sql`
    insert into users (username, full_name, department, is_active)
    select 'Person' || ((g * 7) % ${ROWS}),
      (array['Alex Same', 'alex same', null, 'Blake'])[1 + g % 4], 'Dept', g % 3 <> 0
    from generate_series(0, ${ROWS - 1}) as g`);
  await t.app.db.execute(sql`
    insert into directories (name, location, payment_amount, payment_currency, is_one_time,
      is_cancelled, next_payment_date)
    select (array['Listing', 'listing', 'Other ' || g])[1 + g % 3], 'City',
      case when g % 5 = 0 then null else (10 + g % 3)::numeric end,
      (array['USD', 'AUD', 'USD'])[1 + g % 3], g % 4 = 1, g % 6 = 2,
      case when g % 4 = 0 then null else date '2026-05-01' + (g % 3) end
    from generate_series(0, ${ROWS - 1}) as g`);
  await t.app.db.execute(sql`
    insert into hardware (name, type, identifier, location, status, assigned_to_user_id)
    select (array['ThinkPad', 'thinkpad', 'Dell ' || (g % 5)])[1 + g % 3],
      (array['laptop', 'monitor', 'laptop'])[1 + g % 3], 'HW-' || g,
      (array['Remote', null, 'Office', 'remote'])[1 + g % 4],
      (array['active', 'retired', 'active', 'maintenance'])[1 + g % 4],
      case when g % 3 = 0 then ${user.user.id}::int end
    from generate_series(0, ${ROWS - 1}) as g`);
});
afterAll(() => t.close());

const list = (path: string, query: string, cookie = admin.cookie) =>
  t.request({ method: "GET", url: `${path}${path.includes("?") ? "&" : "?"}${query}`, cookie });

/** The list at `path` (its sort and filters in it) asked with a page query. */
const caller =
  (path: string, cookie = admin.cookie): ListCall =>
  (query) =>
    list(path, query, cookie);

const byOffset = (path: string, limit: number) => walkByOffset(caller(path), limit);
const forwardByCursor = (path: string, limit: number, cookie?: string) =>
  walkForward(caller(path, cookie), limit, ROWS * 2);
const backwardFromEnd = (path: string, limit: number, total: number, cookie?: string) =>
  walkBackward(caller(path, cookie), limit, total, { fromEnd: true, maxPages: ROWS * 2 });

const lists = (): { path: string; sorts: string[]; filters: string[]; cookie?: string }[] => [
  {
    path: "/api/users",
    sorts: ["username", "fullName", "createdAt"],
    filters: ["", "active=true", "search=person1"],
  },
  {
    path: "/api/directories",
    sorts: ["name", "paymentAmount", "nextPaymentDate"],
    filters: ["", "status=active", "search=listing"],
  },
  {
    path: "/api/hardware",
    sorts: ["name", "type", "location", "status", "createdAt"],
    filters: ["", "status=active", "location=Remote", "view=available", "search=thinkpad"],
  },
];

describe("the inventory lists by cursor", () => {
  for (const { path, sorts } of lists()) {
    for (const sort of sorts) {
      for (const order of ["asc", "desc"] as const) {
        it(`${path} by ${sort} ${order}: cursors and the end page as offsets do`, async () => {
          const { filters } = lists().find((item) => item.path === path)!;
          for (const filter of filters) {
            const base = `${path}?sort=${sort}&order=${order}${filter ? `&${filter}` : ""}`;
            const whole = idsOf((await list(base, "")).body);
            expect(whole.length, base).toBeGreaterThan(3);
            // Pages of 1, 3 and 4: every edge, and edges inside each run of ties.
            for (const limit of [1, 3, 4]) {
              expect(await byOffset(base, limit), `${base} offset ${limit}`).toEqual(whole);
              expect(await forwardByCursor(base, limit), `${base} after ${limit}`).toEqual(whole);
              expect(
                await backwardFromEnd(base, limit, whole.length),
                `${base} from the end, before ${limit}`,
              ).toEqual(whole);
            }
          }
        });
      }
    }
  }

  it("an ordinary user's hardware (free items and their own) pages by cursor as by offset", async () => {
    for (const sort of ["location", "name"]) {
      const base = `/api/hardware?sort=${sort}&order=desc`;
      const whole = idsOf((await list(base, "", user.cookie)).body);
      expect(whole.length).toBeGreaterThan(3);
      expect(await forwardByCursor(base, 4, user.cookie)).toEqual(whole);
      expect(await backwardFromEnd(base, 4, whole.length, user.cookie)).toEqual(whole);
    }
  });

  it("puts blank names, locations, amounts and dates last either way", async () => {
    for (const [path, sort, field] of [
      ["/api/users", "fullName", "fullName"],
      ["/api/hardware", "location", "location"],
      ["/api/directories", "paymentAmount", "paymentAmount"],
      ["/api/directories", "nextPaymentDate", "nextPaymentDate"],
    ] as const) {
      for (const order of ["asc", "desc"]) {
        const rows = JSON.parse(
          (await list(`${path}?sort=${sort}&order=${order}`, "")).body,
        ) as Record<string, unknown>[];
        const blanks = rows.findIndex((row) => row[field] === null);
        expect(blanks, `${path} ${sort} ${order}`).toBeGreaterThan(0);
        expect(rows.slice(blanks).every((row) => row[field] === null)).toBe(true);
      }
    }
  });

  it("reads a page from the end at the offset the pager gives it", async () => {
    const query = "sort=location&order=asc";
    const byOffsetPage = await list(`/api/hardware?${query}`, "limit=5&offset=15");
    // 23 rows: rows 15-19 are 3 rows from the end.
    const fromEnd = await list(`/api/hardware?${query}`, "limit=5&offset=3&fromEnd=true");
    expect(idsOf(fromEnd.body)).toEqual(idsOf(byOffsetPage.body));
    expect(fromEnd.headers["x-total-count"]).toBe(String(ROWS));
  });
});

describe("cursors the inventory lists did not write", () => {
  const base64url = (text: string) => Buffer.from(text).toString("base64url");
  const userCursor = encodeCursor({ tag: "users:username", values: ["alpha"], id: 1 });
  const cases: [string, string][] = [
    ["/api/users?sort=username", `${userCursor}A`],
    ["/api/users?sort=username", base64url('["users:username",5,1]')],
    ["/api/users?sort=fullName", userCursor],
    ["/api/users?sort=createdAt", base64url('["users:createdAt","2026-01-01T10:00:00Z",1]')],
    ["/api/directories?sort=name", userCursor],
    ["/api/directories?sort=paymentAmount", base64url('["directories:paymentAmount","1e3","a",1]')],
    [
      "/api/directories?sort=nextPaymentDate",
      base64url('["directories:nextPaymentDate","2026-02-30","a",1]'),
    ],
    ["/api/hardware?sort=location", base64url('["hardware:location","Remote",null,1]')],
    ["/api/hardware?sort=type", base64url('["hardware:type",null,"a",1]')],
    // No item of one location is without one: a blank location's cursor is no row's there.
    ["/api/hardware?sort=location&location=Remote", base64url('["hardware:location",null,"a",1]')],
    ["/api/hardware?sort=name", base64url('["hardware:name","a",0]')],
  ];
  for (const [url, cursor] of cases) {
    it(`answers 400 for ${url} with ${cursor}`, async () => {
      for (const side of ["after", "before"]) {
        const response = await list(url, `limit=5&${side}=${encodeURIComponent(cursor)}`);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: "VALIDATION_FAILED",
          errors: [{ path: side }],
        });
      }
    });
  }

  it("answers 400 for a cursor beside fromEnd or beside another cursor", async () => {
    const first = await list("/api/hardware?sort=name", "limit=5");
    const cursor = first.headers["x-next-cursor"] as string;
    for (const query of [
      `after=${cursor}&before=${cursor}`,
      `after=${cursor}&fromEnd=true`,
      "fromEnd=maybe",
    ]) {
      const response = await list("/api/hardware?sort=name", `limit=5&${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("an export of a list ignores a cursor in its address and writes every row", async () => {
    const first = await list("/api/hardware?sort=name", "limit=5");
    const cursor = first.headers["x-next-cursor"] as string;
    const response = await list("/api/hardware/export?sort=name", `format=csv&after=${cursor}`);
    expect(response.statusCode, response.body).toBe(200);
    // The header line, then one line per item.
    expect(response.body.trim().split("\n").length).toBe(ROWS + 1);
  });
});
