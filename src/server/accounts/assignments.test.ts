import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { AccountAssignmentResponse } from "../../domain/schemas/accounts";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let jane: { user: { id: number }; cookie: string };
let other: { user: { id: number }; cookie: string };
let account: Awaited<ReturnType<typeof createAccountViaApi>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  jane = await t.signedInUser();
  other = await t.signedInUser();
  account = await createAccountViaApi(t, admin.cookie, { email: "assign-box@example.com" });
});
afterAll(() => t.close());

const create = (payload: object, cookie = admin.cookie) =>
  t.request({ method: "POST", url: "/api/account-assignments", payload, cookie });
const list = (query = "", cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/account-assignments${query}`, cookie });
const fieldMessages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));

describe("POST /api/account-assignments", () => {
  it("creates an active assignment with the account's e-mail", async () => {
    const response = await create({
      accountId: account.id,
      userId: jane.user.id,
      assignedTo: "Jane",
      deviceName: "NW-LT-001",
      assignedDate: "2026-02-01",
      notes: "Primary laptop",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      accountId: account.id,
      accountEmail: "assign-box@example.com",
      userId: jane.user.id,
      assignedTo: "Jane",
      deviceName: "NW-LT-001",
      assignedDate: "2026-02-01",
      isActive: true,
      notes: "Primary laptop",
    });
  });

  it("answers each missing field with the spec's message", async () => {
    const response = await create({ accountId: account.id, assignedTo: " ", deviceName: "" });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json())).toEqual({
      userId: "Please select a user",
      deviceName: "Device name is required",
      assignedDate: "Assignment date is required",
      assignedTo: "Assigned to is required",
    });
    const badDate = await create({
      accountId: account.id,
      userId: jane.user.id,
      assignedTo: "Jane",
      deviceName: "PC",
      assignedDate: "2026-02-30",
    });
    expect(badDate.statusCode).toBe(400);
  });

  it("refuses an unknown account or user (404) and an inactive user (409)", async () => {
    const base = { assignedTo: "X", deviceName: "PC", assignedDate: "2026-02-01" };
    const noAccount = await create({ ...base, accountId: 999999, userId: jane.user.id });
    expect(noAccount.statusCode).toBe(404);
    const noUser = await create({ ...base, accountId: account.id, userId: 999999 });
    expect(noUser.statusCode).toBe(404);
    const dormant = await createUser(t.app.db, { isActive: false });
    const refused = await create({ ...base, accountId: account.id, userId: dormant.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("USER_INACTIVE");
  });

  it("is for administrators only", async () => {
    const payload = {
      accountId: account.id,
      userId: jane.user.id,
      assignedTo: "Jane",
      deviceName: "PC",
      assignedDate: "2026-02-01",
    };
    expect((await create(payload, jane.cookie)).statusCode).toBe(403);
  });
});

describe("GET /api/account-assignments and deactivate", () => {
  it("lists every assignment for administrators, filtered, and only their own for a user", async () => {
    const second = await createAccountViaApi(t, admin.cookie);
    await assignAccountViaApi(t, admin.cookie, second.id, other.user.id);
    const janes = await assignAccountViaApi(t, admin.cookie, second.id, jane.user.id);

    const all = (await list()).json() as AccountAssignmentResponse[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    const ofSecond = (await list(`?accountId=${second.id}`)).json() as AccountAssignmentResponse[];
    expect(ofSecond.map((a) => a.userId)).toEqual([jane.user.id, other.user.id]);
    const ofJane = (await list(`?userId=${jane.user.id}&active=true`)).json();
    expect(ofJane.map((a: AccountAssignmentResponse) => a.accountId).sort()).toEqual(
      [account.id, second.id].sort(),
    );

    // A user's own list, whatever they ask for.
    const own = (await list(`?userId=${other.user.id}`, jane.cookie)).json();
    expect(own.every((a: AccountAssignmentResponse) => a.userId === jane.user.id)).toBe(true);
    expect(own).toHaveLength(2);

    const paged = await list(`?accountId=${second.id}&limit=1`);
    expect(paged.headers["x-total-count"]).toBe("2");
    expect(paged.json()).toHaveLength(1);

    const deactivate = (id: number, cookie = admin.cookie) =>
      t.request({
        method: "PATCH",
        url: `/api/account-assignments/${id}/deactivate`,
        cookie,
        headers: { "content-type": "application/json" },
        payload: "",
      });
    expect((await deactivate(janes.id, jane.cookie)).statusCode).toBe(403);
    const ended = await deactivate(janes.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: janes.id, isActive: false });
    expect((await deactivate(janes.id)).json().isActive).toBe(false);
    expect((await deactivate(999999)).statusCode).toBe(404);
    const activeOfSecond = (await list(`?accountId=${second.id}&active=true`)).json();
    expect(activeOfSecond.map((a: AccountAssignmentResponse) => a.userId)).toEqual([other.user.id]);
    expect((await list("?active=maybe")).statusCode).toBe(400);
  });
});
