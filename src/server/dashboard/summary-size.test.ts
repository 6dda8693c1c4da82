// The dashboard's promise: under 100 KB of API data whatever the table sizes. Thousands of rows
// are written with one SQL statement per table, every text at its longest allowed length and in
// a three-byte UTF-8 character (the most bytes per character the length limits allow), and
// every capped list full.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays } from "../../domain/dates";
import {
  ADMIN_INVENTORY_ROWS,
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_USER_ROWS,
  type DashboardSummaryResponse,
  USER_INVENTORY_ROWS,
} from "../../domain/schemas/dashboard";

const TODAY = "2026-03-15";
const ROWS = 3_000;
const LIMIT_KB = 100;

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let holder: { user: { id: number }; cookie: string };

// 200 characters of 3 bytes each (the names' and locations' maximum length).
const longText = (n: number) => `'${"漢".repeat(n)}'`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
  const db = t.app.db;
  const text = longText(196);
  // Half need attention (manual, expiring within 30 days), half renew soon (auto, monthly).
  await db.execute(
    sql.raw(`
    insert into licenses (name, license_key_ciphertext, license_key_masked, expiry_date,
      purchase_date, payment_amount, payment_currency, payment_frequency, renewal_status, notes)
    select ${text} || lpad(i::text, 4, '0'), 'x', 'XXXX-' || i, '${addDays(TODAY, 10)}'::date,
      '${addDays(TODAY, -400)}'::date + (i % 28), 9999999.99, 'GBP',
      case when i % 2 = 0 then 'monthly' else 'quarterly' end,
      case when i % 2 = 0 then 'auto' else 'manual' end, repeat('n', 5000)
    from generate_series(1, ${ROWS}) i`),
  );
  await db.execute(
    sql.raw(`
    insert into license_assignments (license_id, user_id, assigned_to, assigned_date)
    select id, ${holder.user.id}, 'Holder', '${TODAY}' from licenses`),
  );
  await db.execute(
    sql.raw(`
    insert into hardware (name, type, identifier, location, assigned_to_user_id)
    select ${text} || lpad(i::text, 4, '0'), 'laptop', 'SN-' || i, ${text} || i,
      case when i % 3 = 0 then ${holder.user.id} end
    from generate_series(1, ${ROWS}) i`),
  );
  await db.execute(
    sql.raw(`
    insert into users (username, full_name, email, department)
    select 'user_' || i || repeat('u', 50), ${text} || i, repeat('e', 230) || i || '@example.com',
      ${text} || i
    from generate_series(1, ${ROWS}) i`),
  );
  await db.execute(
    sql.raw(`
    insert into accounts (email, password_ciphertext, provider, status, payment_amount,
      payment_currency)
    select 'box' || i || '@example.com', 'x', 'microsoft365',
      (array['active', 'inactive', 'expired'])[1 + i % 3], 12.34, (array['AUD', 'USD', 'EUR', 'GBP'])[1 + i % 4]
    from generate_series(1, ${ROWS}) i`),
  );
  await db.execute(
    sql.raw(`
    insert into account_assignments (account_id, user_id, assigned_to)
    select id, ${holder.user.id}, 'Holder' from accounts`),
  );
}, 120_000);
afterAll(() => t.close());

async function summary(cookie: string) {
  const response = await t.request({
    method: "GET",
    url: `/api/dashboard/summary?today=${TODAY}`,
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as DashboardSummaryResponse, bytes: response.rawPayload.length };
}

describe("the dashboard summary's size", () => {
  it(`stays under ${LIMIT_KB} KB for an administrator with every list full`, async () => {
    const { body, bytes } = await summary(admin.cookie);
    // The lists really are at their limits, and the counts cover every row.
    expect(body.licenses.total).toBe(ROWS);
    expect(body.licenses.needsAttention!.items).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(body.licenses.needsAttention!.total).toBe(ROWS / 2);
    expect(body.licenses.renewsSoon!.items).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(body.licenses.renewsSoon!.total).toBe(ROWS / 2);
    expect(body.hardware.inventory).toHaveLength(ADMIN_INVENTORY_ROWS);
    expect(body.hardware.total).toBe(ROWS);
    expect(body.users!.newest).toHaveLength(DASHBOARD_USER_ROWS);
    expect(body.users!.total).toBe(ROWS + 2);
    expect(body.officeAccounts.total).toBe(ROWS);
    expect(bytes).toBeLessThan(LIMIT_KB * 1024);
  });

  it(`stays under ${LIMIT_KB} KB for a user who holds thousands of items`, async () => {
    const { body, bytes } = await summary(holder.cookie);
    expect(body.licenses.total).toBe(ROWS);
    expect(body.hardware.assigned).toBe(ROWS / 3);
    expect(body.hardware.inventory).toHaveLength(USER_INVENTORY_ROWS);
    expect(body.officeAccounts.total).toBe(ROWS);
    expect(bytes).toBeLessThan(LIMIT_KB * 1024);
  });
});
