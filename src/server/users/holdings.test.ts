// Deleting or deactivating a user releases what they hold, in the same transaction as the change.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { accountAssignments, hardware, licenseAssignments } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

let serial = 0;
async function giveHardware(userId: number, status: "active" | "maintenance" = "active") {
  serial++;
  const [row] = await t.app.db
    .insert(hardware)
    .values({
      name: `Laptop ${serial}`,
      type: "laptop",
      identifier: `SN-HOLD-${process.pid}-${serial}`,
      status,
      assignedToUserId: userId,
    })
    .returning();
  return row!;
}

/** A user holding two items, two office accounts (one assignment already ended) and a seat. */
async function holder() {
  const user = await createUser(t.app.db);
  const items = [await giveHardware(user.id), await giveHardware(user.id, "maintenance")];
  const first = await createAccountViaApi(t, admin.cookie);
  const second = await createAccountViaApi(t, admin.cookie);
  const kept = await assignAccountViaApi(t, admin.cookie, first.id, user.id);
  await assignAccountViaApi(t, admin.cookie, second.id, user.id);
  const old = await assignAccountViaApi(t, admin.cookie, second.id, user.id, { isActive: false });
  const license = await createLicenseViaApi(t, admin.cookie);
  await assignViaApi(t, admin.cookie, license.id, user.id);
  return { user, items, kept, old };
}

const holdings = (id: number, cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/users/${id}/holdings`, cookie });

const itemsOf = (ids: number[]) =>
  Promise.all(
    ids.map(async (id) => (await t.app.db.select().from(hardware).where(eq(hardware.id, id)))[0]!),
  );
const activeAccountAssignments = async (userId: number) =>
  (
    await t.app.db.select().from(accountAssignments).where(eq(accountAssignments.userId, userId))
  ).filter((row) => row.isActive);

describe("GET /api/users/:id/holdings", () => {
  it("counts the hardware, active office-account assignments and seats a user holds", async () => {
    const { user } = await holder();
    const response = await holdings(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ hardware: 2, officeAccounts: 2, licenses: 1 });
    const nobody = await createUser(t.app.db);
    expect((await holdings(nobody.id)).json()).toEqual({
      hardware: 0,
      officeAccounts: 0,
      licenses: 0,
      items: [],
      offboardingHeld: false,
    });
    expect((await holdings(999999)).statusCode).toBe(404);
  });

  it("is for administrators only", async () => {
    const plain = await t.signedInUser();
    expect((await holdings(plain.user.id, plain.cookie)).statusCode).toBe(403);
  });
});

describe("deactivating a user", () => {
  it("returns their hardware (status unchanged) and ends their account assignments", async () => {
    const { user, items } = await holder();
    const response = await t.request({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      payload: { isActive: false },
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const after = await itemsOf(items.map((item) => item.id));
    expect(after.map((item) => [item.assignedToUserId, item.status])).toEqual([
      [null, "active"],
      [null, "maintenance"],
    ]);
    expect(await activeAccountAssignments(user.id)).toEqual([]);
    expect((await holdings(user.id)).json()).toMatchObject({ hardware: 0, officeAccounts: 0 });
    // The history stays: the ended assignments are still there, as ended.
    const history = await t.app.db
      .select()
      .from(accountAssignments)
      .where(eq(accountAssignments.userId, user.id));
    expect(history).toHaveLength(3);
  });

  it("changes nothing held when other fields are edited", async () => {
    const { user } = await holder();
    await t.request({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      payload: { department: "Elsewhere", isActive: true },
      cookie: admin.cookie,
    });
    expect((await holdings(user.id)).json()).toMatchObject({
      hardware: 2,
      officeAccounts: 2,
      licenses: 1,
    });
  });

  it("releases nothing when the change is refused", async () => {
    // The last active administrator cannot be deactivated: the release rolls back with it.
    const { user, items } = await holder();
    await t.app.db
      .update(hardware)
      .set({ assignedToUserId: admin.user.id })
      .where(eq(hardware.id, items[0]!.id));
    const refused = await t.request({
      method: "PATCH",
      url: `/api/users/${admin.user.id}`,
      payload: { isActive: false },
      cookie: admin.cookie,
    });
    expect(refused.statusCode).toBe(409);
    const [item] = await itemsOf([items[0]!.id]);
    expect(item!.assignedToUserId).toBe(admin.user.id);
    expect(user.id).toBeGreaterThan(0);
  });
});

describe("deleting a user", () => {
  it("returns their hardware, ends their account assignments and frees their seats", async () => {
    const { user, items, kept } = await holder();
    const response = await t.request({
      method: "DELETE",
      url: `/api/users/${user.id}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(204);
    const after = await itemsOf(items.map((item) => item.id));
    expect(after.every((item) => item.assignedToUserId === null)).toBe(true);
    const [assignment] = await t.app.db
      .select()
      .from(accountAssignments)
      .where(eq(accountAssignments.id, kept.id));
    expect(assignment).toMatchObject({ isActive: false, userId: null });
    const seats = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.isActive, true));
    expect(seats.some((seat) => seat.userId === user.id)).toBe(false);
  });

  it.runIf(usingPostgres())(
    "never leaves an account assignment made during a deactivation active",
    async () => {
      for (let round = 0; round < 5; round++) {
        const user = await createUser(t.app.db);
        const account = await createAccountViaApi(t, admin.cookie);
        const [assigned, deactivated] = await Promise.all([
          t.request({
            method: "POST",
            url: "/api/account-assignments",
            payload: {
              accountId: account.id,
              userId: user.id,
              assignedTo: "Racer",
              deviceName: "PC",
              assignedDate: "2026-03-01",
            },
            cookie: admin.cookie,
          }),
          t.request({
            method: "PATCH",
            url: `/api/users/${user.id}`,
            payload: { isActive: false },
            cookie: admin.cookie,
          }),
        ]);
        expect(deactivated.statusCode).toBe(200);
        expect([201, 409]).toContain(assigned.statusCode);
        expect(await activeAccountAssignments(user.id)).toEqual([]);
      }
    },
  );
});
