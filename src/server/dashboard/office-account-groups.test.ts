// The office accounts' groups are kept by statement triggers on accounts (migration 0062, decision
// 0068): after every kind of write (the account form's create, edit and delete, a CSV import and
// its undo, raw statements of many rows, rows moved between groups, a change that moves nothing,
// whole groups deleted) they must be exactly a fresh grouping of the table, with no group left
// empty, and the dashboard's office accounts section must answer what the grouping of the table
// it replaced answers.
import { readFileSync } from "node:fs";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountViaApi } from "../../../tests/support/accounts";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { officeAccountsMonthlyExpense } from "../../domain/dashboard-figures";
import type { AccountStatus, Currency } from "../../domain/enums";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import { loadCurrencyRates } from "../currency-rates/service";
import { rowsOf } from "../db/rows-of";

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const run = (statement: SQL) => t.app.db.execute(statement);
const rows = async <T = Record<string, unknown>>(statement: SQL) => rowsOf<T>(await run(statement));

const keptGroups = () =>
  rows(sql`select status, currency, accounts, paid,
      case when paid > 0 then amount::numeric(20, 2)::text end as amount
    from office_account_groups order by 1, 2`);
// What the dashboard read before the groups were kept, as a grouping to compare with.
const freshGroups = () =>
  rows(sql`select status, payment_currency as currency, count(*)::int as accounts,
      count(payment_amount)::int as paid, sum(payment_amount)::numeric(20, 2)::text as amount
    from accounts group by 1, 2 order by 1, 2`);

async function expectGroupsKept(step: string) {
  const fresh = await freshGroups();
  expect(fresh.length, step).toBeGreaterThan(0);
  expect(await keptGroups(), step).toEqual(fresh);
  const [empty] = await rows<{ n: number }>(
    sql`select count(*)::int as n from office_account_groups where accounts = 0`,
  );
  expect(empty!.n, step).toBe(0);
}

/** The section as the statement it replaced answered it: every account grouped afresh. */
async function sectionFromTheTable(): Promise<DashboardSummaryResponse["officeAccounts"]> {
  const groups = await rows<{
    status: AccountStatus;
    currency: Currency;
    count: number;
    amount: string | null;
  }>(sql`select status, payment_currency as currency, count(*)::int as count,
      sum(payment_amount)::text as amount
    from accounts group by status, payment_currency order by 1, 2`);
  const byStatus = new Map<AccountStatus, number>();
  for (const group of groups) {
    byStatus.set(group.status, (byStatus.get(group.status) ?? 0) + group.count);
  }
  const activeSums = groups
    .filter((group) => group.status === "active" && group.amount !== null)
    .map((group) => ({ currency: group.currency, amount: Number(group.amount) }));
  return {
    total: groups.reduce((sum, group) => sum + group.count, 0),
    byStatus: [...byStatus].map(([status, count]) => ({ status, count })),
    active: byStatus.get("active") ?? 0,
    monthlyExpense: officeAccountsMonthlyExpense(activeSums, await loadCurrencyRates(t.app.db)),
  };
}

async function expectSectionAsTheTable(step: string) {
  const response = await t.request({
    method: "GET",
    url: "/api/dashboard/summary",
    cookie: admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { officeAccounts } = response.json<DashboardSummaryResponse>();
  expect(officeAccounts, step).toEqual(await sectionFromTheTable());
}

const request = (method: "PATCH" | "DELETE", id: number, payload?: Record<string, unknown>) =>
  t
    .request({ method, url: `/api/accounts/${id}`, cookie: admin.cookie, payload })
    .then((response) => expect(response.statusCode, response.body).toBeLessThan(300));

describe("the office accounts' kept groups", () => {
  it("follow the account form's creates, edits and deletes", async () => {
    const made = [];
    for (const [status, currency, amount] of [
      ["active", "AUD", "22.50"],
      ["active", "AUD", "10.05"],
      ["active", "USD", null],
      ["inactive", "EUR", "7.77"],
      ["expired", "GBP", null],
      ["active", "EUR", "0.10"],
    ] as const) {
      made.push(
        await createAccountViaApi(t, admin.cookie, {
          status,
          paymentCurrency: currency,
          paymentAmount: amount,
        }),
      );
    }
    await expectGroupsKept("after accounts created");
    await expectSectionAsTheTable("after accounts created");

    const [a, b, c, d, e] = made;
    await request("PATCH", a!.id, { status: "expired" });
    await request("PATCH", b!.id, { paymentCurrency: "GBP", paymentAmount: "3.33" });
    await request("PATCH", c!.id, { paymentAmount: "5.00" });
    await request("PATCH", d!.id, { paymentAmount: null });
    await expectGroupsKept("after accounts moved and repriced");
    await expectSectionAsTheTable("after accounts moved and repriced");

    const before = await keptGroups();
    await request("PATCH", e!.id, { notes: "nothing to do with the groups" });
    expect(await keptGroups(), "a change of notes moves nothing").toEqual(before);

    await request("DELETE", d!.id);
    await request("DELETE", e!.id);
    await expectGroupsKept("after accounts deleted");
    await expectSectionAsTheTable("after accounts deleted");
  });

  it("follow a CSV import and its undo", async () => {
    const lines = ["Email,Password,Provider,Status,Payment Amount,Payment Currency"];
    for (let i = 0; i < 60; i++) {
      const amount = i % 7 === 0 ? "" : `${(i * 13) % 90}.${i % 10}9`;
      lines.push(
        `imported${i}@example.com,Imported-Pass-${1000 + i},adobe,` +
          `${["active", "inactive", "expired"][i % 3]},${amount},${["USD", "AUD", "EUR"][(i >> 1) % 3]}`,
      );
    }
    const imported = await t.request({
      method: "POST",
      url: "/api/imports/accounts",
      cookie: admin.cookie,
      payload: `${lines.join("\r\n")}\r\n`,
      headers: { "content-type": "text/csv" },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectGroupsKept("after a CSV import");
    await expectSectionAsTheTable("after a CSV import");

    const [entry] = await rows<{ id: number }>(
      sql`select id from csv_imports order by id desc limit 1`,
    );
    const undone = await t.request({
      method: "DELETE",
      url: `/api/imports/${entry!.id}`,
      cookie: admin.cookie,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    await expectGroupsKept("after the import undone");
  });

  it("follow statements of many rows", async () => {
    const values: SQL[] = [];
    for (let i = 0; i < 240; i++) {
      // Every inactive GBP account without an amount (the tests before made none): a group whose
      // sum is none.
      const currency = ["AUD", "USD", "EUR", "GBP"][i % 4]!;
      const status = ["active", "inactive", "expired"][(i >> 2) % 3]!;
      const none = i % 9 === 0 || (status === "inactive" && currency === "GBP");
      const amount = none ? sql`null` : sql`${`${(i * 31) % 700}.${(i * 7) % 10}5`}::numeric`;
      values.push(
        sql`(${`many${i}@example.com`}, 'microsoft365', ${status}, ${amount}, ${currency})`,
      );
    }
    await run(sql`insert into accounts (email, provider, status, payment_amount, payment_currency)
      values ${sql.join(values, sql`, `)}`);
    await expectGroupsKept("after one insert of many rows");
    await expectSectionAsTheTable("after one insert of many rows");
    const [unpriced] = await rows(sql`select amount from office_account_groups
      where status = 'inactive' and currency = 'GBP' and paid = 0`);
    expect(unpriced, "a group without amounts is kept, with none").toBeDefined();

    await run(sql`update accounts set payment_currency = 'GBP' where id % 5 = 0`);
    await expectGroupsKept("after rows moved to another currency");
    // Two groups trade places in one statement: the sums cross over.
    await run(sql`update accounts set status = case status when 'active' then 'expired'
        when 'expired' then 'active' else status end where id % 3 = 0`);
    await expectGroupsKept("after statuses swapped");
    await run(sql`update accounts set payment_amount = null where id % 6 = 0`);
    await run(sql`update accounts set payment_amount = 12.34 where id % 13 = 0`);
    await run(sql`update accounts set payment_amount = payment_amount + 0.01 where id % 4 = 1`);
    await expectGroupsKept("after amounts changed");
    await expectSectionAsTheTable("after amounts changed");

    const before = await keptGroups();
    await run(sql`update accounts set notes = 'nothing to do with the groups' where id % 2 = 0`);
    expect(await keptGroups(), "a change of notes moves nothing").toEqual(before);

    // Every account of one group deleted: the group is gone, not left at zero.
    const [group] = await rows<{ status: string; currency: string }>(
      sql`select status, currency from office_account_groups order by accounts limit 1`,
    );
    await run(sql`delete from accounts
      where status = ${group!.status} and payment_currency = ${group!.currency}`);
    await run(sql`delete from accounts where id % 3 = 0`);
    await expectGroupsKept("after deletes");
    await expectSectionAsTheTable("after deletes");
  });

  it("are filled from the accounts there are by the migration's own statement", async () => {
    const migration = readFileSync(
      new URL("../db/migrations/0062_office_account_groups.sql", import.meta.url),
      "utf8",
    );
    const fill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith('INSERT INTO "office_account_groups"'));
    expect(fill).toMatch(/FROM "accounts"/);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`delete from office_account_groups`);
      await tx.execute(sql.raw(fill!));
    });
    await expectGroupsKept("after the migration's fill");
  });
});
