// The G Suite API: organizations, plans, accounts, reveal, quick and bulk assignment, the All
// Users list and the summary figures, each with its role rule and messages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type {
  AssignGsuiteUsersResponse,
  GsuiteAccountResponse,
  GsuiteSummaryResponse,
  GsuiteUserResponse,
  OrganizationResponse,
  PlanResponse,
} from "../../domain/schemas/gsuite";
import { gsuiteAccounts, secretRevealLogs } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let alice: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  alice = await t.signedInUser();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, cookie = admin.cookie) =>
  t.request({ method, url, payload: payload as object, cookie });

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

async function addOrganization(domain: string, name = `Org ${domain}`) {
  const response = await call("POST", "/api/gsuite-organizations", { name, domain });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as OrganizationResponse;
}

async function addPlan(body: Record<string, unknown>) {
  const response = await call("POST", "/api/gsuite-plans", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PlanResponse;
}

async function addAccount(body: Record<string, unknown>) {
  const response = await call("POST", "/api/gsuite-accounts", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as GsuiteAccountResponse;
}

let primary: OrganizationResponse;
let studio: OrganizationResponse;
let starter: PlanResponse;
let standard: PlanResponse;

describe("G Suite setup", () => {
  it("adds organizations; the first is the default; the domain is normalised", async () => {
    primary = await addOrganization(" Acme.Test ", "Acme");
    studio = await addOrganization("studio.test", "Studio");
    expect(primary).toMatchObject({ domain: "acme.test", isDefault: true, accountCount: 0 });
    expect(studio.isDefault).toBe(false);
    const list = (await call("GET", "/api/gsuite-organizations")).json() as OrganizationResponse[];
    expect(list.map((o) => o.domain)).toEqual(["acme.test", "studio.test"]);
  });

  it("refuses a duplicate domain (any case) with 409 and invalid ones with 400", async () => {
    const duplicate = await call("POST", "/api/gsuite-organizations", {
      name: "Again",
      domain: "ACME.test",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("DUPLICATE_RECORD");
    expect(fieldErrors(duplicate).domain).toBe("An organization with this domain already exists");

    const blank = await call("POST", "/api/gsuite-organizations", { name: " ", domain: "" });
    expect(blank.statusCode).toBe(400);
    expect(fieldErrors(blank)).toMatchObject({
      name: "Organization name is required",
      domain: "Domain is required",
    });
    for (const domain of ["not a domain", "nodot", "http://x.com", "-x.com"]) {
      const bad = await call("POST", "/api/gsuite-organizations", { name: "X", domain });
      expect(bad.statusCode, domain).toBe(400);
      expect(fieldErrors(bad).domain).toBe("Domain must be a domain name, like example.com");
    }
  });

  it("adds plans, reading the form's billingFrequency as billingCycle", async () => {
    starter = await addPlan({ name: "Starter", basePrice: "10.80", currency: "AUD" });
    standard = await addPlan({
      name: "Standard",
      description: "2 TB",
      basePrice: 12,
      currency: "USD",
      billingFrequency: "annually",
    });
    expect(starter).toMatchObject({
      basePrice: 10.8,
      currency: "AUD",
      billingCycle: "monthly",
      description: null,
      features: [],
      accountCount: 0,
    });
    expect(standard).toMatchObject({ currency: "USD", billingCycle: "annually" });
  });

  it("validates plans with the spec's messages and refuses a duplicate name", async () => {
    const bad = await call("POST", "/api/gsuite-plans", {
      name: "",
      basePrice: -1,
      currency: "EUR",
      billingCycle: "weekly",
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      name: "Plan name is required",
      basePrice: "Base price must be a valid number, 0 or greater",
      currency: "Currency must be AUD, USD or INR",
      billingCycle: "Billing frequency must be monthly or annually",
    });
    const missingPrice = await call("POST", "/api/gsuite-plans", { name: "X" });
    expect(fieldErrors(missingPrice).basePrice).toBe(
      "Base price must be a valid number, 0 or greater",
    );
    const duplicate = await call("POST", "/api/gsuite-plans", { name: "starter", basePrice: 1 });
    expect(duplicate.statusCode).toBe(409);
    expect(fieldErrors(duplicate).name).toBe("A plan with this name already exists");
  });
});

describe("role rules", () => {
  it("answers 403 to an ordinary user on every G Suite call", async () => {
    const calls: [Method, string, unknown][] = [
      ["GET", "/api/gsuite-organizations", undefined],
      ["GET", `/api/gsuite-organizations/${primary.id}`, undefined],
      ["POST", "/api/gsuite-organizations", { name: "X", domain: "x.test" }],
      ["PATCH", `/api/gsuite-organizations/${primary.id}`, { name: "X" }],
      ["DELETE", `/api/gsuite-organizations/${studio.id}`, undefined],
      ["GET", "/api/gsuite-plans", undefined],
      ["GET", `/api/gsuite-plans/${starter.id}`, undefined],
      ["POST", "/api/gsuite-plans", { name: "X", basePrice: 1 }],
      ["PATCH", `/api/gsuite-plans/${starter.id}`, { name: "X" }],
      ["DELETE", `/api/gsuite-plans/${starter.id}`, undefined],
      ["GET", "/api/gsuite-accounts", undefined],
      ["POST", "/api/gsuite-accounts", { email: "a@acme.test", planType: "Starter" }],
      ["PATCH", "/api/gsuite-accounts/1", { status: "inactive" }],
      ["DELETE", "/api/gsuite-accounts/1", undefined],
      ["POST", "/api/gsuite-accounts/reveal", { ids: [1] }],
      ["POST", "/api/gsuite-accounts/assign", { planId: starter.id, userIds: [alice.user.id] }],
      ["GET", "/api/gsuite-summary", undefined],
      ["GET", "/api/gsuite-users", undefined],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, payload, alice.cookie);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/api/gsuite-accounts" })).statusCode).toBe(401);
  });
});

describe("accounts", () => {
  let account: GsuiteAccountResponse;

  it("creates an account with the spec's defaults; the password only sealed", async () => {
    account = await addAccount({
      email: " Jane@Acme.test ",
      password: "Secret-Jane-77",
      organization: "acme.test",
      planType: "Starter",
      assignedToUserId: alice.user.id,
    });
    expect(account).toMatchObject({
      email: "jane@acme.test",
      hasPassword: true,
      organization: "acme.test",
      organizationId: primary.id,
      planType: "Starter",
      planId: starter.id,
      price: 0,
      paymentCurrency: "AUD",
      paymentFrequency: "monthly",
      assignedToUserId: alice.user.id,
      status: "active",
      notes: null,
    });
    expect(JSON.stringify(account)).not.toContain("Secret-Jane-77");
    const [row] = await t.app.db
      .select()
      .from(gsuiteAccounts)
      .where(eq(gsuiteAccounts.id, account.id));
    expect(row!.passwordCiphertext).not.toContain("Secret-Jane-77");
    expect(t.app.secrets.open(row!.passwordCiphertext!)).toBe("Secret-Jane-77");
  });

  it("uses the default organization when none is named, and a free plan type", async () => {
    const other = await addAccount({ email: "ops@acme.test", planType: "Legacy", price: "4.50" });
    expect(other).toMatchObject({
      organizationId: primary.id,
      planId: null,
      planType: "Legacy",
      price: 4.5,
      hasPassword: false,
      assignedToUserId: null,
    });
  });

  it("validates with the spec's messages", async () => {
    const bad = await call("POST", "/api/gsuite-accounts", {
      email: "not-an-email",
      password: "abc",
      planType: " ",
      price: -1,
      status: "deleted",
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      email: "Please enter a valid email address",
      password: "Password must be at least 4 characters",
      price: "Price must be a valid number, 0 or greater",
      status: "Status must be active, inactive or suspended",
    });
    const noPlan = await call("POST", "/api/gsuite-accounts", { email: "x@acme.test" });
    expect(fieldErrors(noPlan).planType).toBe("Plan type is required");
  });

  it("refuses an organization that is not in the table and an email off its domain", async () => {
    const unknown = await call("POST", "/api/gsuite-accounts", {
      email: "x@other.test",
      organization: "other.test",
      planType: "Starter",
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown).organization).toBe("Organization must be one of the organizations");
    const offDomain = await call("POST", "/api/gsuite-accounts", {
      email: "x@acme.test",
      organizationId: studio.id,
      planType: "Starter",
    });
    expect(offDomain.statusCode).toBe(400);
    expect(fieldErrors(offDomain).email).toBe(
      "Email must be on the organization's domain (studio.test)",
    );
  });

  it("refuses a duplicate email, in any case, with 409", async () => {
    const duplicate = await call("POST", "/api/gsuite-accounts", {
      email: "JANE@acme.test",
      planType: "Starter",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("DUPLICATE_EMAIL");
    expect(fieldErrors(duplicate).email).toBe("An account with this email already exists");
  });

  it("patches partial fields: plan by name or id, unassign with null, a new password", async () => {
    const byName = await call("PATCH", `/api/gsuite-accounts/${account.id}`, {
      planType: "Standard",
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toMatchObject({ planType: "Standard", planId: standard.id });

    const byId = await call("PATCH", `/api/gsuite-accounts/${account.id}`, {
      planId: starter.id,
      assignedToUserId: null,
      password: "",
    });
    expect(byId.json()).toMatchObject({
      planType: "Starter",
      planId: starter.id,
      assignedToUserId: null,
      assignedToName: null,
      hasPassword: true,
      email: "jane@acme.test",
    });

    const moved = await call("PATCH", `/api/gsuite-accounts/${account.id}`, {
      organizationId: studio.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(
      (await call("PATCH", `/api/gsuite-accounts/${account.id}`, { assignedToUserId: 999999 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("PATCH", "/api/gsuite-accounts/999999", { status: "active" })).statusCode,
    ).toBe(404);
  });

  it("lists with server search over email, organization and plan type, paged", async () => {
    await addAccount({ email: "sam@studio.test", organizationId: studio.id, planId: standard.id });
    const bySearch = async (search: string) =>
      (
        (
          await call("GET", `/api/gsuite-accounts?search=${encodeURIComponent(search)}`)
        ).json() as GsuiteAccountResponse[]
      ).map((a) => a.email);
    expect(await bySearch("JANE")).toEqual(["jane@acme.test"]);
    expect(await bySearch("studio.test")).toEqual(["sam@studio.test"]);
    expect(await bySearch("standard")).toEqual(["sam@studio.test"]);
    expect(await bySearch("100%")).toEqual([]);

    const page = await call("GET", "/api/gsuite-accounts?limit=2&offset=1");
    expect(page.headers["x-total-count"]).toBe("3");
    expect((page.json() as GsuiteAccountResponse[]).map((a) => a.email)).toEqual([
      "ops@acme.test",
      "sam@studio.test",
    ]);
    const free = (
      await call("GET", "/api/gsuite-accounts?unassigned=true")
    ).json() as GsuiteAccountResponse[];
    expect(free.every((a) => a.assignedToUserId === null)).toBe(true);
  });

  it("never carries a password in clear in a list", async () => {
    const body = (await call("GET", "/api/gsuite-accounts")).body;
    expect(body).not.toContain("Secret-Jane-77");
    expect(body).not.toContain("ciphertext");
    expect(body).not.toContain('password"');
  });

  it("reveals passwords through a logged call, one log row per account with a password", async () => {
    const all = (await call("GET", "/api/gsuite-accounts")).json() as GsuiteAccountResponse[];
    const ops = all.find((a) => a.email === "ops@acme.test")!;
    const response = await t.request({
      method: "POST",
      url: "/api/gsuite-accounts/reveal",
      payload: { ids: [account.id, ops.id] },
      cookie: admin.cookie,
      headers: { "user-agent": "gsuite-test" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: account.id, password: "Secret-Jane-77" },
      { id: ops.id, password: null },
    ]);
    const logs = await t.app.db
      .select()
      .from(secretRevealLogs)
      .where(eq(secretRevealLogs.entityType, "gsuite_account"));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      entityId: account.id,
      userId: admin.user.id,
      userAgent: "gsuite-test",
    });
    expect((await call("POST", "/api/gsuite-accounts/reveal", { ids: [999999] })).statusCode).toBe(
      404,
    );
    expect((await call("POST", "/api/gsuite-accounts/reveal", { ids: [] })).statusCode).toBe(400);
  });
});

describe("quick and bulk assignment", () => {
  it("creates one account per user with its own password; reports failures; a retry creates nothing twice", async () => {
    const onDomain = await createUser(t.app.db, { username: "kim", email: "Kim.Lee@acme.test" });
    const elsewhere = await createUser(t.app.db, { username: "raj", email: "raj@gmail.com" });
    const noEmail = await createUser(t.app.db, { username: "noemail", email: null });
    const inactive = await createUser(t.app.db, { username: "gone", isActive: false });
    // Someone else already has jane@acme.test, which this user's own address would be.
    const clash = await createUser(t.app.db, { username: "jane", email: "jane@acme.test" });
    const userIds = [onDomain.id, elsewhere.id, noEmail.id, inactive.id, clash.id, 999999];

    const first = await call("POST", "/api/gsuite-accounts/assign", {
      planId: starter.id,
      userIds,
    });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as AssignGsuiteUsersResponse;
    expect(body.plan).toBe("Starter");
    const outcome = Object.fromEntries(body.results.map((r) => [r.userId, r]));
    expect(outcome[onDomain.id]).toMatchObject({ outcome: "created", email: "kim.lee@acme.test" });
    expect(outcome[elsewhere.id]).toMatchObject({ outcome: "created", email: "raj@acme.test" });
    expect(outcome[noEmail.id]).toMatchObject({ outcome: "created", email: "noemail@acme.test" });
    expect(outcome[inactive.id]).toMatchObject({ outcome: "failed", reason: "User is inactive" });
    expect(outcome[clash.id]).toMatchObject({
      outcome: "failed",
      email: "jane@acme.test",
      reason: "An account with this email already exists",
    });
    expect(outcome[999999]).toMatchObject({ outcome: "failed", reason: "User not found" });

    const passwords = body.results
      .filter((r) => r.outcome === "created")
      .map((r) => r.initialPassword!);
    expect(new Set(passwords).size).toBe(3);
    for (const password of passwords) expect(password.length).toBeGreaterThanOrEqual(12);
    const created = (
      await call("GET", "/api/gsuite-accounts?search=kim.lee")
    ).json() as GsuiteAccountResponse[];
    expect(created[0]).toMatchObject({
      planId: starter.id,
      planType: "Starter",
      organizationId: primary.id,
      assignedToUserId: onDomain.id,
      status: "active",
      hasPassword: true,
    });
    // The initial password is stored sealed and is the one returned.
    const [row] = await t.app.db
      .select()
      .from(gsuiteAccounts)
      .where(eq(gsuiteAccounts.id, outcome[onDomain.id]!.accountId!));
    expect(t.app.secrets.open(row!.passwordCiphertext!)).toBe(
      outcome[onDomain.id]!.initialPassword,
    );

    const before = (await call("GET", "/api/gsuite-summary")).json() as GsuiteSummaryResponse;
    const again = (
      await call("POST", "/api/gsuite-accounts/assign", { planId: starter.id, userIds })
    ).json() as AssignGsuiteUsersResponse;
    const retried = Object.fromEntries(again.results.map((r) => [r.userId, r]));
    for (const id of [onDomain.id, elsewhere.id, noEmail.id]) {
      expect(retried[id]).toMatchObject({
        outcome: "alreadyAssigned",
        accountId: outcome[id]!.accountId,
        initialPassword: null,
      });
    }
    expect(retried[inactive.id]!.outcome).toBe("failed");
    const after = (await call("GET", "/api/gsuite-summary")).json() as GsuiteSummaryResponse;
    expect(after.totalAccounts).toBe(before.totalAccounts);
  });

  it("refuses an unknown plan, no users, and too many users", async () => {
    const noPlan = await call("POST", "/api/gsuite-accounts/assign", {
      planId: 999999,
      userIds: [1],
    });
    expect(noPlan.statusCode).toBe(400);
    expect(fieldErrors(noPlan).planId).toBe("Plan not found");
    const none = await call("POST", "/api/gsuite-accounts/assign", {
      planId: starter.id,
      userIds: [],
    });
    expect(fieldErrors(none).userIds).toBe("Please select at least one user");
    const many = await call("POST", "/api/gsuite-accounts/assign", {
      planId: starter.id,
      userIds: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
  });

  it("lists users with their accounts, searched, and without those already on a plan", async () => {
    const search = (
      await call("GET", "/api/gsuite-users?search=kim.lee")
    ).json() as GsuiteUserResponse[];
    expect(search).toHaveLength(1);
    expect(search[0]!.accounts).toEqual([
      expect.objectContaining({ email: "kim.lee@acme.test", planType: "Starter" }),
    ]);
    const page = await call(
      "GET",
      `/api/gsuite-users?limit=500&active=true&withoutPlanId=${starter.id}`,
    );
    const names = (page.json() as GsuiteUserResponse[]).map((u) => u.username);
    expect(names).not.toContain("kim");
    expect(names).not.toContain("gone");
    expect(names).toContain("jane");
    expect(Number(page.headers["x-total-count"])).toBe(names.length);
  });
});

describe("summary figures", () => {
  it("matches hand sums: plan base price when the plan type names a plan, else the price, in AUD", async () => {
    const accounts = (await call("GET", "/api/gsuite-accounts")).json() as GsuiteAccountResponse[];
    const plans = (await call("GET", "/api/gsuite-plans")).json() as PlanResponse[];
    const summary = (await call("GET", "/api/gsuite-summary")).json() as GsuiteSummaryResponse;
    // Accounts: jane (Starter 10.80 AUD), ops (Legacy, own price 4.50 AUD), sam (Standard 12 USD
    // → 18 AUD at 1.5), kim, raj, noemail (Starter 10.80 AUD each).
    expect(accounts).toHaveLength(6);
    const total = 10.8 + 4.5 + 18 + 3 * 10.8;
    expect(summary).toMatchObject({
      totalAccounts: 6,
      activeAccounts: 6,
      // jane (unassigned by the patch above), ops and sam.
      unassignedAccounts: 3,
      organizationCount: 2,
      planCount: plans.length,
      totalMonthlyValueAud: Number(total.toFixed(2)),
      averagePerAccountAud: Number((total / 6).toFixed(2)),
    });
    const acme = summary.organizations.find((o) => o.id === primary.id)!;
    expect(acme.accountCount).toBe(5);
    expect(acme.monthlyCostAud).toBe(Number((4 * 10.8 + 4.5).toFixed(2)));
    expect(acme.plans).toEqual(
      expect.arrayContaining([
        { planType: "Starter", count: 4 },
        { planType: "Legacy", count: 1 },
      ]),
    );
    expect(summary.planTypes.find((p) => p.planType === "Standard")).toEqual({
      planType: "Standard",
      planId: standard.id,
      users: 1,
      totalCostAud: 18,
    });
  });
});

describe("summary figures at the stored rates", () => {
  it("converts with the rate an administrator set on the Settings page", async () => {
    const before = (await call("GET", "/api/gsuite-summary")).json() as GsuiteSummaryResponse;
    const set = await call("PUT", "/api/currency-rates", {
      rates: [{ from: "USD", to: "AUD", rate: 2 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await call("GET", "/api/gsuite-summary")).json() as GsuiteSummaryResponse;
    // The one USD account (12 USD) is now 24 AUD instead of 18.
    expect(after.totalMonthlyValueAud).toBe(Number((before.totalMonthlyValueAud + 6).toFixed(2)));
    expect(after.planTypes.find((p) => p.planType === "Standard")!.totalCostAud).toBe(24);
    await call("PUT", "/api/currency-rates", { rates: [{ from: "USD", to: "AUD", rate: 1.5 }] });
  });
});

describe("editing and deleting organizations and plans", () => {
  it("answers one organization or plan by id as its list does; a missing one is 404", async () => {
    const organizations = (await call("GET", "/api/gsuite-organizations")).json();
    const organization = await call("GET", `/api/gsuite-organizations/${studio.id}`);
    expect(organization.statusCode, organization.body).toBe(200);
    expect(organization.json()).toEqual(
      (organizations as OrganizationResponse[]).find((row) => row.id === studio.id),
    );
    const plans = (await call("GET", "/api/gsuite-plans")).json() as PlanResponse[];
    const plan = await call("GET", `/api/gsuite-plans/${starter.id}`);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toEqual(plans.find((row) => row.id === starter.id));
    expect((plan.json() as PlanResponse).accountCount).toBeGreaterThan(0);
    expect((await call("GET", "/api/gsuite-organizations/999999")).statusCode).toBe(404);
    expect((await call("GET", "/api/gsuite-plans/999999")).statusCode).toBe(404);
  });

  it("renames a plan and its accounts follow", async () => {
    const renamed = await call("PATCH", `/api/gsuite-plans/${standard.id}`, { name: "Standard 2" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Standard 2", accountCount: 1 });
    const accounts = (
      await call("GET", "/api/gsuite-accounts?search=sam@")
    ).json() as GsuiteAccountResponse[];
    expect(accounts[0]!.planType).toBe("Standard 2");
  });

  it("refuses to delete a plan or organization in use, naming how many accounts use it", async () => {
    const plan = await call("DELETE", `/api/gsuite-plans/${starter.id}`);
    expect(plan.statusCode).toBe(409);
    expect(plan.json()).toMatchObject({
      code: "STILL_REFERENCED",
      message: "This plan cannot be deleted: 4 accounts use it",
    });
    const organization = await call("DELETE", `/api/gsuite-organizations/${studio.id}`);
    expect(organization.statusCode).toBe(409);
    expect(organization.json().message).toBe(
      "This organization cannot be deleted: 1 account uses it",
    );
    const domain = await call("PATCH", `/api/gsuite-organizations/${studio.id}`, {
      domain: "studio2.test",
    });
    expect(domain.statusCode).toBe(409);
  });

  it("deletes once unused", async () => {
    const sam = (
      (await call("GET", "/api/gsuite-accounts?search=sam@")).json() as GsuiteAccountResponse[]
    )[0]!;
    expect((await call("DELETE", `/api/gsuite-accounts/${sam.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/gsuite-accounts/${sam.id}`)).statusCode).toBe(404);
    expect(
      (
        await call("PATCH", `/api/gsuite-organizations/${studio.id}`, {
          domain: "studio2.test",
          name: "S2",
        })
      ).json(),
    ).toMatchObject({ domain: "studio2.test", name: "S2" });
    expect((await call("DELETE", `/api/gsuite-plans/${standard.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/gsuite-organizations/${studio.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/gsuite-organizations/${studio.id}`)).statusCode).toBe(404);
  });
});
