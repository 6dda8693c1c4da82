// The hardware requests list by keyset (decision 0040): walked page by page after each page's
// X-Next-Cursor and back before each X-Prev-Cursor, it gives exactly the pages offsets give, for
// both sorts both ways and with a status filter. All rows are made in one INSERT, so they share
// one creation instant, and three statuses share many rows: page edges fall inside ties.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let admin: SignedIn;
const ROWS = 23;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
  await t.app.db.execute(sql`
    insert into hardware_requests (requested_by_user_id, type, name, hardware_type, reason, status)
    select ${admin.user.id}::int, 'new', 'Thing ' || g, 'peripheral', 'Reason ' || g,
      (array['pending', 'approved', 'rejected', 'pending'])[1 + g % 4]
    from generate_series(0, ${ROWS - 1}) as g`);
});
afterAll(() => t.close());

const get = (query: string) =>
  t.request({ method: "GET", url: `/api/hardware-requests?${query}`, cookie: admin.cookie });
const idsOf = (body: string) => (JSON.parse(body) as { id: number }[]).map((row) => row.id);

async function walk(base: string, limit: number, direction: "next" | "prev") {
  const all = await get(`${base}&limit=${ROWS + 1}`);
  const expected = idsOf(all.body);
  const byOffset: number[] = [];
  for (let offset = 0; offset < expected.length; offset += limit) {
    byOffset.push(...idsOf((await get(`${base}&limit=${limit}&offset=${offset}`)).body));
  }
  expect(byOffset).toEqual(expected);
  let ids: number[] = [];
  let query =
    direction === "next"
      ? `${base}&limit=${limit}`
      : `${base}&limit=${limit}&offset=${Math.floor((expected.length - 1) / limit) * limit}`;
  for (let pages = 0; pages <= ROWS; pages++) {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    const page = idsOf(response.body);
    ids = direction === "next" ? [...ids, ...page] : [...page, ...ids];
    if (ids.length >= expected.length) break;
    const cursor = response.headers[direction === "next" ? "x-next-cursor" : "x-prev-cursor"];
    expect(cursor).toBeTypeOf("string");
    query = `${base}&limit=${limit}&withTotal=false&${direction === "next" ? "after" : "before"}=${cursor}`;
  }
  expect(ids).toEqual(expected);
}

describe("hardware requests by keyset", () => {
  for (const filter of ["", "&status=pending"]) {
    for (const sort of ["createdAt", "status"]) {
      for (const order of ["asc", "desc"]) {
        const base = `sort=${sort}&order=${order}${filter}`;
        it(`${base}: next and previous cursors give the offset pages`, async () => {
          await walk(base, 5, "next");
          await walk(base, 5, "prev");
        });
      }
    }
  }

  it("refuses a cursor of another sort", async () => {
    const first = await get("sort=status&order=asc&limit=5");
    const cursor = first.headers["x-next-cursor"];
    const response = await get(`sort=createdAt&order=asc&limit=5&after=${cursor}`);
    expect(response.statusCode).toBe(400);
  });
});
