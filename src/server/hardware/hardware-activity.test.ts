// The activity log of hardware and hardware requests: create, edit, assign, unassign, delete,
// request, approve and reject recorded; nothing for a refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, activityOf, lastActivity } from "../../../tests/support/activity";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let serial = 0;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const call = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload });

async function createItem() {
  serial++;
  const response = await call("POST", "/api/hardware", admin.cookie, {
    name: `Audit Dock ${serial}`,
    type: "docking-station",
    identifier: `AUD-${serial}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

const REASON = "My old dock stopped charging the laptop";

describe("hardware activity", () => {
  it("records create, edit, assign, unassign and delete on the item", async () => {
    const item = await createItem();
    const id = item.id;
    await call("PATCH", `/api/hardware/${id}`, admin.cookie, { location: "Shelf 3" });
    await call("PATCH", `/api/hardware/${id}`, admin.cookie, { assignedToUserId: user.user.id });
    await call("PATCH", `/api/hardware/${id}`, admin.cookie, { assignedToUserId: null });
    // Nothing changed: nothing to record.
    await call("PATCH", `/api/hardware/${id}`, admin.cookie, { location: "Shelf 3" });
    expect((await call("DELETE", `/api/hardware/${id}`, admin.cookie)).statusCode).toBe(204);
    const rows = await activityOf(t.app.db, { area: "hardware", itemId: id });
    expect(rows.map((row) => row.action)).toEqual([
      "create",
      "update",
      "assign",
      "unassign",
      "delete",
    ]);
    expect(rows[1]!.changes).toEqual({ location: { before: null, after: "Shelf 3" } });
    expect(rows[2]!.changes).toEqual({
      assignedToUserId: { before: null, after: user.user.id },
    });
    expect(rows[4]!.itemLabel).toBe(item.name);
  });

  it("records a request, its approval (and the item given) and a rejection", async () => {
    const item = await createItem();
    const asked = await call("POST", "/api/hardware-requests", user.cookie, {
      type: "existing",
      hardwareId: item.id,
      reason: REASON,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = (asked.json() as { id: number }).id;
    const approved = await call(
      "PATCH",
      `/api/hardware-requests/${requestId}/approve`,
      admin.cookie,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await activityOf(t.app.db, { area: "hardware_requests", itemId: requestId });
    expect(rows.map((row) => [row.action, row.userId])).toEqual([
      ["create", user.user.id],
      ["approve", admin.user.id],
    ]);
    expect(await lastActivity(t.app.db, { area: "hardware", itemId: item.id })).toMatchObject({
      action: "assign",
      detail: { requestId },
    });

    const other = await createItem();
    const second = await call("POST", "/api/hardware-requests", user.cookie, {
      type: "existing",
      hardwareId: other.id,
      reason: REASON,
    });
    const secondId = (second.json() as { id: number }).id;
    const rejected = await call(
      "PATCH",
      `/api/hardware-requests/${secondId}/reject`,
      admin.cookie,
      {
        reason: "Not this quarter",
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(
      await lastActivity(t.app.db, { area: "hardware_requests", itemId: secondId }),
    ).toMatchObject({ action: "reject", detail: { reason: "Not this quarter" } });
  });

  it("records nothing for a refused request", async () => {
    const item = await createItem();
    const taken = await createItem();
    await call("PATCH", `/api/hardware/${taken.id}`, admin.cookie, {
      assignedToUserId: admin.user.id,
    });
    const asked = await call("POST", "/api/hardware-requests", user.cookie, {
      type: "existing",
      hardwareId: item.id,
      reason: REASON,
    });
    const requestId = (asked.json() as { id: number }).id;
    await call("PATCH", `/api/hardware-requests/${requestId}/approve`, admin.cookie);
    const before = await activityCount(t.app.db);
    const refused = [
      await call("POST", "/api/hardware", user.cookie, {
        name: "x",
        type: "laptop",
        identifier: "X",
      }),
      await call("PATCH", `/api/hardware/${item.id}`, user.cookie, { location: "Home" }),
      await call("POST", "/api/hardware", admin.cookie, { name: "", type: "laptop" }),
      await call("DELETE", "/api/hardware/999999", admin.cookie),
      await call("PATCH", `/api/hardware/${taken.id}`, admin.cookie, {
        assignedToUserId: user.user.id,
      }),
      await call("PATCH", `/api/hardware-requests/${requestId}/approve`, admin.cookie),
      await call("PATCH", `/api/hardware-requests/${requestId}/reject`, user.cookie, {
        reason: "no",
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([
      403, 403, 400, 404, 409, 409, 403,
    ]);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
