// GET /api/assignments over LARGE_TABLE_ROWS assignments and more: a page of all of them answers
// the planner's estimate, flagged X-Total-Count-Estimated (the list kit's, as for the activity
// log); a filtered page is counted exactly. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { AssignmentResponse } from "../../domain/schemas/licenses";
import { LARGE_TABLE_ROWS } from "../lib/paging";

const ASSIGNMENTS = LARGE_TABLE_ROWS + 10_000;
/** Every tenth assignment has ended. */
const ACTIVE = ASSIGNMENTS - ASSIGNMENTS / 10;

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  ({ t, admin } = await appWithAdminAndUser());
  // Written directly, past the seat limit: only the list is under test.
  const license = await createLicenseViaApi(t, admin.cookie);
  await t.app.db.execute(sql`
    insert into license_assignments (license_id, assigned_to, assigned_date, is_active, created_at)
    select ${license.id}, 'Holder ' || g, date '2026-01-01', g % 10 <> 0,
      now() - g * interval '1 second'
    from generate_series(1, ${ASSIGNMENTS}::int) as g`);
  await t.app.db.execute(sql`analyze license_assignments`);
}, 120_000);
afterAll(() => t.close());

const list = (query: string) =>
  t.request({ method: "GET", url: `/api/assignments${query}`, cookie: admin.cookie });

const near = (total: number, expected: number) =>
  total > expected * 0.95 && total < expected * 1.05;

describe("GET /api/assignments on many assignments", () => {
  it("answers the total of all of them as an estimate, and says so", async () => {
    const response = await list("?limit=50");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count-estimated"]).toBe("true");
    expect(near(Number(response.headers["x-total-count"]), ASSIGNMENTS)).toBe(true);
    const rows = response.json() as AssignmentResponse[];
    expect(rows.map((row) => row.assignedTo)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Holder ${i + 1}`),
    );
  });

  it("counts a filtered page exactly, and says nothing of an estimate", async () => {
    const response = await list("?active=true&limit=50");
    expect(response.headers["x-total-count"]).toBe(String(ACTIVE));
    expect(response.headers["x-total-count-estimated"]).toBeUndefined();
  });
});
