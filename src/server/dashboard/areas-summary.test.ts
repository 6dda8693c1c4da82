// GET /api/dashboard/summary: the hardware, office accounts and users sections against data made
// by hand here, for an administrator and for ordinary users (counts, the inventory rows, the
// monthly expense summed and converted by hand).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";

let t: TestApp;
type Viewer = { user: { id: number }; cookie: string };
let admin: Viewer;
let jane: Viewer;
let bob: Viewer;
let collector: Viewer;
let nobody: Viewer;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin", fullName: "Ada Admin" });
  jane = await t.signedInUser({ fullName: "Jane Holder" });
  bob = await t.signedInUser({ fullName: "Bob Other" });
  collector = await t.signedInUser({ fullName: "Collector Five" });
  nobody = await t.signedInUser({ fullName: "No Things" });

  let serial = 0;
  const item = async (name: string, type: string, holder: Viewer | null, location?: string) => {
    const response = await t.request({
      method: "POST",
      url: "/api/hardware",
      cookie: admin.cookie,
      payload: {
        name,
        type,
        identifier: `SN-${++serial}-${process.pid}`,
        location,
        status: "active",
        assignedToUserId: holder?.user.id ?? null,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids.set(name, response.json().id);
  };
  await item("Alpha Laptop", "laptop", jane, "Sydney");
  await item("Bravo Monitor", "monitor", jane);
  await item("charlie Mouse", "accessory", null, "Storage");
  await item("Delta Laptop", "laptop", bob);
  for (let i = 0; i < 10; i++) {
    await item(`Free ${String(i).padStart(2, "0")}`, i % 2 ? "monitor" : "laptop", null);
  }
  for (let i = 0; i < 5; i++) await item(`Kept ${i}`, "phone", collector);

  const a1 = await createAccountViaApi(t, admin.cookie, {
    status: "active",
    paymentAmount: "22.50",
    paymentCurrency: "AUD",
  });
  await createAccountViaApi(t, admin.cookie, { paymentAmount: "10", paymentCurrency: "USD" });
  await createAccountViaApi(t, admin.cookie, { paymentAmount: "5.00", paymentCurrency: "EUR" });
  const a4 = await createAccountViaApi(t, admin.cookie, {
    status: "inactive",
    paymentAmount: "100",
    paymentCurrency: "AUD",
  });
  await createAccountViaApi(t, admin.cookie, {
    status: "expired",
    paymentAmount: "7",
    paymentCurrency: "GBP",
  });
  await createAccountViaApi(t, admin.cookie, { paymentAmount: "" });
  await assignAccountViaApi(t, admin.cookie, a1.id, jane.user.id);
  await assignAccountViaApi(t, admin.cookie, a4.id, jane.user.id);
});
afterAll(() => t.close());

async function summary(viewer: Viewer) {
  const response = await t.request({
    method: "GET",
    url: "/api/dashboard/summary",
    cookie: viewer.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardSummaryResponse;
}

const freeNames = ["charlie Mouse", ...Array.from({ length: 10 }, (_, i) => `Free 0${i}`)];

describe("the hardware section", () => {
  it("counts everything for an administrator and offers the first 8 free items by name", async () => {
    const { hardware } = await summary(admin);
    expect({ ...hardware, inventory: undefined, byType: undefined }).toEqual({
      total: 19,
      available: 11,
      assigned: 8,
      inventory: undefined,
      byType: undefined,
    });
    expect(hardware.byType).toEqual([
      { type: "laptop", count: 7, assigned: 2 },
      { type: "monitor", count: 6, assigned: 1 },
      { type: "phone", count: 5, assigned: 5 },
      { type: "peripheral", count: 1, assigned: 0 },
    ]);
    expect(hardware.inventory.map((row) => row.name)).toEqual(freeNames.slice(0, 8));
    expect(hardware.inventory[0]).toEqual({
      id: ids.get("charlie Mouse"),
      name: "charlie Mouse",
      type: "peripheral",
      location: "Storage",
      status: "active",
      assignedToMe: false,
    });
    expect(hardware.inventory.every((row) => !row.assignedToMe)).toBe(true);
  });

  it("gives a user their own items first, labelled, then free ones, 4 rows in all", async () => {
    const { hardware } = await summary(jane);
    expect(hardware.total).toBe(13);
    expect(hardware.assigned).toBe(2);
    expect(hardware.available).toBe(11);
    // Delta (bob's) is not hers to see; equal counts are ordered by type.
    expect(hardware.byType).toEqual([
      { type: "laptop", count: 6, assigned: 1 },
      { type: "monitor", count: 6, assigned: 1 },
      { type: "peripheral", count: 1, assigned: 0 },
    ]);
    expect(hardware.inventory.map((row) => [row.name, row.assignedToMe])).toEqual([
      ["Alpha Laptop", true],
      ["Bravo Monitor", true],
      ["charlie Mouse", false],
      ["Free 00", false],
    ]);
  });

  it("shows a user who holds more than 4 items only their own, and one who holds none 4 free", async () => {
    const many = await summary(collector);
    expect(many.hardware.assigned).toBe(5);
    expect(many.hardware.inventory.map((row) => [row.name, row.assignedToMe])).toEqual([
      ["Kept 0", true],
      ["Kept 1", true],
      ["Kept 2", true],
      ["Kept 3", true],
    ]);
    const none = await summary(nobody);
    expect(none.hardware.assigned).toBe(0);
    expect(none.hardware.inventory.map((row) => row.name)).toEqual(freeNames.slice(0, 4));
  });

  it("drops an item from the administrator's table once it is assigned (PATCH with the row lock)", async () => {
    const id = ids.get("charlie Mouse")!;
    const assign = await t.request({
      method: "PATCH",
      url: `/api/hardware/${id}`,
      cookie: admin.cookie,
      payload: { assignedToUserId: nobody.user.id },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const again = await t.request({
      method: "PATCH",
      url: `/api/hardware/${id}`,
      cookie: admin.cookie,
      payload: { assignedToUserId: bob.user.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("HARDWARE_UNAVAILABLE");

    const { hardware } = await summary(admin);
    expect(hardware.assigned).toBe(9);
    expect(hardware.inventory.map((row) => row.name)).toEqual(freeNames.slice(1, 9));
    const mine = await summary(nobody);
    expect(mine.hardware.inventory[0]).toMatchObject({ name: "charlie Mouse", assignedToMe: true });
    // Put it back for the other tests.
    await t.request({
      method: "PATCH",
      url: `/api/hardware/${id}`,
      cookie: admin.cookie,
      payload: { assignedToUserId: null },
    });
  });

  it("lists no item under maintenance or retired to assign or request, though the spec counts it available", async () => {
    const before = await summary(admin);
    const added: number[] = [];
    const add = async (name: string, status: string, holder: Viewer | null) => {
      const response = await t.request({
        method: "POST",
        url: "/api/hardware",
        cookie: admin.cookie,
        payload: {
          name,
          type: "laptop",
          identifier: `OOS-${added.length}-${process.pid}`,
          status,
          assignedToUserId: holder?.user.id ?? null,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      added.push(response.json().id);
    };
    // Named to sort first, so that the inventory would list them if it offered them.
    await add("Aa In Maintenance", "maintenance", null);
    await add("Aa Retired", "retired", null);
    await add("Aa Reserved", "reserved", null);
    await add("Aa Mine In Maintenance", "maintenance", nobody);
    try {
      const { hardware } = await summary(admin);
      expect(hardware.total).toBe(before.hardware.total + 4);
      expect(hardware.assigned).toBe(before.hardware.assigned + 1);
      // Available is the spec's figure: free, whatever the status.
      expect(hardware.available).toBe(before.hardware.available + 3);
      expect(hardware.inventory.map((row) => row.name)).toEqual([
        "Aa Reserved",
        ...freeNames.slice(0, 7),
      ]);

      // A user's own item shows whatever its status; the free ones offered are in service.
      const mine = await summary(nobody);
      expect(mine.hardware.available).toBe(before.hardware.available + 3);
      expect(mine.hardware.inventory.map((row) => [row.name, row.assignedToMe])).toEqual([
        ["Aa Mine In Maintenance", true],
        ["Aa Reserved", false],
        ["charlie Mouse", false],
        ["Free 00", false],
      ]);
    } finally {
      for (const id of added) {
        await t.request({ method: "DELETE", url: `/api/hardware/${id}`, cookie: admin.cookie });
      }
    }
  });
});

describe("the office accounts section", () => {
  it("counts by status and sums the active accounts' monthly expense in AUD and USD", async () => {
    const { officeAccounts } = await summary(admin);
    expect(officeAccounts.total).toBe(6);
    expect(officeAccounts.active).toBe(4);
    expect(
      Object.fromEntries(officeAccounts.byStatus.map((group) => [group.status, group.count])),
    ).toEqual({ active: 4, inactive: 1, expired: 1 });
    // Active only: 22.50 AUD, 10 USD, 5 EUR (and one without an amount).
    // AUD: 22.50 + 10 × 1.5 + 5 × 1.64 = 22.50 + 15.00 + 8.20 = 45.70.
    // USD: 22.50 × 0.67 = 15.075 → 15.08; + 10 + 5 × 1.09 = 5.45 → 30.53.
    expect(officeAccounts.monthlyExpense).toEqual({ AUD: 45.7, USD: 30.53 });
  });

  it("converts with the rates an administrator stored", async () => {
    const put = await t.request({
      method: "PUT",
      url: "/api/currency-rates",
      cookie: admin.cookie,
      payload: { rates: [{ from: "USD", to: "AUD", rate: 2 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { officeAccounts } = await summary(admin);
    // 22.50 + 10 × 2 + 8.20.
    expect(officeAccounts.monthlyExpense).toEqual({ AUD: 50.7, USD: 30.53 });
  });

  it("counts only a user's own accounts and gives them no expense", async () => {
    const { officeAccounts } = await summary(jane);
    expect(officeAccounts).toEqual({
      total: 2,
      byStatus: expect.arrayContaining([
        { status: "active", count: 1 },
        { status: "inactive", count: 1 },
      ]),
      active: 1,
      monthlyExpense: null,
    });
    expect((await summary(bob)).officeAccounts).toEqual({
      total: 0,
      byStatus: [],
      active: 0,
      monthlyExpense: null,
    });
  });
});

describe("the users section", () => {
  it("lists the 5 newest people for an administrator, and nothing for a user", async () => {
    const { users } = await summary(admin);
    expect(users!.total).toBe(5);
    expect(users!.newest.map((user) => user.displayName)).toEqual([
      "No Things",
      "Collector Five",
      "Bob Other",
      "Jane Holder",
      "Ada Admin",
    ]);
    expect(users!.newest.at(-1)).toMatchObject({ isAdmin: true, isActive: true });
    expect(Object.keys(users!.newest[0]!).sort()).toEqual(
      ["department", "displayName", "email", "id", "isActive", "isAdmin", "username"].sort(),
    );
    expect((await summary(jane)).users).toBeNull();
  });
});
