// Expense Analysis's cost groups are kept by statement triggers (migrations 0048 and 0050): after
// every kind of write to licenses, listings and G Suite accounts (several rows at once, a row
// moved between groups, a change that moves nothing, a listing cancelled, deleted, restored or
// unpriced, a plan deleted under its accounts, rows deleted) they must be exactly a fresh
// grouping of the table, and a group left empty must be gone.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { rowsOf } from "../db/rows-of";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const run = (statement: SQL) => t.app.db.execute(statement);
const rows = async (statement: SQL) => rowsOf<Record<string, unknown>>(await run(statement));

const keptLicenseGroups = () =>
  rows(sql`select start::text, currency, frequency, licenses, seats, paid,
      amount::numeric(20, 2)::text as amount
    from license_cost_groups order by 1, 2, 3`);
const freshLicenseGroups = () =>
  rows(sql`select coalesce(purchase_date, (created_at at time zone 'UTC')::date)::text as start,
      payment_currency as currency, payment_frequency as frequency, count(*)::int as licenses,
      sum(total_seats)::int as seats, count(payment_amount)::int as paid,
      coalesce(sum(payment_amount), 0)::numeric(20, 2)::text as amount
    from licenses group by 1, 2, 3 order by 1, 2, 3`);

const keptDirectoryGroups = () =>
  rows(sql`select day::text, currency, months, is_one_time, listings,
      amount::numeric(20, 2)::text as amount
    from directory_cost_groups order by 1, 2, 3, 4`);
const freshDirectoryGroups = () =>
  rows(sql`select (created_at at time zone 'UTC')::date::text as day, payment_currency as currency,
      payment_frequency_months as months, is_one_time, count(*)::int as listings,
      sum(payment_amount)::numeric(20, 2)::text as amount
    from directories
    where deleted_at is null and not is_cancelled and payment_amount is not null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);

const keptGsuiteGroups = () =>
  rows(sql`select day::text, plan_id, plan_type, currency, accounts,
      amount::numeric(20, 2)::text as amount
    from gsuite_cost_groups order by 1, 2, 3, 4`);
const freshGsuiteGroups = () =>
  rows(sql`select (created_at at time zone 'UTC')::date::text as day, coalesce(plan_id, 0) as plan_id,
      case when plan_id is null then plan_type else '' end as plan_type,
      case when plan_id is null then payment_currency else '' end as currency,
      count(*)::int as accounts, sum(price)::numeric(20, 2)::text as amount
    from gsuite_accounts group by 1, 2, 3, 4 order by 1, 2, 3, 4`);

async function expectGsuiteGroupsKept(step: string) {
  const fresh = await freshGsuiteGroups();
  expect(fresh.length, step).toBeGreaterThan(0);
  expect(await keptGsuiteGroups(), step).toEqual(fresh);
}

async function expectLicenseGroupsKept(step: string) {
  const fresh = await freshLicenseGroups();
  expect(fresh.length, step).toBeGreaterThan(0);
  expect(await keptLicenseGroups(), step).toEqual(fresh);
}

async function expectDirectoryGroupsKept(step: string) {
  const fresh = await freshDirectoryGroups();
  expect(fresh.length, step).toBeGreaterThan(0);
  expect(await keptDirectoryGroups(), step).toEqual(fresh);
}

describe("Expense Analysis's kept cost groups", () => {
  it("follow every write to licenses", async () => {
    const currencies = ["AUD", "USD", "EUR"];
    const frequencies = ["monthly", "annually", "one-time"];
    const values: SQL[] = [];
    for (let i = 0; i < 240; i++) {
      const amount =
        i % 9 === 0 ? sql`null` : sql`${`${(i * 31) % 700}.${(i * 7) % 10}5`}::numeric`;
      const purchase = i % 4 === 0 ? sql`null` : sql`${`2025-0${1 + (i % 6)}-1${i % 10}`}::date`;
      values.push(sql`(${`Kept ${i}`}, 'x', 'x', ${amount}, ${currencies[i % 3]!},
        ${frequencies[(i >> 1) % 3]!}, ${1 + (i % 7)}, ${purchase},
        ${`2024-12-31T23:${String(i % 60).padStart(2, "0")}:00Z`}::timestamptz + (${i % 3} * interval '1 hour'))`);
    }
    await run(sql`insert into licenses (name, license_key_ciphertext, license_key_masked,
        payment_amount, payment_currency, payment_frequency, total_seats, purchase_date, created_at)
      values ${sql.join(values, sql`, `)}`);
    await expectLicenseGroupsKept("after one insert of many rows");

    await run(sql`update licenses set payment_currency = 'GBP' where id % 5 = 0`);
    await expectLicenseGroupsKept("after rows moved to another currency");
    await run(sql`update licenses set purchase_date = null where id % 7 = 0`);
    await run(sql`update licenses set purchase_date = '2026-02-28' where id % 11 = 0`);
    await expectLicenseGroupsKept("after start dates changed either way");
    await run(sql`update licenses set payment_amount = null where id % 6 = 0`);
    await run(sql`update licenses set payment_amount = 12.34 where id % 13 = 0`);
    await run(sql`update licenses set total_seats = total_seats + 3 where id % 4 = 1`);
    await expectLicenseGroupsKept("after amounts and seats changed");
    const before = await keptLicenseGroups();
    await run(sql`update licenses set notes = 'nothing to do with costs' where id % 2 = 0`);
    expect(await keptLicenseGroups(), "a change of notes moves nothing").toEqual(before);

    // Every license of one group deleted: the group is gone, not left at zero.
    const [group] = await rows(sql`select start::text, currency, frequency from license_cost_groups
      order by licenses limit 1`);
    await run(sql`delete from licenses
      where coalesce(purchase_date, (created_at at time zone 'UTC')::date) = ${group!.start}::date
        and payment_currency = ${group!.currency} and payment_frequency = ${group!.frequency}`);
    await run(sql`delete from licenses where id % 3 = 0`);
    await expectLicenseGroupsKept("after deletes");
    const [empty] = await rows(sql`select count(*)::int as n from license_cost_groups
      where licenses = 0`);
    expect(empty!.n).toBe(0);
  });

  it("follow every write to listings, counting the billing ones only", async () => {
    const values: SQL[] = [];
    for (let i = 0; i < 240; i++) {
      const amount =
        i % 10 === 0 ? sql`null` : sql`${`${(i * 17) % 500}.${(i * 3) % 10}0`}::numeric`;
      values.push(sql`(${`Kept listing ${i}`}, ${[1, 3, 12][i % 3]!}, ${amount},
        ${["AUD", "USD", "EUR"][(i >> 2) % 3]!}, ${i % 8 === 0}, ${i % 9 === 0},
        ${`2025-03-${String(1 + (i % 28)).padStart(2, "0")}T23:30:00Z`}::timestamptz,
        ${i % 12 === 0 ? sql`now()` : sql`null`})`);
    }
    await run(sql`insert into directories (name, payment_frequency_months, payment_amount,
        payment_currency, is_one_time, is_cancelled, created_at, deleted_at)
      values ${sql.join(values, sql`, `)}`);
    await expectDirectoryGroupsKept("after one insert of many rows");

    await run(sql`update directories set is_cancelled = not is_cancelled where id % 5 = 0`);
    await expectDirectoryGroupsKept("after listings cancelled and resumed");
    await run(
      sql`update directories set deleted_at = now() where id % 7 = 0 and deleted_at is null`,
    );
    await run(sql`update directories set deleted_at = null where id % 12 = 0`);
    await expectDirectoryGroupsKept("after listings deleted and restored");
    await run(sql`update directories set payment_amount = null where id % 6 = 0`);
    await run(sql`update directories set payment_amount = 99.99 where id % 10 = 0`);
    await run(sql`update directories set payment_frequency_months = 6, payment_currency = 'GBP'
      where id % 4 = 1`);
    await expectDirectoryGroupsKept("after amounts, frequencies and currencies changed");
    const before = await keptDirectoryGroups();
    await run(sql`update directories set notes = 'nothing to do with costs' where id % 2 = 0`);
    expect(await keptDirectoryGroups(), "a change of notes moves nothing").toEqual(before);

    await run(sql`delete from directories where id % 3 = 0`);
    await expectDirectoryGroupsKept("after deletes");
    const [empty] = await rows(sql`select count(*)::int as n from directory_cost_groups
      where listings = 0`);
    expect(empty!.n).toBe(0);
  });

  it("follow every write to G Suite accounts, and a plan deleted under them", async () => {
    const plans = rowsOf<{ id: number }>(
      await run(sql`insert into gsuite_plans (name, base_price, currency)
        values ('Kept Starter', 6.00, 'AUD'), ('Kept Business', 12.50, 'USD'), ('Kept Plus', 18, 'AUD')
        returning id`),
    );
    const values: SQL[] = [];
    for (let i = 0; i < 240; i++) {
      const plan = i % 4 === 0 ? sql`null` : sql`${plans[i % 3]!.id}`;
      values.push(sql`(${`kept${i}@example.com`}, ${["Starter", "Business"][i % 2]!}, ${plan},
        ${`${(i * 13) % 40}.${(i * 7) % 10}0`}::numeric, ${["AUD", "USD"][(i >> 1) % 2]!},
        ${`2025-06-${String(1 + (i % 28)).padStart(2, "0")}T23:45:00Z`}::timestamptz)`);
    }
    await run(sql`insert into gsuite_accounts (email, plan_type, plan_id, price, payment_currency,
        created_at)
      values ${sql.join(values, sql`, `)}`);
    await expectGsuiteGroupsKept("after one insert of many rows");

    await run(sql`update gsuite_accounts set plan_id = null where id % 5 = 0`);
    await run(sql`update gsuite_accounts set plan_id = ${plans[2]!.id} where id % 7 = 0`);
    await run(sql`update gsuite_accounts set price = price + 1.25, payment_currency = 'EUR'
      where id % 3 = 0`);
    await run(sql`update gsuite_accounts set plan_type = 'Enterprise' where id % 4 = 1`);
    await expectGsuiteGroupsKept("after plans, prices, currencies and plan types changed");
    const before = await keptGsuiteGroups();
    await run(sql`update gsuite_accounts set notes = 'nothing to do with costs' where id % 2 = 0`);
    expect(await keptGsuiteGroups(), "a change of notes moves nothing").toEqual(before);

    // The plan's deletion sets its accounts' plan_id to null (the foreign key's action).
    await run(sql`delete from gsuite_plans where id = ${plans[0]!.id}`);
    await expectGsuiteGroupsKept("after a plan deleted under its accounts");
    await run(sql`delete from gsuite_accounts where id % 3 = 1`);
    await expectGsuiteGroupsKept("after deletes");
    const [empty] = await rows(sql`select count(*)::int as n from gsuite_cost_groups
      where accounts = 0`);
    expect(empty!.n).toBe(0);
  });
});
