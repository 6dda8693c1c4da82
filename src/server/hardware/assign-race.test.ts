// Assigning hardware (PATCH with assignedToUserId, approving a request) while the target user is
// being deactivated: the deactivation's transaction is held open here, the assignment is sent, and
// only then does the deactivation commit. The assignment must wait for the user's row and then be
// refused, so the item never stays with an inactive user. PostgreSQL only (PGlite has one
// connection, so nothing can run concurrently there).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { hardware, users } from "../db/schema";
import { releaseHardwareAndAccounts } from "../users/holdings";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

let serial = 0;
async function createItem() {
  serial += 1;
  const response = await t.request({
    method: "POST",
    url: "/api/hardware",
    cookie: admin.cookie,
    payload: {
      name: `Race ${serial}`,
      type: "laptop",
      identifier: `RACE-${process.pid}-${serial}`,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** Resolves once some other backend of this database waits on a row lock. */
async function someoneWaitsOnALock(settled: () => boolean) {
  for (let tries = 0; tries < 200; tries++) {
    if (settled()) return false;
    const { rows } = (await t.app.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: unknown[] };
    if (rows.length > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/**
 * Deactivates `userId` as the users service does (row locked, flag cleared, holdings released) in
 * a transaction that commits only after `assign` has been sent and has had the chance to wait.
 */
type Answer = { statusCode: number; json(): { code?: string } };

async function deactivateAround(userId: number, assign: () => Promise<Answer>) {
  let response: Answer | undefined;
  let sent: Promise<unknown> | undefined;
  await t.app.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await releaseHardwareAndAccounts(tx, userId);
    sent = assign().then((r) => (response = r));
    await someoneWaitsOnALock(() => response !== undefined);
  });
  await sent;
  return response!;
}

const holderOf = async (id: number) =>
  (await t.app.db.select().from(hardware).where(eq(hardware.id, id)))[0]!.assignedToUserId;

describe.runIf(usingPostgres())("assigning hardware while its user is deactivated", () => {
  it("PATCH /api/hardware/:id waits for the user's row and is refused", async () => {
    const user = await t.signedInUser();
    const item = await createItem();
    const response = await deactivateAround(user.user.id, () =>
      t.request({
        method: "PATCH",
        url: `/api/hardware/${item.id}`,
        cookie: admin.cookie,
        payload: { assignedToUserId: user.user.id },
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("USER_INACTIVE");
    expect(await holderOf(item.id)).toBeNull();
  });

  it("approving a request waits for the requester's row and is refused", async () => {
    const user = await t.signedInUser();
    const item = await createItem();
    const created = await t.request({
      method: "POST",
      url: "/api/hardware-requests",
      cookie: user.cookie,
      payload: { type: "existing", hardwareId: item.id, reason: "My old laptop broke last week." },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await deactivateAround(user.user.id, () =>
      t.request({
        method: "PATCH",
        url: `/api/hardware-requests/${created.json().id}/approve`,
        cookie: admin.cookie,
        payload: {},
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("USER_INACTIVE");
    expect(await holderOf(item.id)).toBeNull();
  });
});
