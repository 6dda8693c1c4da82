// Needs Attention's unused seats and accounts (unused-summary.ts) read the unused rows from the
// partial indexes of migration 0060, a range of the known sign-ins or-ed with the suspended
// holders, instead of reading every active seat and account and testing it: so the statement
// follows the unused rows, not the tables' size. The plan is asked for with plain table scans
// made as dear as the planner allows (as list-indexes.test.ts does), on tables where one row in 10
// has a sign-in, as a workspace sync leaves them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { unusedGroupsStatement } from "./unused-summary";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const signIn = sql.raw(`
    case when i % 10 = 0 then now() - make_interval(days => i % 120) end,
    case when i % 10 = 0 then i % 200 = 0 end`);
  await db.execute(sql`
    insert into licenses (name, license_key_ciphertext, license_key_masked, total_seats,
      payment_amount)
    select 'Plan license ' || i, 'x', '••••', 10, 100 from generate_series(1, 200) i`);
  await db.execute(sql`
    insert into license_assignments (license_id, assigned_to, assigned_date, is_active,
      last_sign_in_at, holder_suspended)
    select (select min(id) from licenses) + i % 200, 'Holder ' || i, current_date, i % 50 <> 0,
      ${signIn}
    from generate_series(1, 3000) i`);
  await db.execute(sql`
    insert into accounts (email, provider, status, payment_amount, last_sign_in_at,
      holder_suspended)
    select 'plan' || i || '@example.com', 'microsoft', case when i % 20 = 0 then 'expired' else 'active' end, 5,
      ${signIn}
    from generate_series(1, 3000) i`);
  await db.execute(sql`
    insert into gsuite_accounts (email, plan_type, price, last_sign_in_at, holder_suspended)
    select 'plan' || i || '@example.org', 'Business', 6, ${signIn}
    from generate_series(1, 3000) i`);
  await db.execute(sql`analyze licenses, license_assignments, accounts, gsuite_accounts`);
});
afterAll(() => database.close());

async function planOf(days: number) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain (costs off) ${unusedGroupsStatement(days)}`);
    return rowsOf<Record<string, string>>(result)
      .map((row) => Object.values(row)[0])
      .join("\n");
  });
}

describe("the unused seats' statement", () => {
  it("reads each table's unused rows from its sign-in and suspended indexes", async () => {
    const plan = await planOf(30);
    for (const table of ["license_assignments", "accounts", "gsuite_accounts"]) {
      expect(plan, plan).toContain(`${table}_sign_in_idx`);
      expect(plan, plan).toContain(`${table}_suspended_idx`);
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
  });

  it("looks up only the licenses with an unused seat, each by its key", async () => {
    const plan = await planOf(30);
    expect(plan, plan).toMatch(
      /Index Scan using licenses_pkey on licenses[\s\S]*Index Cond: \(id = /,
    );
    expect(plan, plan).not.toMatch(/Hash Join/);
  });
});
