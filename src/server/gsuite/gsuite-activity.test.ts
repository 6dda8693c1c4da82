// The activity log of the G Suite area: organizations, plans and accounts created, edited and
// deleted, accounts assigned and unassigned (one by one and in bulk) and their passwords revealed,
// each recorded with who and from where, a password never in clear, and nothing recorded for a
// refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, activityOf } from "../../../tests/support/activity";
import { createUser } from "../../../tests/support/factories";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { SECRET_PLACEHOLDER } from "../../domain/activity";
import type {
  AssignGsuiteUsersResponse,
  GsuiteAccountResponse,
  OrganizationResponse,
  PlanResponse,
} from "../../domain/schemas/gsuite";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let organization: OrganizationResponse;
let plan: PlanResponse;

const AGENT = "GsuiteActivityTest/1.0";

const call = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload, headers: { "user-agent": AGENT } });

async function created<T>(url: string, payload: object): Promise<T> {
  const response = await call("POST", url, admin.cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as T;
}

async function patched(url: string, payload: object) {
  const response = await call("PATCH", url, admin.cookie, payload);
  expect(response.statusCode, response.body).toBe(200);
}

async function deleted(url: string) {
  const response = await call("DELETE", url, admin.cookie);
  expect(response.statusCode, response.body).toBe(204);
}

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
  // The area's default organization and a plan, for the accounts below.
  organization = await created("/api/gsuite-organizations", { name: "Acme", domain: "acme.test" });
  plan = await created("/api/gsuite-plans", { name: "Business", basePrice: 6, currency: "USD" });
});
afterAll(() => t.close());

describe("G Suite organization activity", () => {
  it("records create, edit and delete, labelled with the domain; an edit changing nothing records nothing", async () => {
    const studio = await created<OrganizationResponse>("/api/gsuite-organizations", {
      name: "Studio",
      domain: "studio.test",
    });
    const url = `/api/gsuite-organizations/${studio.id}`;
    await patched(url, { name: "Studio Ltd", description: "Design" });
    await patched(url, { name: "Studio Ltd" });
    await deleted(url);

    const rows = await activityOf(t.app.db, { area: "gsuite_organizations", itemId: studio.id });
    expect(rows.map((row) => row.action)).toEqual(["create", "update", "delete"]);
    const [create, update, remove] = rows;
    expect(create).toMatchObject({
      userId: admin.user.id,
      via: "session",
      userAgent: AGENT,
      itemLabel: "studio.test",
    });
    expect(create!.ipAddress).toBeTruthy();
    expect(create!.changes).toEqual({
      id: { before: null, after: studio.id },
      name: { before: null, after: "Studio" },
      domain: { before: null, after: "studio.test" },
    });
    expect(update!.changes).toEqual({
      name: { before: "Studio", after: "Studio Ltd" },
      description: { before: null, after: "Design" },
    });
    expect(remove).toMatchObject({ itemLabel: "studio.test" });
    expect(remove!.changes).toMatchObject({
      name: { before: "Studio Ltd", after: null },
      domain: { before: "studio.test", after: null },
    });
  });
});

describe("G Suite plan activity", () => {
  it("records create, edit (with how many accounts followed a rename) and delete", async () => {
    const basic = await created<PlanResponse>("/api/gsuite-plans", {
      name: "Basic",
      basePrice: 3,
      currency: "AUD",
    });
    const account = await created<GsuiteAccountResponse>("/api/gsuite-accounts", {
      email: "plan.holder@acme.test",
      planId: basic.id,
    });
    const url = `/api/gsuite-plans/${basic.id}`;
    await patched(url, { name: "Basic Plus", basePrice: 4 });
    await patched(url, { basePrice: 4 });
    await deleted(`/api/gsuite-accounts/${account.id}`);
    await patched(url, { features: ["30 GB"] });
    await deleted(url);

    const rows = await activityOf(t.app.db, { area: "gsuite_plans", itemId: basic.id });
    expect(rows.map((row) => row.action)).toEqual(["create", "update", "update", "delete"]);
    const [create, rename, features, remove] = rows;
    expect(create).toMatchObject({ userId: admin.user.id, userAgent: AGENT, itemLabel: "Basic" });
    expect(create!.changes).toMatchObject({
      name: { before: null, after: "Basic" },
      basePrice: { before: null, after: 3 },
      currency: { before: null, after: "AUD" },
      billingCycle: { before: null, after: "monthly" },
      features: { before: null, after: [] },
    });
    expect(rename).toMatchObject({ itemLabel: "Basic Plus", detail: { accountsRenamed: 1 } });
    expect(rename!.changes).toEqual({
      name: { before: "Basic", after: "Basic Plus" },
      basePrice: { before: 3, after: 4 },
    });
    expect(features).toMatchObject({ detail: null });
    expect(features!.changes).toEqual({ features: { before: [], after: ["30 GB"] } });
    expect(remove).toMatchObject({ itemLabel: "Basic Plus" });
    expect(remove!.changes).toMatchObject({ name: { before: "Basic Plus", after: null } });
  });
});

describe("G Suite account activity", () => {
  it("records create, edit, assign, unassign, reveal and delete, the password masked", async () => {
    const account = await created<GsuiteAccountResponse>("/api/gsuite-accounts", {
      email: "audit@acme.test",
      password: "First-Secret-9311",
      planId: plan.id,
      price: 6,
      paymentCurrency: "USD",
    });
    const url = `/api/gsuite-accounts/${account.id}`;
    await patched(url, { status: "inactive", password: "Second-Secret-5820" });
    await patched(url, { assignedToUserId: user.user.id, notes: "Given at onboarding" });
    await patched(url, { assignedToUserId: null });
    // Nothing changed: nothing to record.
    await patched(url, { status: "inactive" });
    const reveal = await call("POST", "/api/gsuite-accounts/reveal", admin.cookie, {
      ids: [account.id],
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
    await deleted(url);

    const rows = await activityOf(t.app.db, { area: "gsuite", itemId: account.id });
    expect(rows.map((row) => row.action)).toEqual([
      "create",
      "update",
      "assign",
      "unassign",
      "reveal",
      "delete",
    ]);
    const [create, update, assign, unassign, revealed, remove] = rows;
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: admin.user.id,
        via: "session",
        userAgent: AGENT,
        itemLabel: "audit@acme.test",
      });
      expect(row.ipAddress).toBeTruthy();
    }
    expect(create!.changes).toMatchObject({
      email: { before: null, after: "audit@acme.test" },
      password: { before: null, after: SECRET_PLACEHOLDER },
      organizationId: { before: null, after: organization.id },
      planType: { before: null, after: "Business" },
      planId: { before: null, after: plan.id },
      price: { before: null, after: 6 },
      paymentCurrency: { before: null, after: "USD" },
      status: { before: null, after: "active" },
    });
    expect(create!.changes).not.toHaveProperty("passwordCiphertext");
    expect(update!.changes).toEqual({
      status: { before: "active", after: "inactive" },
      password: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER },
    });
    expect(assign!.changes).toEqual({
      assignedToUserId: { before: null, after: user.user.id },
      notes: { before: null, after: "Given at onboarding" },
    });
    expect(unassign!.changes).toEqual({
      assignedToUserId: { before: user.user.id, after: null },
    });
    expect(revealed!.detail).toEqual({ field: "password" });
    expect(revealed!.changes).toBeNull();
    expect(remove!.changes).toMatchObject({
      email: { before: "audit@acme.test", after: null },
      password: { before: SECRET_PLACEHOLDER, after: null },
    });
    const everything = JSON.stringify(rows);
    for (const secret of ["First-Secret-9311", "Second-Secret-5820", "9311", "5820"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("records a reveal only for the accounts that have a password", async () => {
    const withPassword = await created<GsuiteAccountResponse>("/api/gsuite-accounts", {
      email: "keyed@acme.test",
      password: "Keyed-Secret-1",
      planId: plan.id,
    });
    const without = await created<GsuiteAccountResponse>("/api/gsuite-accounts", {
      email: "keyless@acme.test",
      planId: plan.id,
    });
    const reveal = await call("POST", "/api/gsuite-accounts/reveal", admin.cookie, {
      ids: [withPassword.id, without.id],
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
    const reveals = await activityOf(t.app.db, { area: "gsuite", action: "reveal" });
    expect(reveals.filter((row) => [withPassword.id, without.id].includes(row.itemId!))).toEqual([
      expect.objectContaining({ itemId: withPassword.id, itemLabel: "keyed@acme.test" }),
    ]);
  });

  it("records each account quick or bulk assignment made, once, its initial password masked", async () => {
    const kim = await createUser(t.app.db, { username: "kim", email: "kim@acme.test" });
    const raj = await createUser(t.app.db, { username: "raj", email: "raj@gmail.com" });
    const gone = await createUser(t.app.db, { username: "gone", isActive: false });
    const userIds = [kim.id, raj.id, gone.id];
    const first = await call("POST", "/api/gsuite-accounts/assign", admin.cookie, {
      planId: plan.id,
      userIds,
    });
    expect(first.statusCode, first.body).toBe(200);
    const results = (first.json() as AssignGsuiteUsersResponse).results;
    expect(results.map((result) => result.outcome)).toEqual(["created", "created", "failed"]);
    // The same request again creates nothing, so records nothing.
    const again = await call("POST", "/api/gsuite-accounts/assign", admin.cookie, {
      planId: plan.id,
      userIds,
    });
    expect(again.statusCode, again.body).toBe(200);

    const made = results.slice(0, 2);
    for (const result of made) {
      const rows = await activityOf(t.app.db, { area: "gsuite", itemId: result.accountId! });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: "assign",
        userId: admin.user.id,
        userAgent: AGENT,
        itemLabel: result.email,
        detail: { userId: result.userId, planId: plan.id },
      });
      expect(rows[0]!.changes).toMatchObject({
        email: { before: null, after: result.email },
        assignedToUserId: { before: null, after: result.userId },
        planId: { before: null, after: plan.id },
        password: { before: null, after: SECRET_PLACEHOLDER },
      });
      expect(JSON.stringify(rows)).not.toContain(result.initialPassword!);
    }
  });
});

describe("refused G Suite requests", () => {
  it("record nothing", async () => {
    const account = await created<GsuiteAccountResponse>("/api/gsuite-accounts", {
      email: "held@acme.test",
      password: "Held-Secret-1",
      planId: plan.id,
    });
    const before = await activityCount(t.app.db);
    const organizations = `/api/gsuite-organizations/${organization.id}`;
    const plans = `/api/gsuite-plans/${plan.id}`;
    const accounts = `/api/gsuite-accounts/${account.id}`;
    const refused = [
      // 403: not an administrator
      await call("POST", "/api/gsuite-organizations", user.cookie, { name: "X", domain: "x.test" }),
      await call("PATCH", organizations, user.cookie, { name: "X" }),
      await call("POST", "/api/gsuite-plans", user.cookie, { name: "X", basePrice: 1 }),
      await call("DELETE", plans, user.cookie),
      await call("PATCH", accounts, user.cookie, { status: "inactive" }),
      await call("DELETE", accounts, user.cookie),
      await call("POST", "/api/gsuite-accounts/reveal", user.cookie, { ids: [account.id] }),
      await call("POST", "/api/gsuite-accounts/assign", user.cookie, {
        planId: plan.id,
        userIds: [user.user.id],
      }),
      // 400: bad input, an unknown plan or organization
      await call("POST", "/api/gsuite-organizations", admin.cookie, { name: "X", domain: "nodot" }),
      await call("PATCH", plans, admin.cookie, { currency: "EUR" }),
      await call("PATCH", accounts, admin.cookie, { email: "held@elsewhere.test" }),
      await call("PATCH", accounts, admin.cookie, { assignedToUserId: 999999 }),
      await call("POST", "/api/gsuite-accounts/assign", admin.cookie, {
        planId: 999999,
        userIds: [user.user.id],
      }),
      // 404: no such item
      await call("PATCH", "/api/gsuite-organizations/999999", admin.cookie, { name: "X" }),
      await call("DELETE", "/api/gsuite-plans/999999", admin.cookie),
      await call("DELETE", "/api/gsuite-accounts/999999", admin.cookie),
      await call("POST", "/api/gsuite-accounts/reveal", admin.cookie, {
        ids: [account.id, 999999],
      }),
      // 409: taken, or still in use
      await call("POST", "/api/gsuite-organizations", admin.cookie, {
        name: "Again",
        domain: "ACME.test",
      }),
      await call("PATCH", organizations, admin.cookie, { domain: "acme2.test" }),
      await call("DELETE", organizations, admin.cookie),
      await call("POST", "/api/gsuite-plans", admin.cookie, { name: "business", basePrice: 1 }),
      await call("DELETE", plans, admin.cookie),
      await call("POST", "/api/gsuite-accounts", admin.cookie, {
        email: "HELD@acme.test",
        planId: plan.id,
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([
      403, 403, 403, 403, 403, 403, 403, 403, 400, 400, 400, 400, 400, 404, 404, 404, 404, 409, 409,
      409, 409, 409, 409,
    ]);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
