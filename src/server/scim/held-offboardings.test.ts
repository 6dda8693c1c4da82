// The dashboard's Needs Attention line for SCIM deprovisionings held for review (decision 0060):
// who waits and what they hold, counted in SQL the way the Offboard dialog lists it, bounded, for
// administrators only, and gone once someone finishes the offboarding.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { ScimClient, scimUserSchema } from "../../../tests/support/scim-client";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import { HOLDING_KINDS } from "../../domain/schemas/offboarding";
import { HELD_OFFBOARDINGS_LIMIT, type HeldOffboardingList } from "../../domain/schemas/scim";
import type { UserHoldingsResponse } from "../../domain/schemas/users";
import { scimHeldOffboardings } from "../db/schema";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let scim: ScimClient;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const created = await t.request({
    method: "POST",
    url: "/api/scim-tokens",
    payload: { name: "Okta" },
    cookie: admin.cookie,
  });
  expect(created.statusCode, created.body).toBe(201);
  scim = new ScimClient(`http://127.0.0.1:${address.port}`, created.json().token);
  const policy = await t.request({
    method: "PUT",
    url: "/api/scim-settings",
    payload: { deprovisionPolicy: "hold" },
    cookie: admin.cookie,
  });
  expect(policy.statusCode, policy.body).toBe(200);
});
afterAll(() => t.close());

const summary = async (cookie: string) => {
  const answer = await t.request({ method: "GET", url: "/api/dashboard/summary", cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DashboardSummaryResponse;
};

const api = async <T>(method: "GET" | "POST", url: string, payload?: unknown) => {
  const answer = await t.request({ method, url, payload: payload as object, cookie: admin.cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
};

describe("held offboardings on the dashboard", () => {
  it("lists a person SCIM deactivated with what they hold, as the Offboard dialog counts it, until the offboarding is finished", async () => {
    const created = await scim.createUser({
      userName: "mia.held@example.com",
      name: { givenName: "Mia", familyName: "Held" },
      emails: [{ primary: true, type: "work", value: "mia.held@example.com" }],
      active: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = Number(scimUserSchema.parse(created.body).id);

    // Two seats, a laptop and a pending hardware request's worth of holdings.
    for (const name of ["Figma", "Slack"]) {
      const license = await createLicenseViaApi(t, admin.cookie, { name, seats: 5 });
      await assignViaApi(t, admin.cookie, license.id, id);
    }
    const laptop = await t.request({
      method: "POST",
      url: "/api/hardware",
      payload: { name: "Mia's laptop", type: "laptop", identifier: "SN-MIA", assignedToUserId: id },
      cookie: admin.cookie,
    });
    expect(laptop.statusCode, laptop.body).toBe(201);

    const before = await summary(admin.cookie);
    expect(before.heldOffboardings).toEqual({ total: 0, items: [] });

    const off = await scim.patch(String(id), [{ op: "replace", path: "active", value: false }]);
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    const holdings = await api<UserHoldingsResponse>("GET", `/api/users/${id}/holdings`);
    expect(holdings.offboardingHeld).toBe(true);
    const expected = HOLDING_KINDS.map((kind) => ({
      kind,
      count: holdings.items.filter((item) => item.kind === kind).length,
    })).filter(({ count }) => count > 0);
    expect(expected).toEqual([
      { kind: "license_seat", count: 2 },
      { kind: "hardware", count: 1 },
    ]);

    const { heldOffboardings } = await summary(admin.cookie);
    expect(heldOffboardings).toEqual({
      total: 1,
      items: [
        {
          userId: id,
          username: "mia.held@example.com",
          displayName: "Mia Held",
          since: expect.any(String),
          holdings: expected,
          link: `/users?item=${id}`,
        },
      ],
    });
    // The administration route answers the same list.
    expect(await api<HeldOffboardingList>("GET", "/api/scim-held-offboardings")).toEqual(
      heldOffboardings,
    );
    // Not for anyone else.
    expect((await summary(user.cookie)).heldOffboardings).toBeNull();

    // Finishing the offboarding (keeping the laptop with them, releasing the seats) ends the line.
    await api("POST", `/api/users/${id}/offboard`, {
      decisions: holdings.items.map((item) => ({
        kind: item.kind,
        id: item.id,
        action: item.kind === "hardware" ? "keep" : "release",
      })),
    });
    expect((await summary(admin.cookie)).heldOffboardings).toEqual({ total: 0, items: [] });
    const after = await api<UserHoldingsResponse>("GET", `/api/users/${id}/holdings`);
    expect(after.offboardingHeld).toBe(false);
  });

  it("carries the oldest few with the count of all, and a person who holds nothing says so", async () => {
    const waiting = HELD_OFFBOARDINGS_LIMIT + 3;
    const people = [];
    for (let n = 0; n < waiting; n += 1) {
      people.push(await createUser(t.app.db, { isActive: false, fullName: `Held ${n}` }));
    }
    // Held a minute apart, the first oldest.
    const now = Date.now();
    await t.app.db.insert(scimHeldOffboardings).values(
      people.map((person, n) => ({
        userId: person.id,
        createdAt: new Date(now - (waiting - n) * 60_000),
      })),
    );
    const { heldOffboardings } = await summary(admin.cookie);
    expect(heldOffboardings!.total).toBe(waiting);
    expect(heldOffboardings!.items.map((item) => item.userId)).toEqual(
      people.slice(0, HELD_OFFBOARDINGS_LIMIT).map((person) => person.id),
    );
    expect(heldOffboardings!.items.every((item) => item.holdings.length === 0)).toBe(true);
  });
});
