import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { hashToken } from "../auth/sessions";
import { secretRevealLogs } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let holder: { user: { id: number }; cookie: string };
let stranger: { user: { id: number }; cookie: string };
let account: Awaited<ReturnType<typeof createAccountViaApi>>;

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const sessionIdOf = (cookie: string) => hashToken(cookie.replace(/^qm_session=/, ""));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
  stranger = await t.signedInUser();
  account = await createAccountViaApi(t, admin.cookie, { password: "Reveal-Me-4242" });
  await assignAccountViaApi(t, admin.cookie, account.id, holder.user.id);
});
afterAll(() => t.close());

const reveal = (id: number, cookie?: string) =>
  t.request({
    method: "POST",
    url: `/api/accounts/${id}/reveal`,
    cookie,
    headers: { "user-agent": UA },
    remoteAddress: "203.0.113.7",
  });
const logsOf = (id: number) =>
  t.app.db.select().from(secretRevealLogs).where(eq(secretRevealLogs.entityId, id));

describe("POST /api/accounts/:id/reveal", () => {
  it("gives the holder the password and logs who, when, where from and which session", async () => {
    const response = await reveal(account.id, holder.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ password: "Reveal-Me-4242" });
    const logs = await logsOf(account.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      entityType: "account",
      userId: holder.user.id,
      ipAddress: "203.0.113.7",
      userAgent: UA,
      sessionId: sessionIdOf(holder.cookie),
    });
  });

  it("gives an administrator any password, logged as the administrator", async () => {
    expect((await reveal(account.id, admin.cookie)).json()).toEqual({ password: "Reveal-Me-4242" });
    expect((await logsOf(account.id)).some((log) => log.userId === admin.user.id)).toBe(true);
  });

  it("answers 404 to a user the account is not assigned to, and logs nothing", async () => {
    const before = (await logsOf(account.id)).length;
    const response = await reveal(account.id, stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Reveal-Me");
    expect((await reveal(999999, admin.cookie)).statusCode).toBe(404);
    expect((await reveal(account.id)).statusCode).toBe(401);
    expect(await logsOf(account.id)).toHaveLength(before);
  });

  it("stops revealing once the assignment ends", async () => {
    const other = await createAccountViaApi(t, admin.cookie);
    const assignment = await assignAccountViaApi(t, admin.cookie, other.id, stranger.user.id);
    expect((await reveal(other.id, stranger.cookie)).statusCode).toBe(200);
    await t.request({
      method: "PATCH",
      url: `/api/account-assignments/${assignment.id}/deactivate`,
      cookie: admin.cookie,
    });
    expect((await reveal(other.id, stranger.cookie)).statusCode).toBe(404);
  });
});
