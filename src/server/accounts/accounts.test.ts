import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountInput,
  assignAccountViaApi,
  createAccountViaApi,
} from "../../../tests/support/accounts";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { AccountResponse } from "../../domain/schemas/accounts";
import { accountAssignments, accounts } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number; username: string }; cookie: string };
let jane: { user: { id: number; username: string }; cookie: string };
let other: { user: { id: number; username: string }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  jane = await t.signedInUser({ fullName: "Jane Citizen" });
  other = await t.signedInUser();
});
afterAll(() => t.close());

const post = (payload: unknown, cookie = admin.cookie) =>
  t.request({ method: "POST", url: "/api/accounts", payload: payload as object, cookie });
const list = (query = "", cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/accounts${query}`, cookie });
const fieldMessages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));

describe("POST /api/accounts", () => {
  it("creates an account, answering it without any form of its password", async () => {
    const payload = accountInput({
      email: "Shared.Box@Example.com",
      paymentMethod: "Credit card",
      paymentDetails: "Visa ending 4821",
      renewalDate: "2026-12-01",
      notes: "Team mailbox",
    });
    const response = await post(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json() as AccountResponse;
    expect(body).toMatchObject({
      email: "Shared.Box@Example.com",
      provider: "microsoft365",
      status: "active",
      paymentMethod: "Credit card",
      paymentDetails: "Visa ending 4821",
      renewalDate: "2026-12-01",
      paymentAmount: 22.5,
      paymentCurrency: "AUD",
      notes: "Team mailbox",
      userCount: 0,
      users: [],
    });
    expect(Object.keys(body)).not.toContain("password");
    expect(response.body).not.toContain(payload.password);
  });

  it("defaults status to active and currency to AUD (the form's defaults)", async () => {
    const { status: _s, paymentCurrency: _c, ...payload } = accountInput();
    const response = await post(payload);
    expect(response.json()).toMatchObject({ status: "active", paymentCurrency: "AUD" });
  });

  it("stores the password only as ciphertext", async () => {
    const account = await createAccountViaApi(t, admin.cookie, { password: "Raw-Db-Check-5511" });
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.passwordCiphertext).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain("Raw-Db-Check");
    expect(JSON.stringify(row)).not.toContain("5511");
    expect(t.app.secrets.open(row!.passwordCiphertext!)).toBe("Raw-Db-Check-5511");
  });

  it("answers each invalid field with the spec's message", async () => {
    const response = await post({
      email: "not-an-email",
      password: "abc",
      provider: "yahoo",
      status: "sleeping",
      paymentAmount: "12,50",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(fieldMessages(response.json())).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 4 characters",
      provider: "Please select a provider",
      status: "Please select a status",
      paymentAmount: "Payment amount must be a valid number if provided",
    });
    const missing = await post({});
    expect(fieldMessages(missing.json())).toMatchObject({
      email: "Please enter a valid email address",
      password: "Password must be at least 4 characters",
      provider: "Please select a provider",
    });
    const negative = await post(accountInput({ paymentAmount: -1 }));
    expect(fieldMessages(negative.json())).toEqual({
      paymentAmount: "Payment amount must be a valid number if provided",
    });
  });

  it("keeps e-mails unique, ignoring case (409 with a clear message)", async () => {
    const first = await createAccountViaApi(t, admin.cookie, { email: "unique-box@example.com" });
    const response = await post(accountInput({ email: "UNIQUE-box@example.com" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "DUPLICATE_EMAIL",
      message: "An account with this email already exists",
      errors: [{ path: "email", message: "An account with this email already exists" }],
    });
    expect(first.id).toBeGreaterThan(0);
  });

  it("lets only one of two concurrent creates of one e-mail win", async () => {
    const payload = accountInput({ email: "race-box@example.com" });
    const answers = await Promise.all([post(payload), post(payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("is for administrators only", async () => {
    expect((await post(accountInput(), jane.cookie)).statusCode).toBe(403);
    expect(
      (await t.request({ method: "POST", url: "/api/accounts", payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe("GET /api/accounts", () => {
  let shared: Awaited<ReturnType<typeof createAccountViaApi>>;
  let janeOnly: Awaited<ReturnType<typeof createAccountViaApi>>;
  let ended: Awaited<ReturnType<typeof createAccountViaApi>>;
  let nameOnly: Awaited<ReturnType<typeof createAccountViaApi>>;
  const created: Awaited<ReturnType<typeof createAccountViaApi>>[] = [];

  beforeAll(async () => {
    shared = await createAccountViaApi(t, admin.cookie, {
      email: "zz-shared@example.com",
      provider: "google",
    });
    janeOnly = await createAccountViaApi(t, admin.cookie, {
      email: "zz-jane@example.com",
      status: "inactive",
    });
    ended = await createAccountViaApi(t, admin.cookie, { email: "zz-ended@example.com" });
    nameOnly = await createAccountViaApi(t, admin.cookie, { email: "zz-nameonly@example.com" });
    created.push(shared, janeOnly, ended, nameOnly);
    await assignAccountViaApi(t, admin.cookie, shared.id, jane.user.id, {
      deviceName: "Jane's ThinkPad",
    });
    await assignAccountViaApi(t, admin.cookie, shared.id, other.user.id, {
      assignedTo: "Somebody Else",
      deviceName: "Front desk PC",
    });
    await assignAccountViaApi(t, admin.cookie, janeOnly.id, jane.user.id);
    const gone = await assignAccountViaApi(t, admin.cookie, ended.id, jane.user.id);
    await t.request({
      method: "PATCH",
      url: `/api/account-assignments/${gone.id}/deactivate`,
      cookie: admin.cookie,
    });
    // Assigned to someone else, but its texts name jane: the spec's text matching would show
    // it to her; matching by user id does not.
    await assignAccountViaApi(t, admin.cookie, nameOnly.id, other.user.id, {
      assignedTo: `Jane Citizen ${jane.user.username}`,
      deviceName: `${jane.user.username}-laptop`,
    });
  });

  it("gives administrators every account with its active users", async () => {
    const response = await list("?search=zz-");
    expect(response.statusCode).toBe(200);
    const body = response.json() as AccountResponse[];
    expect(body.map((a) => a.email)).toEqual([
      "zz-ended@example.com",
      "zz-jane@example.com",
      "zz-nameonly@example.com",
      "zz-shared@example.com",
    ]);
    const sharedRow = body.find((a) => a.id === shared.id)!;
    expect(sharedRow.userCount).toBe(2);
    expect(sharedRow.users.map((u) => u.userId)).toEqual([jane.user.id, other.user.id]);
    expect(sharedRow.users[0]).toMatchObject({ deviceName: "Jane's ThinkPad" });
    expect(body.find((a) => a.id === ended.id)!.userCount).toBe(0);
  });

  it("gives an ordinary user only the accounts actively assigned to their user id", async () => {
    const response = await list("", jane.cookie);
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as AccountResponse[]).map((a) => a.id).sort();
    expect(ids).toEqual([shared.id, janeOnly.id].sort());
    const none = await list("", (await t.signedInUser()).cookie);
    expect(none.json()).toEqual([]);
  });

  it("never carries a password in clear, for any role or query", async () => {
    for (const [query, cookie] of [
      ["", admin.cookie],
      ["?limit=2&offset=1", admin.cookie],
      ["?search=zz", admin.cookie],
      ["", jane.cookie],
    ] as const) {
      const response = await list(query, cookie);
      for (const account of created) expect(response.body).not.toContain(account.clearPassword);
      expect(response.body).not.toMatch(/password"?\s*:/i);
      expect(response.body).not.toContain("v1:");
    }
  });

  it("pages with the total in X-Total-Count", async () => {
    const page = await list("?search=zz-&limit=3&offset=0");
    expect(page.headers["x-total-count"]).toBe("4");
    expect(page.json()).toHaveLength(3);
    const last = await list("?search=zz-&limit=3&offset=3");
    expect(last.json().map((a: AccountResponse) => a.email)).toEqual(["zz-shared@example.com"]);
    expect((await list("?search=zz-&limit=3&offset=30")).headers["x-total-count"]).toBe("4");
    const own = await list("?limit=1", jane.cookie);
    expect(own.headers["x-total-count"]).toBe("2");
  });

  it("searches e-mail, provider, device and who uses it; filters and sorts", async () => {
    const emails = async (query: string, cookie = admin.cookie) =>
      ((await list(query, cookie)).json() as AccountResponse[]).map((a) => a.email);
    expect(await emails("?search=ZZ-SHARED")).toEqual(["zz-shared@example.com"]);
    expect(await emails("?search=front desk")).toEqual(["zz-shared@example.com"]);
    expect(await emails("?search=somebody else")).toEqual(["zz-shared@example.com"]);
    expect(await emails("?search=zz-&provider=google")).toEqual(["zz-shared@example.com"]);
    // The provider by its value or by the label the page shows.
    expect(await emails("?search=GOOGLE")).toEqual(["zz-shared@example.com"]);
    expect(await emails("?search=zz-&sort=provider")).toHaveLength(4);
    expect((await emails("?search=Microsoft 365")).length).toBeGreaterThan(3);
    // An ended assignment's device no longer finds the account.
    expect(await emails("?search=Test laptop")).not.toContain("zz-ended@example.com");
    expect(await emails("?search=zz-&status=inactive")).toEqual(["zz-jane@example.com"]);
    expect(await emails("?search=zz-&sort=email&order=desc")).toEqual([
      "zz-shared@example.com",
      "zz-nameonly@example.com",
      "zz-jane@example.com",
      "zz-ended@example.com",
    ]);
    // An ordinary user's search stays within their own accounts.
    expect(await emails("?search=zz-nameonly", jane.cookie)).toEqual([]);
    expect(await emails("?search=%25", admin.cookie)).toEqual([]);
  });

  it("refuses bad queries with 400", async () => {
    for (const query of ["?sort=password", "?status=gone", "?provider=x", "?limit=0", "?limit=a"]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
    expect((await t.request({ method: "GET", url: "/api/accounts" })).statusCode).toBe(401);
  });
});

describe("GET /api/accounts/:id", () => {
  it("answers one account as the list does, to administrators only; a missing one is 404", async () => {
    const account = await createAccountViaApi(t, admin.cookie, { password: "Linked-Pass-1" });
    await assignAccountViaApi(t, admin.cookie, account.id, jane.user.id);
    const get = (id: number, cookie = admin.cookie) =>
      t.request({ method: "GET", url: `/api/accounts/${id}`, cookie });
    const found = await get(account.id);
    expect(found.statusCode, found.body).toBe(200);
    const body = found.json() as AccountResponse;
    const listed = (
      (await list(`?search=${encodeURIComponent(account.email)}`)).json() as AccountResponse[]
    ).find((row) => row.id === account.id);
    expect(body).toEqual(listed);
    expect(body.users.map((user) => user.userId)).toEqual([jane.user.id]);
    expect(found.body).not.toContain("Linked-Pass-1");
    // Jane uses it, but the Edit dialog it serves is an administrator's.
    expect((await get(account.id, jane.cookie)).statusCode).toBe(403);
    expect((await get(999999)).statusCode).toBe(404);
  });
});

describe("PATCH and DELETE /api/accounts/:id", () => {
  it("edits fields and replaces the password only when one is given", async () => {
    const account = await createAccountViaApi(t, admin.cookie, { password: "First-Pass-1" });
    const patch = (payload: object, cookie = admin.cookie) =>
      t.request({ method: "PATCH", url: `/api/accounts/${account.id}`, payload, cookie });
    const edited = await patch({ status: "expired", paymentAmount: "", password: "" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: "expired", paymentAmount: null });
    const reveal = () =>
      t.request({
        method: "POST",
        url: `/api/accounts/${account.id}/reveal`,
        cookie: admin.cookie,
      });
    expect((await reveal()).json()).toEqual({ password: "First-Pass-1" });
    await patch({ password: "Second-Pass-2" });
    expect((await reveal()).json()).toEqual({ password: "Second-Pass-2" });

    const taken = await createAccountViaApi(t, admin.cookie);
    const clash = await patch({ email: taken.email.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe("DUPLICATE_EMAIL");
    expect((await patch({ email: account.email })).statusCode).toBe(200);
    expect(fieldMessages((await patch({ password: "ab" })).json())).toEqual({
      password: "Password must be at least 4 characters",
    });
    expect((await patch({ status: "active" }, jane.cookie)).statusCode).toBe(403);
    const missing = await t.request({
      method: "PATCH",
      url: "/api/accounts/999999",
      payload: { status: "active" },
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes an account with its assignments (administrators only)", async () => {
    const account = await createAccountViaApi(t, admin.cookie);
    await assignAccountViaApi(t, admin.cookie, account.id, jane.user.id);
    const remove = (cookie: string) =>
      t.request({ method: "DELETE", url: `/api/accounts/${account.id}`, cookie });
    expect((await remove(jane.cookie)).statusCode).toBe(403);
    expect((await remove(admin.cookie)).statusCode).toBe(204);
    expect((await remove(admin.cookie)).statusCode).toBe(404);
    const left = await t.app.db
      .select()
      .from(accountAssignments)
      .where(eq(accountAssignments.accountId, account.id));
    expect(left).toEqual([]);
  });
});
