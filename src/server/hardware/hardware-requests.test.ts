import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { HardwareRequestResponse, HardwareResponse } from "../../domain/schemas/hardware";
import { hardware, hardwareRequests } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let admin2: { user: { id: number }; cookie: string };
let jane: { user: { id: number }; cookie: string };
let bob: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin", fullName: "Ada Admin" });
  admin2 = await t.signedInUser({ role: "admin" });
  jane = await t.signedInUser({ fullName: "Jane Doe" });
  bob = await t.signedInUser({ fullName: "Bob Builder" });
});
afterAll(() => t.close());

let serial = 0;
async function createItem(): Promise<HardwareResponse> {
  serial += 1;
  const response = await t.request({
    method: "POST",
    url: "/api/hardware",
    cookie: admin.cookie,
    payload: { name: `Dock ${serial}`, type: "docking-station", identifier: `RQ-${serial}` },
  });
  return response.json();
}

const REASON = "My current one stopped working last week.";
const postRequest = (payload: object, cookie: string) =>
  t.request({ method: "POST", url: "/api/hardware-requests", cookie, payload });
const approve = (id: number, cookie = admin.cookie, payload: object = {}) =>
  t.request({ method: "PATCH", url: `/api/hardware-requests/${id}/approve`, cookie, payload });
const reject = (id: number, payload: object, cookie = admin.cookie) =>
  t.request({ method: "PATCH", url: `/api/hardware-requests/${id}/reject`, cookie, payload });

async function requestItem(itemId: number, cookie = jane.cookie): Promise<HardwareRequestResponse> {
  const response = await postRequest(
    { type: "existing", hardwareId: itemId, reason: REASON, status: "approved" },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

describe("POST /api/hardware-requests", () => {
  it("creates a pending request for the signed-in user, whatever status the client sends", async () => {
    const item = await createItem();
    const request = await requestItem(item.id);
    expect(request).toMatchObject({
      requestedByUserId: jane.user.id,
      requestedByName: "Jane Doe",
      type: "existing",
      hardwareId: item.id,
      hardwareName: item.name,
      status: "pending",
      approvedByUserId: null,
      managerApproval: false,
      managerName: null,
    });
  });

  it("keeps the manager's name only when manager approval is yes", async () => {
    const item = await createItem();
    const withManager = await postRequest(
      {
        type: "existing",
        hardwareId: item.id,
        reason: REASON,
        managerApproval: true,
        managerName: "Hannah",
      },
      jane.cookie,
    );
    expect(withManager.json()).toMatchObject({ managerApproval: true, managerName: "Hannah" });
    // Another item: a second pending request for the same one is refused.
    const other = await createItem();
    const without = await postRequest(
      {
        type: "existing",
        hardwareId: other.id,
        reason: REASON,
        managerApproval: false,
        managerName: "Hannah",
      },
      jane.cookie,
    );
    expect(without.json()).toMatchObject({ managerApproval: false, managerName: null });
  });

  it("answers the spec's messages", async () => {
    const item = await createItem();
    const short = await postRequest(
      { type: "existing", hardwareId: item.id, reason: "soon" },
      jane.cookie,
    );
    expect(short.statusCode).toBe(400);
    expect(fieldErrors(short)).toEqual({ reason: "Reason must be at least 10 characters" });
    const empty = await postRequest({ type: "existing", reason: " " }, jane.cookie);
    expect(fieldErrors(empty)).toEqual({
      reason: "Please provide a reason for this request",
      hardwareId: "Please select a hardware item",
    });
    const newEmpty = await postRequest({ type: "new", reason: "" }, admin.cookie);
    expect(fieldErrors(newEmpty)).toMatchObject({
      reason: "Please provide a detailed reason for this request",
      hardwareType: "Please select a hardware type.",
    });
    const noUser = await postRequest(
      { type: "existing", hardwareId: item.id, reason: REASON, requestedByUserId: "" },
      admin.cookie,
    );
    expect(fieldErrors(noUser)).toEqual({ requestedByUserId: "User is required" });
  });

  it("lets a user request only for themselves, only existing items, only free ones they can see", async () => {
    const item = await createItem();
    const forBob = await postRequest(
      { type: "existing", hardwareId: item.id, reason: REASON, requestedByUserId: bob.user.id },
      jane.cookie,
    );
    expect(forBob.statusCode).toBe(403);
    const asNew = await postRequest(
      { type: "new", name: "Standing desk", hardwareType: "other", reason: REASON },
      jane.cookie,
    );
    expect(asNew.statusCode).toBe(403);
    const bobs = await createItem();
    await t.request({
      method: "PATCH",
      url: `/api/hardware/${bobs.id}`,
      cookie: admin.cookie,
      payload: { assignedToUserId: bob.user.id },
    });
    const hidden = await postRequest(
      { type: "existing", hardwareId: bobs.id, reason: REASON },
      jane.cookie,
    );
    expect(hidden.statusCode).toBe(404);
    const taken = await postRequest(
      { type: "existing", hardwareId: bobs.id, reason: REASON },
      admin.cookie,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("HARDWARE_UNAVAILABLE");
  });

  it("refuses an item under maintenance or retired with 409, and takes it back in service", async () => {
    const item = await createItem();
    const setStatus = (status: string) =>
      t.request({
        method: "PATCH",
        url: `/api/hardware/${item.id}`,
        cookie: admin.cookie,
        payload: { status },
      });
    const expected = {
      maintenance: "This hardware item is under maintenance and cannot be requested",
      retired: "This hardware item is retired and cannot be requested",
    };
    for (const [status, message] of Object.entries(expected)) {
      expect((await setStatus(status)).statusCode).toBe(200);
      for (const cookie of [jane.cookie, admin.cookie]) {
        const refused = await postRequest(
          { type: "existing", hardwareId: item.id, reason: REASON },
          cookie,
        );
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({
          code: "HARDWARE_UNAVAILABLE",
          message,
          errors: [{ path: "hardwareId", message }],
        });
      }
    }
    const none = await t.app.db
      .select()
      .from(hardwareRequests)
      .where(eq(hardwareRequests.hardwareId, item.id));
    expect(none).toEqual([]);
    expect((await setStatus("reserved")).statusCode).toBe(200);
    await requestItem(item.id);
  });

  it("refuses a second pending request by the same person for the same item, with 409", async () => {
    const item = await createItem();
    const first = await requestItem(item.id);
    const again = await postRequest(
      { type: "existing", hardwareId: item.id, reason: REASON },
      jane.cookie,
    );
    expect(again.statusCode, again.body).toBe(409);
    const mine = "You already have a pending request for this item";
    expect(again.json()).toMatchObject({
      code: "DUPLICATE_RECORD",
      message: mine,
      errors: [{ path: "hardwareId", message: mine }],
    });
    // An administrator asking for her is told the same, about her.
    const forJane = await postRequest(
      { type: "existing", hardwareId: item.id, reason: REASON, requestedByUserId: jane.user.id },
      admin.cookie,
    );
    expect(forJane.statusCode, forJane.body).toBe(409);
    expect(forJane.json()).toMatchObject({
      code: "DUPLICATE_RECORD",
      message: "Jane Doe already has a pending request for this item",
    });
    // Someone else may ask for it, and so may she once her request is decided.
    await requestItem(item.id, bob.cookie);
    expect((await reject(first.id, { reason: "Not this quarter" })).statusCode).toBe(200);
    await requestItem(item.id);
    const pending = await t.app.db
      .select({ userId: hardwareRequests.requestedByUserId })
      .from(hardwareRequests)
      .where(and(eq(hardwareRequests.hardwareId, item.id), eq(hardwareRequests.status, "pending")));
    expect(pending.map((row) => row.userId).sort()).toEqual([jane.user.id, bob.user.id].sort());
  });

  it("of identical requests sent at once, exactly one is taken", async () => {
    for (let round = 0; round < 3; round++) {
      const item = await createItem();
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          postRequest({ type: "existing", hardwareId: item.id, reason: REASON }, jane.cookie),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of results.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toMatchObject({
          code: "DUPLICATE_RECORD",
          message: "You already have a pending request for this item",
        });
      }
      const rows = await t.app.db
        .select({ id: hardwareRequests.id })
        .from(hardwareRequests)
        .where(eq(hardwareRequests.hardwareId, item.id));
      expect(rows).toHaveLength(1);
    }
  });

  it("lets an administrator request new hardware, for someone else too", async () => {
    const response = await postRequest(
      {
        type: "new",
        name: "Standing desk",
        hardwareType: "pc",
        link: "https://example.com/desk",
        reason: REASON,
        requestedByUserId: bob.user.id,
      },
      admin.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      requestedByUserId: bob.user.id,
      type: "new",
      hardwareId: null,
      name: "Standing desk",
      hardwareType: "desktop",
      link: "https://example.com/desk",
    });
  });
});

describe("GET /api/hardware-requests", () => {
  it("gives administrators every request and a user only their own", async () => {
    const item = await createItem();
    await requestItem(item.id, jane.cookie);
    await requestItem(item.id, bob.cookie);
    const mine = (
      await t.request({ method: "GET", url: "/api/hardware-requests", cookie: jane.cookie })
    ).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: HardwareRequestResponse) => r.requestedByUserId === jane.user.id)).toBe(
      true,
    );
    const all = (
      await t.request({ method: "GET", url: "/api/hardware-requests", cookie: admin.cookie })
    ).json();
    const people = new Set(all.map((r: HardwareRequestResponse) => r.requestedByUserId));
    expect(people.has(jane.user.id) && people.has(bob.user.id)).toBe(true);
    const paged = await t.request({
      method: "GET",
      url: "/api/hardware-requests?limit=1&status=pending",
      cookie: admin.cookie,
    });
    expect(paged.json()).toHaveLength(1);
    expect(Number(paged.headers["x-total-count"])).toBe(
      all.filter((r: HardwareRequestResponse) => r.status === "pending").length,
    );
    const summary = await t.request({
      method: "GET",
      url: "/api/hardware/summary",
      cookie: jane.cookie,
    });
    expect(summary.json().pendingRequests).toBe(
      mine.filter((r: HardwareRequestResponse) => r.status === "pending").length,
    );
  });
});

// The search is a case-insensitive substring of the name or the reason (a trigram index each,
// migration 0028); a search of one or two characters, which no trigram index answers, finds the
// same rows as a longer one, and LIKE's wildcards are plain text.
describe("GET /api/hardware-requests?search=", () => {
  it("finds a case-insensitive substring of the name or the reason, at any length", async () => {
    const asNew = async (name: string, reason: string) => {
      const response = await postRequest(
        { type: "new", name, hardwareType: "other", reason, requestedByUserId: jane.user.id },
        admin.cookie,
      );
      expect(response.statusCode, response.body).toBe(201);
    };
    await asNew("Qx Sit-stand Desk", "For the new office on level three.");
    await asNew("Ergonomic chair", "Back pain, see the qx_100% assessment.");
    await asNew("Webcam", "Video calls with clients every day.");
    const names = async (search: string) => {
      const response = await t.request({
        method: "GET",
        url: `/api/hardware-requests?search=${encodeURIComponent(search)}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as HardwareRequestResponse[]).map((r) => r.name).sort();
    };
    expect(await names("sit-STAND desk")).toEqual(["Qx Sit-stand Desk"]);
    expect(await names("LEVEL THREE")).toEqual(["Qx Sit-stand Desk"]);
    expect(await names("qx")).toEqual(["Ergonomic chair", "Qx Sit-stand Desk"]);
    expect(await names("Q")).toEqual(["Ergonomic chair", "Qx Sit-stand Desk"]);
    expect(await names("_1")).toEqual(["Ergonomic chair"]);
    expect(await names("0%")).toEqual(["Ergonomic chair"]);
    expect(await names("x%")).toEqual([]);
    expect(await names("video calls")).toEqual(["Webcam"]);
  });
});

describe("approve and reject", () => {
  it("approving gives the item to the requester; the approver is the session's administrator", async () => {
    const item = await createItem();
    const request = await requestItem(item.id);
    const approved = await approve(request.id, admin.cookie, { approverId: bob.user.id });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: "approved",
      approvedByUserId: admin.user.id,
      approvedByName: "Ada Admin",
    });
    const [row] = await t.app.db.select().from(hardware).where(eq(hardware.id, item.id));
    expect(row!.assignedToUserId).toBe(jane.user.id);
    const mine = await t.request({
      method: "GET",
      url: "/api/hardware?view=assigned",
      cookie: jane.cookie,
    });
    expect(mine.json().map((i: HardwareResponse) => i.id)).toContain(item.id);
  });

  it("answers 409 when the item went to someone else in the meantime", async () => {
    const item = await createItem();
    const request = await requestItem(item.id);
    await t.request({
      method: "PATCH",
      url: `/api/hardware/${item.id}`,
      cookie: admin.cookie,
      payload: { assignedToUserId: bob.user.id },
    });
    const response = await approve(request.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("HARDWARE_UNAVAILABLE");
    const [row] = await t.app.db
      .select()
      .from(hardwareRequests)
      .where(eq(hardwareRequests.id, request.id));
    expect(row!.status).toBe("pending");
  });

  it("answers 409 and hands nothing over when the item went under maintenance or was retired since", async () => {
    for (const status of ["maintenance", "retired"] as const) {
      const item = await createItem();
      const request = await requestItem(item.id);
      await t.request({
        method: "PATCH",
        url: `/api/hardware/${item.id}`,
        cookie: admin.cookie,
        payload: { status },
      });
      const response = await approve(request.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "HARDWARE_UNAVAILABLE",
        message: `This hardware item is ${status === "retired" ? "retired" : "under maintenance"}; put it back in service before approving the request`,
      });
      const [row] = await t.app.db.select().from(hardware).where(eq(hardware.id, item.id));
      expect(row!.assignedToUserId).toBeNull();
      const [pending] = await t.app.db
        .select()
        .from(hardwareRequests)
        .where(eq(hardwareRequests.id, request.id));
      expect(pending!.status).toBe("pending");
      // Back in service, the same request goes through.
      await t.request({
        method: "PATCH",
        url: `/api/hardware/${item.id}`,
        cookie: admin.cookie,
        payload: { status: "active" },
      });
      expect((await approve(request.id)).statusCode).toBe(200);
    }
  });

  it("of two administrators approving one request at once, exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const item = await createItem();
      const request = await requestItem(item.id);
      const results = await Promise.all([
        approve(request.id, admin.cookie),
        approve(request.id, admin2.cookie),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().code).toBe("REQUEST_NOT_PENDING");
    }
  });

  it("of two requests for one item, only the first approved gets it", async () => {
    const item = await createItem();
    const first = await requestItem(item.id, jane.cookie);
    const second = await requestItem(item.id, bob.cookie);
    const results = await Promise.all([approve(first.id), approve(second.id, admin2.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.app.db.select().from(hardware).where(eq(hardware.id, item.id));
    const winner = results.find((r) => r.statusCode === 200)!.json() as HardwareRequestResponse;
    expect(row!.assignedToUserId).toBe(winner.requestedByUserId);
  });

  it("rejects with a reason, only pending requests, only administrators", async () => {
    const item = await createItem();
    const request = await requestItem(item.id);
    const noReason = await reject(request.id, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrors(noReason)).toEqual({
      reason: "Please provide a reason for rejecting this request",
    });
    expect((await reject(request.id, { reason: "No budget" }, jane.cookie)).statusCode).toBe(403);
    expect((await approve(request.id, jane.cookie)).statusCode).toBe(403);
    const rejected = await reject(request.id, { reason: "No budget this quarter" });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "No budget this quarter",
      approvedByUserId: admin.user.id,
    });
    const again = await approve(request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("REQUEST_NOT_PENDING");
    expect((await approve(999999)).statusCode).toBe(404);
  });
});

describe("migration 0032 (one pending request per person and item)", () => {
  it("closes the later duplicates a database already holds, then makes the index", async () => {
    const db = t.app.db;
    const migration = fs.readFileSync(
      path.join(__dirname, "../db/migrations/0032_hardware_requests_one_pending_per_item.sql"),
      "utf8",
    );
    // A database from before the index, holding what it allowed.
    await db.execute(sql`drop index hardware_requests_one_pending_per_item_idx`);
    const [item, other] = [await createItem(), await createItem()];
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const rows = await db
      .insert(hardwareRequests)
      .values(
        [
          // Jane asked for the item three times, the oldest not first by id.
          { requestedByUserId: jane.user.id, hardwareId: item.id, createdAt: at(3) },
          { requestedByUserId: jane.user.id, hardwareId: item.id, createdAt: at(1) },
          { requestedByUserId: jane.user.id, hardwareId: item.id, createdAt: at(2) },
          // Not duplicates: another item, another person, a decided request, new hardware.
          { requestedByUserId: jane.user.id, hardwareId: other.id, createdAt: at(4) },
          { requestedByUserId: bob.user.id, hardwareId: item.id, createdAt: at(5) },
          {
            requestedByUserId: jane.user.id,
            hardwareId: other.id,
            createdAt: at(1),
            status: "rejected" as const,
          },
          { requestedByUserId: jane.user.id, type: "new" as const, name: "Desk", createdAt: at(1) },
          { requestedByUserId: jane.user.id, type: "new" as const, name: "Desk", createdAt: at(2) },
        ].map((row) => ({ type: "existing" as const, reason: REASON, ...row })),
      )
      .returning({ id: hardwareRequests.id });

    for (const statement of migration.split("--> statement-breakpoint")) {
      await db.execute(sql.raw(statement));
    }

    const after = await db
      .select()
      .from(hardwareRequests)
      .where(
        inArray(
          hardwareRequests.id,
          rows.map((row) => row.id),
        ),
      );
    const byId = new Map(after.map((row) => [row.id, row]));
    const statusOf = rows.map((row) => byId.get(row.id)!.status);
    expect(statusOf).toEqual([
      "rejected",
      "pending",
      "rejected",
      "pending",
      "pending",
      "rejected",
      "pending",
      "pending",
    ]);
    for (const index of [0, 2]) {
      expect(byId.get(rows[index]!.id)).toMatchObject({
        rejectionReason: "Closed as a duplicate of an earlier pending request for the same item",
        approvedByUserId: null,
      });
    }
    // The index is back: a duplicate is refused by the database itself.
    await expect(
      db.insert(hardwareRequests).values({
        requestedByUserId: jane.user.id,
        type: "existing",
        hardwareId: item.id,
        reason: REASON,
      }),
    ).rejects.toThrow();
  });
});
