// The organizations' and plans' account counts (migration 0039): kept by statement triggers on
// gsuite_accounts, they must equal a count of the accounts after every kind of change: one
// account created through the API, many in one INSERT, accounts moved between organizations and
// plans (and to none), an edit that moves nothing, and deletes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { OrganizationResponse, PlanResponse } from "../../domain/schemas/gsuite";
import { rowsOf } from "../db/rows-of";

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const call = (method: "GET" | "POST", url: string, payload?: object) =>
  t.request({ method, url, cookie: admin.cookie, payload });

/** What each list says, beside what a count of the accounts says: the two must agree. */
async function countsAgree() {
  const organizations = (
    await call("GET", "/api/gsuite-organizations")
  ).json() as OrganizationResponse[];
  const plans = (await call("GET", "/api/gsuite-plans")).json() as PlanResponse[];
  const counted = rowsOf<{ kind: string; id: number; n: number }>(
    await t.app.db.execute(sql`
      select 'organization' as kind, o.id, (select count(*)::int from gsuite_accounts a
        where a.organization_id = o.id) as n from gsuite_organizations o
      union all
      select 'plan', p.id, (select count(*)::int from gsuite_accounts a where a.plan_id = p.id)
      from gsuite_plans p`),
  );
  const listed = [
    ...organizations.map((row) => ({ kind: "organization", id: row.id, n: row.accountCount })),
    ...plans.map((row) => ({ kind: "plan", id: row.id, n: row.accountCount })),
  ];
  const byKey = (rows: { kind: string; id: number; n: number }[]) =>
    Object.fromEntries(rows.map((row) => [`${row.kind} ${row.id}`, Number(row.n)]));
  expect(byKey(listed)).toEqual(byKey(counted));
  return byKey(listed);
}

describe("G Suite account counts", () => {
  it("follow creates, bulk inserts, moves, edits and deletes", async () => {
    const one = (
      await call("POST", "/api/gsuite-organizations", { name: "One", domain: "one.test" })
    ).json() as OrganizationResponse;
    const two = (
      await call("POST", "/api/gsuite-organizations", { name: "Two", domain: "two.test" })
    ).json() as OrganizationResponse;
    const basic = (
      await call("POST", "/api/gsuite-plans", { name: "Basic", basePrice: 6 })
    ).json() as PlanResponse;
    const plus = (
      await call("POST", "/api/gsuite-plans", { name: "Plus", basePrice: 12 })
    ).json() as PlanResponse;
    expect(await countsAgree()).toMatchObject({ [`organization ${one.id}`]: 0 });

    const created = await call("POST", "/api/gsuite-accounts", {
      email: "first@one.test",
      organizationId: one.id,
      planId: basic.id,
      price: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await countsAgree()).toMatchObject({
      [`organization ${one.id}`]: 1,
      [`plan ${basic.id}`]: 1,
    });

    // Many rows of several organizations and plans in one statement.
    await t.app.db.execute(sql`
      insert into gsuite_accounts (email, organization, organization_id, plan_type, plan_id)
      select 'bulk' || g || '@x.test', 'x', case when g % 3 = 0 then ${two.id}::int
          else ${one.id}::int end,
        'Plus', case when g % 4 = 0 then null else ${plus.id}::int end
      from generate_series(1, 30) as g`);
    expect(await countsAgree()).toMatchObject({
      [`organization ${one.id}`]: 21,
      [`organization ${two.id}`]: 10,
      [`plan ${plus.id}`]: 23,
    });

    // Moved between organizations and plans, and off any plan; then an edit that moves nothing.
    await t.app.db.execute(sql`
      update gsuite_accounts set organization_id = ${two.id}::int, plan_id = ${basic.id}::int
      where email like 'bulk1%'`);
    await t.app.db.execute(sql`
      update gsuite_accounts set plan_id = null, organization_id = null where email = 'bulk2@x.test'`);
    await countsAgree();
    await t.app.db.execute(sql`update gsuite_accounts set notes = 'seen'`);
    await countsAgree();

    await t.app.db.execute(sql`delete from gsuite_accounts where email like 'bulk%'`);
    expect(await countsAgree()).toMatchObject({
      [`organization ${one.id}`]: 1,
      [`organization ${two.id}`]: 0,
      [`plan ${plus.id}`]: 0,
    });
  });
});
