// The account lists by keyset (decision 0042): office accounts, account assignments, G Suite
// accounts and trust reviews, walked page by page after each page's X-Next-Cursor and back
// before each X-Prev-Cursor, give exactly the pages offsets give, for every sort both ways and
// with filters. The rows are made to tie: one creation instant for all (one INSERT), a few
// providers, statuses, plan types, dates and client names for many rows, and blank renewal dates,
// assigned dates and organizations, so that page edges fall inside ties and around NULLs.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  idsOf,
  type ListCall,
  walkBackward,
  walkByOffset,
  walkForward,
} from "../../tests/support/keyset-walk";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../tests/support/test-app";
import { gsuiteOrganizations } from "./db/schema";

let t: TestApp;
let admin: SignedIn;
let organizationId: number;

const ROWS = 23;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
  const userId = admin.user.id;
  // Out of id order where it matters: the e-mails' order is not the ids' order.
  await t.app.db.execute(sql`
    insert into accounts (email, password_ciphertext, provider, status, renewal_date)
    select 'Acct' || ((g * 7) % ${ROWS}) || case when g % 2 = 0 then '@Example.com' else '@example.com' end,
      'x', (array['adobe', 'google', 'adobe'])[1 + g % 3],
      (array['active', 'expired', 'active', 'inactive'])[1 + g % 4],
      case when g % 4 = 0 then null else date '2025-01-01' + (g % 3) end
    from generate_series(0, ${ROWS - 1}) as g`);
  await t.app.db.execute(sql`
    insert into account_assignments (account_id, user_id, assigned_to, device_name, assigned_date,
      is_active)
    select a.id, ${userId}::int, 'Person', 'PC', case when a.id % 5 = 0 then null
        else date '2025-02-01' + (a.id % 3) end, a.id % 3 <> 0
    from accounts a`);
  await t.app.db.execute(sql`
    insert into gsuite_organizations (name, domain) values ('One', 'one.test'), ('Two', 'two.test')`);
  await t.app.db.execute(sql`
    insert into gsuite_accounts (email, organization, organization_id, plan_type,
      assigned_to_user_id)
    select 'ws' || ((g * 5) % ${ROWS}) || '@' || o.domain,
      case when g % 6 = 0 then null else o.domain end, o.id,
      (array['Basic', 'Business', 'Basic'])[1 + g % 3],
      case when g % 2 = 0 then ${userId}::int end
    from generate_series(0, ${ROWS - 1}) as g
    join gsuite_organizations o on o.domain = case when g % 3 = 0 then 'two.test' else 'one.test' end`);
  const [one] = await t.app.db
    .select({ id: gsuiteOrganizations.id })
    .from(gsuiteOrganizations)
    .where(eq(gsuiteOrganizations.domain, "one.test"));
  organizationId = one!.id;
  await t.app.db.execute(sql`
    insert into licenses (name, license_key_ciphertext, license_key_masked, total_seats)
    values ('Reviewed license', 'x', '****', 5)`);
  await t.app.db.execute(sql`
    insert into trust_reviews (license_id, client_name, assigned_date, payment_status, is_active)
    select (select id from licenses limit 1),
      (array['Acme', 'acme', 'Zeta', 'Beta'])[1 + g % 4],
      date '2025-03-01' + (g % 3),
      (array['paying', 'not_paying', 'partial'])[1 + g % 3], g % 5 <> 0
    from generate_series(0, ${ROWS - 1}) as g`);
});
afterAll(() => t.close());

const list = (path: string, query: string) =>
  t.request({
    method: "GET",
    url: `${path}${path.includes("?") ? "&" : "?"}${query}`,
    cookie: admin.cookie,
  });

const caller =
  (path: string): ListCall =>
  (query) =>
    list(path, query);

const byOffset = (path: string, limit: number) => walkByOffset(caller(path), limit);
const forwardByCursor = (path: string, limit: number) => walkForward(caller(path), limit, ROWS);
/** The last page by offset, then each page before the first one's X-Prev-Cursor. */
const backwardByCursor = (path: string, limit: number, total: number) =>
  walkBackward(caller(path), limit, total, { maxPages: ROWS });

const lists = (): { path: string; sorts: string[]; filters: string[] }[] => [
  {
    path: "/api/accounts",
    sorts: ["email", "provider", "status", "renewalDate"],
    filters: ["", "status=active", "provider=adobe"],
  },
  {
    path: "/api/account-assignments",
    sorts: ["createdAt", "assignedDate"],
    filters: ["", "active=true"],
  },
  {
    path: "/api/gsuite-accounts",
    sorts: ["email", "organization", "planType", "createdAt"],
    filters: ["", `organizationId=${organizationId}`, "unassigned=true"],
  },
  {
    path: "/api/trust-reviews",
    sorts: ["createdAt", "clientName", "assignedDate"],
    filters: ["", "status=active", "status=paying"],
  },
];

describe("the account lists by cursor", () => {
  for (const { path, sorts } of lists()) {
    for (const sort of sorts) {
      for (const order of ["asc", "desc"] as const) {
        it(`${path} by ${sort} ${order}: cursors page as offsets do, forward and back`, async () => {
          // The filters name rows made in beforeAll.
          const { filters } = lists().find((list) => list.path === path)!;
          for (const filter of filters) {
            const base = `${path}?sort=${sort}&order=${order}${filter ? `&${filter}` : ""}`;
            const whole = idsOf((await list(base, "")).body);
            expect(whole.length, base).toBeGreaterThan(4);
            // Pages of 1, 3 and 4: every edge, and edges inside each run of ties.
            for (const limit of [1, 3, 4]) {
              expect(await byOffset(base, limit), `${base} offset ${limit}`).toEqual(whole);
              expect(await forwardByCursor(base, limit), `${base} after ${limit}`).toEqual(whole);
              expect(
                await backwardByCursor(base, limit, whole.length),
                `${base} before ${limit}`,
              ).toEqual(whole);
            }
          }
        });
      }
    }
  }
});
