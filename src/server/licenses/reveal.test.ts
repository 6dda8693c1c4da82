import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { LicenseViewLogResponse } from "../../domain/schemas/licenses";
import { hashToken } from "../auth/sessions";
import { licenseViewLogs } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number; username: string }; cookie: string };
let holder: { user: { id: number; username: string }; cookie: string };
let stranger: { user: { id: number }; cookie: string };
let license: Awaited<ReturnType<typeof createLicenseViaApi>>;

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const sessionIdOf = (cookie: string) => hashToken(cookie.replace(/^qm_session=/, ""));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
  stranger = await t.signedInUser();
  license = await createLicenseViaApi(t, admin.cookie, { licenseKey: "REVEAL-ME-7777" });
  await assignViaApi(t, admin.cookie, license.id, holder.user.id);
});
afterAll(() => t.close());

const reveal = (id: number, cookie?: string, headers: Record<string, string> = {}) =>
  t.request({
    method: "POST",
    url: `/api/licenses/${id}/reveal`,
    cookie,
    headers: { "user-agent": UA, ...headers },
    remoteAddress: "203.0.113.9",
  });

const logsOf = (id: number) =>
  t.app.db.select().from(licenseViewLogs).where(eq(licenseViewLogs.licenseId, id));

describe("POST /api/licenses/:id/reveal", () => {
  it("gives a seat holder the clear key and logs who, when, where from and which session", async () => {
    const before = Date.now();
    const response = await reveal(license.id, holder.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ licenseKey: "REVEAL-ME-7777" });

    const logs = await logsOf(license.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      userId: holder.user.id,
      ipAddress: "203.0.113.9",
      userAgent: UA,
      location: null,
      sessionId: sessionIdOf(holder.cookie),
    });
    expect(logs[0]!.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(logs[0]!.viewedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("gives an administrator the key too, logged as the administrator", async () => {
    const response = await reveal(license.id, admin.cookie);
    expect(response.json()).toEqual({ licenseKey: "REVEAL-ME-7777" });
    const logs = await logsOf(license.id);
    expect(logs.some((log) => log.userId === admin.user.id)).toBe(true);
  });

  it("answers 404 to a user without a seat, and logs nothing", async () => {
    const count = (await logsOf(license.id)).length;
    const response = await reveal(license.id, stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("REVEAL-ME");
    expect((await reveal(999999, admin.cookie)).statusCode).toBe(404);
    expect((await reveal(license.id)).statusCode).toBe(401);
    expect(await logsOf(license.id)).toHaveLength(count);
  });

  it("stops revealing once the seat is unassigned", async () => {
    const other = await createLicenseViaApi(t, admin.cookie);
    const seat = await assignViaApi(t, admin.cookie, other.id, stranger.user.id);
    expect((await reveal(other.id, stranger.cookie)).statusCode).toBe(200);
    await t.request({
      method: "PATCH",
      url: `/api/assignments/${seat.id}/deactivate`,
      cookie: admin.cookie,
    });
    expect((await reveal(other.id, stranger.cookie)).statusCode).toBe(404);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is on", async () => {
    const other = await createLicenseViaApi(t, admin.cookie);
    await reveal(other.id, admin.cookie, { "x-forwarded-for": "198.51.100.1" });
    expect((await logsOf(other.id))[0]!.ipAddress).toBe("203.0.113.9");

    const proxied = await buildTestApp({ TRUST_PROXY: "true" });
    try {
      const proxiedAdmin = await proxied.signedInUser({ role: "admin" });
      const created = await createLicenseViaApi(proxied, proxiedAdmin.cookie);
      const response = await proxied.request({
        method: "POST",
        url: `/api/licenses/${created.id}/reveal`,
        cookie: proxiedAdmin.cookie,
        headers: { "x-forwarded-for": "198.51.100.1" },
        remoteAddress: "10.0.0.2",
      });
      expect(response.statusCode).toBe(200);
      const [log] = await proxied.app.db
        .select()
        .from(licenseViewLogs)
        .where(eq(licenseViewLogs.licenseId, created.id));
      expect(log!.ipAddress).toBe("198.51.100.1");
    } finally {
      await proxied.close();
    }
  });
});

describe("POST /api/license-view-logs", () => {
  it("records a view for the caller, from the request, whatever the body claims", async () => {
    const other = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, other.id, holder.user.id);
    const response = await t.request({
      method: "POST",
      url: "/api/license-view-logs",
      payload: {
        licenseId: other.id,
        userId: admin.user.id,
        ipAddress: "1.2.3.4",
        userAgent: "Forged",
        location: "Somewhere",
        sessionId: "forged-session",
      },
      cookie: holder.cookie,
      headers: { "user-agent": UA },
      remoteAddress: "203.0.113.50",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      licenseId: other.id,
      userId: holder.user.id,
      username: holder.user.username,
      ipAddress: "203.0.113.50",
      userAgent: UA,
      location: null,
      sessionId: sessionIdOf(holder.cookie),
    });
    expect(response.body).not.toContain(other.clearKey);
  });

  it("refuses licenses the caller may not reveal, and bad bodies", async () => {
    const other = await createLicenseViaApi(t, admin.cookie);
    const denied = await t.request({
      method: "POST",
      url: "/api/license-view-logs",
      payload: { licenseId: other.id },
      cookie: stranger.cookie,
    });
    expect(denied.statusCode).toBe(404);
    const bad = await t.request({
      method: "POST",
      url: "/api/license-view-logs",
      payload: { licenseId: "one" },
      cookie: stranger.cookie,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.request({
      method: "POST",
      url: "/api/license-view-logs",
      payload: { licenseId: other.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await logsOf(other.id)).toEqual([]);
  });
});

describe("GET /api/licenses/:id/view-logs", () => {
  it("lists views newest first with the viewer's username, to administrators only", async () => {
    const other = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, other.id, holder.user.id);
    await reveal(other.id, holder.cookie);
    await reveal(other.id, admin.cookie);
    await reveal(other.id, holder.cookie, { "user-agent": "Firefox/128.0" });

    const response = await t.request({
      method: "GET",
      url: `/api/licenses/${other.id}/view-logs`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as LicenseViewLogResponse[];
    expect(body.map((log) => [log.username, log.userAgent])).toEqual([
      [holder.user.username, "Firefox/128.0"],
      [admin.user.username, UA],
      [holder.user.username, UA],
    ]);
    const times = body.map((log) => Date.parse(log.viewedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body[0]).toMatchObject({ licenseId: other.id, ipAddress: "203.0.113.9" });
    expect(response.body).not.toContain(other.clearKey);

    const asHolder = await t.request({
      method: "GET",
      url: `/api/licenses/${other.id}/view-logs`,
      cookie: holder.cookie,
    });
    expect(asHolder.statusCode).toBe(403);
    const missing = await t.request({
      method: "GET",
      url: "/api/licenses/999999/view-logs",
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});
