import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addYears, todayIso } from "../../domain/dates";
import type { HardwareResponse, HardwareSummaryResponse } from "../../domain/schemas/hardware";
import { hardware, users } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let admin2: { user: { id: number }; cookie: string };
let jane: { user: { id: number; username: string }; cookie: string };
let bob: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  admin2 = await t.signedInUser({ role: "admin" });
  jane = await t.signedInUser({ fullName: "Jane Doe" });
  bob = await t.signedInUser({ fullName: "Bob Builder" });
});
afterAll(() => t.close());

let serial = 0;
async function createItem(fields: Record<string, unknown> = {}): Promise<HardwareResponse> {
  serial += 1;
  const response = await t.request({
    method: "POST",
    url: "/api/hardware",
    cookie: admin.cookie,
    payload: { name: `Item ${serial}`, type: "laptop", identifier: `SN-${serial}`, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const patch = (id: number, payload: object, cookie = admin.cookie) =>
  t.request({ method: "PATCH", url: `/api/hardware/${id}`, cookie, payload });

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

describe("POST /api/hardware", () => {
  it("creates an item with the defaults: status active, warranty one year from today", async () => {
    const item = await createItem({
      name: "  ThinkPad  ",
      location: "Sydney",
      specs: { cpu: "i7", ramGb: 32 },
      pcName: "",
    });
    expect(item).toMatchObject({
      name: "ThinkPad",
      type: "laptop",
      status: "active",
      location: "Sydney",
      assignedToUserId: null,
      assignedToName: null,
      warrantyExpiry: addYears(todayIso(), 1),
      pcName: null,
      specs: { cpu: "i7", ramGb: 32 },
    });
  });

  it("answers the spec's messages for each invalid field", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/hardware",
      cookie: admin.cookie,
      payload: { name: "A", type: "toaster", identifier: " x ", status: "lost" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(fieldErrors(response)).toEqual({
      name: "Name must be at least 2 characters.",
      type: "Please select a hardware type.",
      identifier: "Serial number/identifier is required.",
      status: "Please select a status.",
    });
    const missing = await t.request({
      method: "POST",
      url: "/api/hardware",
      cookie: admin.cookie,
      payload: {},
    });
    expect(fieldErrors(missing)).toMatchObject({
      name: "Name must be at least 2 characters.",
      type: "Please select a hardware type.",
      identifier: "Serial number/identifier is required.",
    });
  });

  it("stores every screen's spelling of a type as one key", async () => {
    const fromEdit = await createItem({ type: "Hard Drive" });
    const fromRequest = await createItem({ type: "pc" });
    const fromAdd = await createItem({ type: "monitor" });
    expect([fromEdit.type, fromRequest.type, fromAdd.type]).toEqual([
      "hard-drive",
      "desktop",
      "monitor",
    ]);
    // Edited with the Edit list's capitalised label, it keeps its type.
    const edited = await patch(fromAdd.id, { type: "Monitor", name: "Renamed" });
    expect(edited.json()).toMatchObject({ type: "monitor", name: "Renamed" });
  });

  it("refuses a second item with the same identifier (409)", async () => {
    await createItem({ identifier: "DUP-1" });
    const again = await t.request({
      method: "POST",
      url: "/api/hardware",
      cookie: admin.cookie,
      payload: { name: "Other", type: "mouse", identifier: "DUP-1" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("DUPLICATE_RECORD");
    expect(fieldErrors(again)).toEqual({
      identifier: "A hardware item with this serial number/identifier already exists",
    });
  });

  it("is for administrators only", async () => {
    const payload = { name: "Nope", type: "laptop", identifier: "NOPE-1" };
    const asUser = await t.request({
      method: "POST",
      url: "/api/hardware",
      cookie: jane.cookie,
      payload,
    });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await t.request({ method: "POST", url: "/api/hardware", payload });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.app.db.select().from(hardware).where(eq(hardware.identifier, "NOPE-1"));
    expect(rows).toHaveLength(0);
  });
});

describe("visibility", () => {
  it("shows a user only free items and their own; another's item is a 404", async () => {
    const free = await createItem();
    const janes = await createItem();
    const bobs = await createItem();
    await patch(janes.id, { assignedToUserId: jane.user.id });
    await patch(bobs.id, { assignedToUserId: bob.user.id });

    const list = (await get("/api/hardware", jane.cookie)).json() as HardwareResponse[];
    const ids = list.map((item) => item.id);
    expect(ids).toContain(free.id);
    expect(ids).toContain(janes.id);
    expect(ids).not.toContain(bobs.id);
    expect(
      list.every(
        (item) => item.assignedToUserId === null || item.assignedToUserId === jane.user.id,
      ),
    ).toBe(true);

    expect((await get(`/api/hardware/${bobs.id}`, jane.cookie)).statusCode).toBe(404);
    expect((await get(`/api/hardware/${janes.id}`, jane.cookie)).json()).toMatchObject({
      assignedToName: "Jane Doe",
    });
    // Asking for bob's items by id gives jane nothing of bob's.
    const asked = (await get(`/api/hardware?assignedToUserId=${bob.user.id}`, jane.cookie)).json();
    expect(asked).toEqual([]);
    // An administrator sees all, and the items one user holds (User Details dialog).
    const bobsList = (
      await get(`/api/hardware?assignedToUserId=${bob.user.id}`, admin.cookie)
    ).json();
    expect(bobsList.map((item: HardwareResponse) => item.id)).toEqual([bobs.id]);
  });

  it("the assigned view is 'My Hardware' for a user and every held item for an administrator", async () => {
    const mine = (
      await get("/api/hardware?view=assigned", jane.cookie)
    ).json() as HardwareResponse[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.assignedToUserId === jane.user.id)).toBe(true);
    const all = (
      await get("/api/hardware?view=assigned", admin.cookie)
    ).json() as HardwareResponse[];
    expect(new Set(all.map((item) => item.assignedToUserId))).toEqual(
      new Set([jane.user.id, bob.user.id]),
    );
  });
});

describe("PATCH /api/hardware/:id (assign, unassign, edit)", () => {
  it("assigns and unassigns", async () => {
    const item = await createItem();
    const assigned = await patch(item.id, { assignedToUserId: jane.user.id });
    expect(assigned.json()).toMatchObject({
      assignedToUserId: jane.user.id,
      assignedToName: "Jane Doe",
    });
    const unassigned = await patch(item.id, { assignedToUserId: null });
    expect(unassigned.json()).toMatchObject({ assignedToUserId: null, assignedToName: null });
  });

  it("refuses to give an item someone else holds (409); giving it to its holder again is fine", async () => {
    const item = await createItem();
    await patch(item.id, { assignedToUserId: jane.user.id });
    const taken = await patch(item.id, { assignedToUserId: bob.user.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("HARDWARE_UNAVAILABLE");
    expect(taken.json().message).toBe("This hardware item is already assigned to someone else");
    expect((await patch(item.id, { assignedToUserId: jane.user.id })).statusCode).toBe(200);
  });

  it("of two administrators assigning one item to two people at once, exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const item = await createItem();
      const results = await Promise.all([
        patch(item.id, { assignedToUserId: jane.user.id }, admin.cookie),
        patch(item.id, { assignedToUserId: bob.user.id }, admin2.cookie),
      ]);
      const codes = results.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = results.find((response) => response.statusCode === 200)!.json();
      const [row] = await t.app.db.select().from(hardware).where(eq(hardware.id, item.id));
      expect(row!.assignedToUserId).toBe(winner.assignedToUserId);
    }
  });

  it("refuses an unknown or inactive user, and ordinary users", async () => {
    const item = await createItem();
    const unknown = await patch(item.id, { assignedToUserId: 999999 });
    expect(unknown.statusCode).toBe(400);
    const inactive = await t.signedInUser({});
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    const refused = await patch(item.id, { assignedToUserId: inactive.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("USER_INACTIVE");
    const asUser = await patch(item.id, { assignedToUserId: jane.user.id }, jane.cookie);
    expect(asUser.statusCode).toBe(403);
    expect((await patch(999999, { name: "Gone" })).statusCode).toBe(404);
  });

  it("edits fields with the same messages as the add form", async () => {
    const item = await createItem();
    const bad = await patch(item.id, { name: "x", status: "" });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      name: "Name must be at least 2 characters.",
      status: "Please select a status.",
    });
    const good = await patch(item.id, { status: "maintenance", notes: "Fan noise", location: "" });
    expect(good.json()).toMatchObject({
      status: "maintenance",
      notes: "Fan noise",
      location: null,
    });
  });

  it("replaces specs as a whole, clears them with null, and refuses what it cannot store", async () => {
    const item = await createItem({ specs: { CPU: "i7", Cores: 8 } });
    // The Edit dialog's round trip: the specs it read back, changed, as one object.
    const edited = await patch(item.id, { specs: { CPU: "i9", "RAM (GB)": 32, Port: "a:b" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().specs).toEqual({ CPU: "i9", "RAM (GB)": 32, Port: "a:b" });
    const read = await get(`/api/hardware/${item.id}`, admin.cookie);
    expect(read.json().specs).toEqual({ CPU: "i9", "RAM (GB)": 32, Port: "a:b" });
    const untouched = await patch(item.id, { notes: "x" });
    expect(untouched.json().specs).toEqual({ CPU: "i9", "RAM (GB)": 32, Port: "a:b" });
    const cleared = await patch(item.id, { specs: null });
    expect(cleared.json().specs).toBeNull();

    // PostgreSQL's jsonb cannot hold U+0000: a 400, never a 500.
    for (const specs of [{ CPU: "i\u00007" }, { "C\u0000PU": "i7" }]) {
      const bad = await patch(item.id, { specs });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(Object.values(fieldErrors(bad))).toEqual(["Must not contain a NUL character"]);
    }
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`s${i}`, i]));
    expect((await patch(item.id, { specs: fifty })).statusCode).toBe(200);
    const tooMany = await patch(item.id, { specs: { ...fifty, s50: 50 } });
    expect(tooMany.statusCode).toBe(400);
    expect(fieldErrors(tooMany)).toEqual({ specs: "Specs can have at most 50 entries" });
  });
});

describe("DELETE /api/hardware/:id", () => {
  it("deletes for administrators only", async () => {
    const item = await createItem();
    const url = `/api/hardware/${item.id}`;
    expect((await t.request({ method: "DELETE", url, cookie: jane.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url, cookie: admin.cookie })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url, cookie: admin.cookie })).statusCode).toBe(404);
  });
});

describe("list paging, filters, search and the summary", () => {
  it("pages with X-Total-Count, filters by type, location and status, and searches", async () => {
    const fresh = await buildTestApp();
    try {
      const boss = await fresh.signedInUser({ role: "admin" });
      const user = await fresh.signedInUser({ fullName: "Uma User" });
      const post = (payload: object) =>
        fresh.request({ method: "POST", url: "/api/hardware", cookie: boss.cookie, payload });
      for (let i = 0; i < 7; i++) {
        await post({
          name: `Laptop ${i}`,
          type: "laptop",
          identifier: `L-${i}`,
          location: i < 4 ? "Sydney" : "Melbourne",
        });
      }
      await post({ name: "Spare Monitor", type: "monitor", identifier: "M-1", status: "reserved" });
      const held = await post({
        name: "Held Phone",
        type: "phone",
        identifier: "P-1",
        location: "Sydney",
      });
      await fresh.request({
        method: "PATCH",
        url: `/api/hardware/${held.json().id}`,
        cookie: boss.cookie,
        payload: { assignedToUserId: user.user.id },
      });

      const page = await fresh.request({
        method: "GET",
        url: "/api/hardware?limit=3&offset=3&sort=name",
        cookie: boss.cookie,
      });
      expect(page.headers["x-total-count"]).toBe("9");
      expect(page.json().map((item: HardwareResponse) => item.name)).toEqual([
        "Laptop 2",
        "Laptop 3",
        "Laptop 4",
      ]);
      const names = async (query: string, cookie = boss.cookie) =>
        (await fresh.request({ method: "GET", url: `/api/hardware?${query}`, cookie }))
          .json()
          .map((item: HardwareResponse) => item.name);
      expect(await names("type=Monitor")).toEqual(["Spare Monitor"]);
      expect(await names("location=Melbourne")).toHaveLength(3);
      expect(await names("status=reserved")).toEqual(["Spare Monitor"]);
      expect(await names("search=m-1")).toEqual(["Spare Monitor"]);
      expect(await names("search=100%25")).toEqual([]);
      expect(await names("view=assigned")).toEqual(["Held Phone"]);
      expect(await names("view=available")).toHaveLength(8);

      const summary = (
        await fresh.request({ method: "GET", url: "/api/hardware/summary", cookie: boss.cookie })
      ).json() as HardwareSummaryResponse;
      expect(summary).toMatchObject({ total: 9, available: 8, assigned: 1, pendingRequests: 0 });
      expect(summary.byType).toEqual([
        { key: "laptop", count: 7 },
        { key: "monitor", count: 1 },
        { key: "phone", count: 1 },
      ]);
      expect(summary.byLocation).toEqual([
        { key: "Sydney", count: 5 },
        { key: "Melbourne", count: 3 },
        { key: null, count: 1 },
      ]);
      const userSummary = (
        await fresh.request({ method: "GET", url: "/api/hardware/summary", cookie: user.cookie })
      ).json() as HardwareSummaryResponse;
      expect(userSummary).toMatchObject({ total: 9, available: 8, assigned: 1 });
      const bad = await fresh.request({
        method: "GET",
        url: "/api/hardware?view=mine&type=toaster&sort=price",
        cookie: boss.cookie,
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});
