// A write's answer judges `unused` by the configured UNUSED_AFTER_DAYS, as the reads do (issue 33):
// with 30 days, a holder last seen 45 days ago is unused, where the default 60 would say not. Each
// write's response is compared with the read of the same row after it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { gsuiteAccounts, licenseAssignments } from "../db/schema";

let t: TestApp;
let admin: string;
const fortyFiveDaysAgo = new Date(Date.now() - 45 * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp({ UNUSED_AFTER_DAYS: "30" });
  admin = (await t.signedInUser({ role: "admin" })).cookie;
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin });

describe("a write's `unused` with UNUSED_AFTER_DAYS=30", () => {
  it("is the read's on a license's update (unusedSeats)", async () => {
    const license = await createLicenseViaApi(t, admin, { totalSeats: 3 });
    const person = await createUser(t.app.db);
    const seat = await assignViaApi(t, admin, license.id, person.id);
    await t.app.db
      .update(licenseAssignments)
      .set({ lastSignInAt: fortyFiveDaysAgo, holderSuspended: false })
      .where(eq(licenseAssignments.id, seat.id));

    const written = await call("PATCH", `/api/licenses/${license.id}`, { notes: "checked" });
    expect(written.statusCode, written.body).toBe(200);
    const read = await call("GET", `/api/licenses/${license.id}`);
    expect(read.json().unusedSeats).toBe(1);
    expect(written.json()).toEqual(read.json());
  });

  it("is the read's on a seat's creation and deactivation", async () => {
    const license = await createLicenseViaApi(t, admin, { totalSeats: 3 });
    const person = await createUser(t.app.db);
    const created = await call("POST", "/api/assignments", {
      licenseId: license.id,
      userId: person.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const seatOf = async (id: number) =>
      (
        (await call("GET", `/api/assignments?licenseId=${license.id}`)).json() as { id: number }[]
      ).find((seat) => seat.id === id);
    expect(created.json()).toEqual(await seatOf(created.json().id));

    const ended = await call("PATCH", `/api/assignments/${created.json().id}/deactivate`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual(await seatOf(created.json().id));
  });

  it("is the read's on a G Suite account's creation and update", async () => {
    const organization = await call("POST", "/api/gsuite-organizations", {
      name: "Acme",
      domain: "acme.test",
    });
    expect(organization.statusCode, organization.body).toBe(201);
    const created = await call("POST", "/api/gsuite-accounts", {
      email: "idle@acme.test",
      planType: "Starter",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toEqual((await call("GET", `/api/gsuite-accounts/${id}`)).json());

    // As a workspace sync leaves it: signed in 45 days ago, so unused at 30 days.
    await t.app.db
      .update(gsuiteAccounts)
      .set({ lastSignInAt: fortyFiveDaysAgo, holderSuspended: false })
      .where(eq(gsuiteAccounts.id, id));
    const updated = await call("PATCH", `/api/gsuite-accounts/${id}`, { notes: "idle" });
    expect(updated.statusCode, updated.body).toBe(200);
    const read = (await call("GET", `/api/gsuite-accounts/${id}`)).json();
    expect(read.unused).toBe(true);
    expect(updated.json()).toEqual(read);
  });
});
