// The licenses list and the assignments by keyset (decision 0040): for every sort and direction,
// walking by cursor forward, backward from the last page read from the end, gives exactly the
// pages offsets give, on rows with tied names, tied dates and costs, and no date or no cost; a row
// added between two pages neither repeats nor hides a row already passed; and a cursor of another
// list or sort, or an edited one, is a 400 on every list that takes one.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { encodeCursor } from "../../domain/schemas/cursor";
import { users } from "../db/schema";

let t: TestApp;
let admin: SignedIn;
const LICENSES = 23;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
  const sealed = t.app.secrets.seal("KEY-1234").ciphertext;
  // Names of three spellings that lower() ties, dates of four days or none, amounts of four
  // values or none in two currencies: every sort has ties, broken by name and then id.
  await t.app.db.execute(sql`
    insert into licenses (name, license_key_ciphertext, license_key_masked, expiry_date,
      payment_amount, payment_currency, payment_frequency)
    select (array['Alpha', 'alpha', 'ALPHA', 'Beta', 'gamma'])[1 + g % 5],
      ${sealed}, '****-1234',
      case when g % 6 = 0 then null else date '2027-01-01' + (g % 4) end,
      case when g % 7 = 0 then null else (g % 4) * 10 end,
      case when g % 2 = 0 then 'USD' else 'EUR' end, 'monthly'
    from generate_series(1, ${LICENSES}) as g
    order by (g * 7) % ${LICENSES}`);
  // Assignments of one instant share created_at: only the id orders them.
  const [user] = await t.app.db.select({ id: users.id }).from(users).limit(1);
  await t.app.db.execute(sql`
    insert into license_assignments (license_id, user_id, assigned_to, assigned_date, is_active,
      created_at)
    select l.id, ${user!.id}, 'Someone', date '2026-01-01', l.id % 3 <> 0,
      timestamptz '2026-01-01 10:00:00+00' + (l.id % 4) * interval '1 microsecond'
    from licenses as l`);
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: "GET", url, cookie: admin.cookie });
const idsOf = (body: string) => (JSON.parse(body) as { id: number }[]).map((row) => row.id);

async function byOffset(path: string, query: string, limit: number) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = idsOf((await get(`${path}?${query}&limit=${limit}&offset=${offset}`)).body);
    ids.push(...page);
    if (page.length < limit) return ids;
  }
}

async function forward(path: string, query: string, limit: number) {
  const ids: number[] = [];
  let url = `${path}?${query}&limit=${limit}`;
  for (let pages = 0; pages <= LICENSES; pages++) {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const page = idsOf(response.body);
    ids.push(...page);
    if (page.length < limit) return ids;
    url = `${path}?${query}&limit=${limit}&withTotal=false&after=${response.headers["x-next-cursor"]}`;
  }
  throw new Error("more pages than rows");
}

/** The last page read from the end (fromEnd), then each page before it by cursor. */
async function backward(path: string, query: string, limit: number, total: number) {
  let ids: number[] = [];
  const last = total % limit || limit;
  let url = `${path}?${query}&limit=${last}&offset=0&fromEnd=true`;
  for (let pages = 0; pages <= LICENSES; pages++) {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const page = idsOf(response.body);
    ids = [...page, ...ids];
    if (pages > 0 && page.length < limit) return ids;
    url = `${path}?${query}&limit=${limit}&withTotal=false&before=${response.headers["x-prev-cursor"]}`;
  }
  throw new Error("more pages than rows");
}

describe("GET /api/licenses by keyset", () => {
  for (const sort of ["name", "expiryDate", "cost"]) {
    for (const order of ["asc", "desc"]) {
      it(`pages as offsets do, forward and from the end back (${sort} ${order})`, async () => {
        const query = `sort=${sort}&order=${order}`;
        const expected = idsOf((await get(`/api/licenses?${query}`)).body);
        expect(expected.length).toBe(LICENSES);
        for (const limit of [2, 5, 23]) {
          expect(await byOffset("/api/licenses", query, limit)).toEqual(expected);
          expect(await forward("/api/licenses", query, limit), `after ${limit}`).toEqual(expected);
          expect(
            await backward("/api/licenses", query, limit, LICENSES),
            `before ${limit}`,
          ).toEqual(expected);
        }
      });
    }
  }

  it("reads the rows of a page from the end at the offset the pager gives them", async () => {
    const query = "sort=cost&order=desc";
    const byOffsetPage = await get(`/api/licenses?${query}&limit=5&offset=15`);
    // 23 rows: rows 15-19 are 3 rows from the end.
    const fromEnd = await get(`/api/licenses?${query}&limit=5&offset=3&fromEnd=true`);
    expect(idsOf(fromEnd.body)).toEqual(idsOf(byOffsetPage.body));
    expect(fromEnd.headers["x-total-count"]).toBe(String(LICENSES));
  });

  it("neither repeats nor skips a passed row when a row is added between two pages", async () => {
    const first = await get("/api/licenses?sort=name&limit=5");
    const seen = idsOf(first.body);
    await t.app.db.execute(sql`
      insert into licenses (name, license_key_ciphertext, license_key_masked)
      values ('aaa first of all', 'x', '****'), ('zzz last of all', 'x', '****')`);
    const next = await get(
      `/api/licenses?sort=name&limit=50&after=${first.headers["x-next-cursor"]}`,
    );
    const rest = idsOf(next.body);
    expect(rest.filter((id) => seen.includes(id))).toEqual([]);
    const all = idsOf((await get("/api/licenses?sort=name")).body);
    // Every row after the first page's, the new last one too; the new first one is before it.
    expect(rest).toEqual(all.slice(all.indexOf(seen.at(-1)!) + 1));
    await t.app.db.execute(sql`delete from licenses where name like '___ % of all'`);
  });
});

describe("GET /api/assignments by keyset", () => {
  for (const filter of ["", "active=true"]) {
    it(`pages as offsets do on rows of one microsecond (${filter || "no filter"})`, async () => {
      const expected = idsOf((await get(`/api/assignments?${filter}`)).body);
      expect(expected.length).toBeGreaterThan(10);
      for (const limit of [3, 4]) {
        expect(await byOffset("/api/assignments", filter, limit)).toEqual(expected);
        expect(await forward("/api/assignments", filter, limit)).toEqual(expected);
        expect(await backward("/api/assignments", filter, limit, expected.length)).toEqual(
          expected,
        );
      }
    });
  }
});

describe("cursors the list did not write", () => {
  const base64url = (text: string) => Buffer.from(text).toString("base64url");
  const nameCursor = encodeCursor({ tag: "licenses:name", values: ["alpha"], id: 1 });
  const cases: [string, string][] = [
    ["/api/licenses?sort=name", "not a cursor"],
    ["/api/licenses?sort=name", base64url('["licenses:name","alpha"]')],
    ["/api/licenses?sort=name", base64url('["licenses:name",5,1]')],
    ["/api/licenses?sort=name", `${nameCursor}A`],
    // Another sort's cursor (well formed, values of its own kinds): foreign to this sort.
    ["/api/licenses?sort=expiryDate", nameCursor],
    ["/api/licenses?sort=expiryDate", base64url('["licenses:expiryDate","2027-02-30","a",1]')],
    ["/api/licenses?sort=cost", base64url('["licenses:cost","12; select 1","a",1]')],
    ["/api/licenses?sort=cost", base64url('["licenses:cost",12,"a",1]')],
    ["/api/assignments/of-license-page?sort=name", base64url('["activity:occurredAt","x",1]')],
    ["/api/assignments?", nameCursor],
    ["/api/assignments?", base64url('["assignments:createdAt","2026-01-01T10:00:00Z",1]')],
    ["/api/activity?", nameCursor],
  ];
  for (const [url, cursor] of cases) {
    it(`answers 400 for ${url} with ${cursor}`, async () => {
      for (const side of ["after", "before"]) {
        const response = await get(`${url}&limit=5&${side}=${encodeURIComponent(cursor)}`);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: "VALIDATION_FAILED",
          errors: [{ path: side }],
        });
      }
    });
  }

  it("answers 400 for a cursor beside fromEnd or beside another cursor", async () => {
    const both = await get(`/api/licenses?limit=5&after=${nameCursor}&before=${nameCursor}`);
    expect(both.statusCode).toBe(400);
    const end = await get(`/api/licenses?limit=5&after=${nameCursor}&fromEnd=true`);
    expect(end.statusCode).toBe(400);
    const bad = await get("/api/licenses?limit=5&fromEnd=maybe");
    expect(bad.statusCode).toBe(400);
  });
});
