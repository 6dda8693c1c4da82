import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import type { AssignmentResponse } from "../../domain/schemas/licenses";
import { licenseAssignments } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let alice: { user: { id: number; username: string }; cookie: string };
let bob: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  alice = await t.signedInUser({ fullName: "Alice Example" });
  bob = await t.signedInUser({ fullName: null });
});
afterAll(() => t.close());

const post = (payload: unknown, cookie?: string) =>
  t.request({ method: "POST", url: "/api/assignments", payload: payload as object, cookie });
const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

async function activeCount(licenseId: number) {
  const rows = await t.app.db
    .select()
    .from(licenseAssignments)
    .where(and(eq(licenseAssignments.licenseId, licenseId), eq(licenseAssignments.isActive, true)));
  return rows.length;
}

describe("POST /api/assignments", () => {
  it("is for administrators only", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const payload = { licenseId: license.id, userId: alice.user.id };
    expect((await post(payload)).statusCode).toBe(401);
    expect((await post(payload, alice.cookie)).statusCode).toBe(403);
    expect(await activeCount(license.id)).toBe(0);
  });

  it("assigns a seat, storing the user's display name whatever assignedTo says", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { name: "Assign Me" });
    const response = await post(
      {
        licenseId: license.id,
        userId: alice.user.id,
        assignedTo: "Mallory",
        notes: "  for the audit ",
        assignedDate: "2025-05-01",
      },
      admin.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      licenseId: license.id,
      licenseName: "Assign Me",
      userId: alice.user.id,
      assignedTo: "Alice Example",
      assignedDate: "2025-05-01",
      notes: "for the audit",
      isActive: true,
    });
    const after = await get(`/api/licenses/${license.id}`, admin.cookie);
    expect(after.json()).toMatchObject({ assignedSeats: 1, seatsLeft: 4 });
  });

  it("defaults the date to today and the name to the username without a full name", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const response = await post({ licenseId: license.id, userId: bob.user.id }, admin.cookie);
    expect(response.statusCode).toBe(201);
    const bobRow = await get(`/api/users/${bob.user.id}`, admin.cookie);
    expect(response.json()).toMatchObject({
      assignedDate: todayIso(),
      assignedTo: bobRow.json().username,
    });
  });

  it("refuses to assign the same user twice to one license", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    const again = await post({ licenseId: license.id, userId: alice.user.id }, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This user already has an active assignment of this license");
    expect(again.json().code).toBe("ALREADY_ASSIGNED");
    expect(fieldErrors(again)).toHaveProperty("userId");
    expect(await activeCount(license.id)).toBe(1);
  });

  it("allows assigning again after the seat was unassigned", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const first = await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    await t.request({
      method: "PATCH",
      url: `/api/assignments/${first.id}/deactivate`,
      cookie: admin.cookie,
    });
    const again = await post({ licenseId: license.id, userId: alice.user.id }, admin.cookie);
    expect(again.statusCode).toBe(201);
  });

  it("refuses a seat when none is left", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 1 });
    await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    const full = await post({ licenseId: license.id, userId: bob.user.id }, admin.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      code: "SEATS_EXHAUSTED",
      message: "No seats left on this license",
    });
  });

  it("records an inactive (historical) assignment without taking a seat", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 1 });
    await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    const history = await post(
      { licenseId: license.id, userId: bob.user.id, isActive: false },
      admin.cookie,
    );
    expect(history.statusCode).toBe(201);
    expect(history.json().isActive).toBe(false);
    expect(await activeCount(license.id)).toBe(1);
  });

  it("answers 404 for an unknown license or user, and refuses inactive users", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const noLicense = await post({ licenseId: 999999, userId: alice.user.id }, admin.cookie);
    expect(noLicense.statusCode).toBe(404);
    expect(noLicense.json()).toEqual({ code: "NOT_FOUND", message: "License not found" });
    const noUser = await post({ licenseId: license.id, userId: 999999 }, admin.cookie);
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().message).toBe("User not found");
    const retired = await createUser(t.app.db, { isActive: false });
    const inactive = await post({ licenseId: license.id, userId: retired.id }, admin.cookie);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe("USER_INACTIVE");
    expect(fieldErrors(inactive)).toEqual({
      userId: "Licenses cannot be assigned to an inactive user",
    });
    expect(await activeCount(license.id)).toBe(0);
  });

  it("validates the body", async () => {
    const noUser = await post({ licenseId: 1, assignedTo: "Alice" }, admin.cookie);
    expect(noUser.statusCode).toBe(400);
    expect(fieldErrors(noUser)).toEqual({ userId: "Please select a user" });
    const bad = await post(
      { licenseId: "x", userId: 0, assignedDate: "yesterday", isActive: "yes" },
      admin.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      licenseId: "Must be a number",
      userId: "Please select a user",
      assignedDate: "Must be a date in the form YYYY-MM-DD",
      isActive: "isActive must be true or false",
    });
  });

  it("never gives more seats than the license has, under 25 concurrent requests", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 3 });
    const people = await Promise.all(Array.from({ length: 25 }, () => createUser(t.app.db)));
    const responses = await Promise.all(
      people.map((person) => post({ licenseId: license.id, userId: person.id }, admin.cookie)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(22);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe("No seats left on this license");
    }
    expect(await activeCount(license.id)).toBe(3);
    const after = await get(`/api/licenses/${license.id}`, admin.cookie);
    expect(after.json()).toMatchObject({ totalSeats: 3, assignedSeats: 3, seatsLeft: 0 });
  });

  it("gives one seat to one user even when the same request races with itself", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 10 });
    const person = await createUser(t.app.db);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        post({ licenseId: license.id, userId: person.id }, admin.cookie),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await activeCount(license.id)).toBe(1);
  });
});

describe("PATCH /api/assignments/:id/deactivate", () => {
  it("frees the seat; accepts no body, an empty JSON body or {}", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 3 });
    const people = await Promise.all([1, 2, 3].map(() => createUser(t.app.db)));
    const ids = [];
    for (const person of people)
      ids.push((await assignViaApi(t, admin.cookie, license.id, person.id)).id);

    const noBody = await t.request({
      method: "PATCH",
      url: `/api/assignments/${ids[0]}/deactivate`,
      cookie: admin.cookie,
    });
    const emptyJson = await t.request({
      method: "PATCH",
      url: `/api/assignments/${ids[1]}/deactivate`,
      payload: "",
      headers: { "content-type": "application/json" },
      cookie: admin.cookie,
    });
    const emptyObject = await t.request({
      method: "PATCH",
      url: `/api/assignments/${ids[2]}/deactivate`,
      payload: {},
      cookie: admin.cookie,
    });
    for (const response of [noBody, emptyJson, emptyObject]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().isActive).toBe(false);
    }
    expect(await activeCount(license.id)).toBe(0);
    const [row] = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.id, ids[0]!));
    expect(row!.deactivatedAt).toBeInstanceOf(Date);
    const after = await get(`/api/licenses/${license.id}`, admin.cookie);
    expect(after.json()).toMatchObject({ assignedSeats: 0, seatsLeft: 3 });
  });

  it("is idempotent, admin-only and 404s an unknown assignment", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const { id } = await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    const url = `/api/assignments/${id}/deactivate`;
    expect((await t.request({ method: "PATCH", url, cookie: alice.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: "PATCH", url })).statusCode).toBe(401);
    expect(await activeCount(license.id)).toBe(1);
    expect((await t.request({ method: "PATCH", url, cookie: admin.cookie })).statusCode).toBe(200);
    const twice = await t.request({ method: "PATCH", url, cookie: admin.cookie });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().isActive).toBe(false);
    const missing = await t.request({
      method: "PATCH",
      url: "/api/assignments/999999/deactivate",
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("listing assignments", () => {
  it("GET /api/assignments lists every assignment to administrators, optionally per license", async () => {
    const one = await createLicenseViaApi(t, admin.cookie, { name: "List One" });
    const two = await createLicenseViaApi(t, admin.cookie, { name: "List Two" });
    await assignViaApi(t, admin.cookie, one.id, alice.user.id);
    await assignViaApi(t, admin.cookie, two.id, alice.user.id);
    await assignViaApi(t, admin.cookie, two.id, bob.user.id);

    const all = await get("/api/assignments", admin.cookie);
    expect(all.statusCode).toBe(200);
    const allBody = all.json() as AssignmentResponse[];
    expect(allBody.length).toBe((await t.app.db.select().from(licenseAssignments)).length);

    const perLicense = await get(`/api/assignments?licenseId=${two.id}`, admin.cookie);
    const body = perLicense.json() as AssignmentResponse[];
    expect(body).toHaveLength(2);
    expect(body.every((a) => a.licenseId === two.id && a.licenseName === "List Two")).toBe(true);

    expect((await get("/api/assignments", alice.cookie)).statusCode).toBe(403);
    expect((await get("/api/assignments")).statusCode).toBe(401);
    expect((await get("/api/assignments?licenseId=abc", admin.cookie)).statusCode).toBe(400);
  });

  it("GET /api/users/:id/assignments gives a user their own only", async () => {
    const dave = await t.signedInUser();
    const license = await createLicenseViaApi(t, admin.cookie, { name: "Dave's" });
    await assignViaApi(t, admin.cookie, license.id, dave.user.id);

    const own = await get(`/api/users/${dave.user.id}/assignments`, dave.cookie);
    expect(own.statusCode).toBe(200);
    const body = own.json() as AssignmentResponse[];
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ userId: dave.user.id, licenseName: "Dave's" });
    expect((await get(`/api/users/${dave.user.id}/assignments`, admin.cookie)).json()).toHaveLength(
      1,
    );
    expect((await get(`/api/users/${dave.user.id}/assignments`, alice.cookie)).statusCode).toBe(
      403,
    );
  });
});
