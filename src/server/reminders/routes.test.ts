// The reminder routes: status for everyone, offsets and delivery problems for administrators only.

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appWithAdminAndUser,
  buildTestApp,
  type SignedIn,
  type TestApp,
} from "../../../tests/support/test-app";
import { DEFAULT_REMINDER_DAYS, REMINDER_KINDS } from "../../domain/reminders";
import { activityLog, reminderDeliveries } from "../db/schema";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

/** One request to the API as the signed-in user whose cookie is given. */
const call = (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, ...(payload ? { payload } : {}) });

describe("GET /api/reminders/status", () => {
  it("says reminders are off without SMTP_URL and MAIL_FROM, to any signed-in user", async () => {
    const response = await call("GET", "/api/reminders/status", user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mailEnabled: false,
      intervalMinutes: 60,
      offsets: REMINDER_KINDS.map((kind) => ({ kind, days: DEFAULT_REMINDER_DAYS })),
    });
    expect((await t.request({ method: "GET", url: "/api/reminders/status" })).statusCode).toBe(401);
  });

  it("says they are on when mail is configured, with the interval", async () => {
    const configured = await buildTestApp({
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "it@example.test",
      PUBLIC_URL: "https://assets.example.test",
      REMINDER_INTERVAL_MINUTES: "15",
    });
    try {
      const { cookie } = await configured.signedInUser();
      const response = await configured.request({
        method: "GET",
        url: "/api/reminders/status",
        cookie,
      });
      expect(response.json()).toMatchObject({ mailEnabled: true, intervalMinutes: 15 });
    } finally {
      await configured.close();
    }
  });
});

describe("/api/reminders/offsets", () => {
  it("starts at 30, 15 and 7 days for every kind", async () => {
    const response = await call("GET", "/api/reminders/offsets", admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().offsets).toEqual(
      REMINDER_KINDS.map((kind) => ({ kind, days: DEFAULT_REMINDER_DAYS })),
    );
  });

  it("stores an administrator's days for one kind, largest first without repeats", async () => {
    const response = await call("PUT", "/api/reminders/offsets", admin.cookie, {
      kind: "hardware_warranty",
      days: [7, 60, 7, 0],
    });
    expect(response.statusCode).toBe(200);
    const offsets = response.json().offsets as { kind: string; days: number[] }[];
    expect(offsets.find((o) => o.kind === "hardware_warranty")!.days).toEqual([60, 7, 0]);
    expect(offsets.find((o) => o.kind === "license_expiry")!.days).toEqual([30, 15, 7]);
    const [logged] = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.area, "reminders"), eq(activityLog.userId, admin.user.id)));
    expect(logged).toMatchObject({
      action: "settings_change",
      changes: { hardware_warranty: { before: [30, 15, 7], after: [60, 7, 0] } },
    });
    // No days: that kind's reminders are off.
    const off = await call("PUT", "/api/reminders/offsets", admin.cookie, {
      kind: "hosting_month_end",
      days: [],
    });
    expect(
      (off.json().offsets as { kind: string; days: number[] }[]).find(
        (o) => o.kind === "hosting_month_end",
      )!.days,
    ).toEqual([]);
  });

  it("tells everyone the days an administrator set, for the alert toggles' texts", async () => {
    await call("PUT", "/api/reminders/offsets", admin.cookie, {
      kind: "license_renewal",
      days: [45, 10],
    });
    const status = await call("GET", "/api/reminders/status", user.cookie);
    const offsets = status.json().offsets as { kind: string; days: number[] }[];
    expect(offsets.find((o) => o.kind === "license_renewal")!.days).toEqual([45, 10]);
    // Still only administrators read and change them on their own route.
    expect((await call("GET", "/api/reminders/offsets", user.cookie)).statusCode).toBe(403);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    for (const payload of [
      { kind: "coffee", days: [7] },
      { kind: "license_expiry", days: [-1] },
      { kind: "license_expiry", days: [366] },
      { kind: "license_expiry", days: [1.5] },
      { kind: "license_expiry", days: [1, 2, 3, 4, 5, 6, 7] },
      { kind: "license_expiry", days: [7], extra: true },
      { kind: "license_expiry" },
    ]) {
      const response = await call("PUT", "/api/reminders/offsets", admin.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
    const after = await call("GET", "/api/reminders/offsets", admin.cookie);
    const offsets = after.json().offsets as { kind: string; days: number[] }[];
    expect(offsets.find((o) => o.kind === "license_expiry")!.days).toEqual([30, 15, 7]);
  });

  it("is refused to an ordinary user", async () => {
    const read = await call("GET", "/api/reminders/offsets", user.cookie);
    expect(read.statusCode).toBe(403);
    const write = await call("PUT", "/api/reminders/offsets", user.cookie, {
      kind: "license_expiry",
      days: [1],
    });
    expect(write.statusCode).toBe(403);
  });
});

describe("/api/reminders/deliveries", () => {
  it("shows administrators the refused sends and puts a failed one back in the queue", async () => {
    const row = (key: string, more: Partial<typeof reminderDeliveries.$inferInsert>) => ({
      key,
      kind: "reminder" as const,
      recipient: "someone@example.test",
      subject: `Reminder ${key}`,
      textBody: "text",
      htmlBody: "<p>html</p>",
      day: "2026-03-01",
      status: "pending" as const,
      ...more,
    });
    const [failed] = await t.app.db
      .insert(reminderDeliveries)
      .values([
        row("a", { status: "failed", attempts: 6, lastError: "550 No such user" }),
        row("b", { attempts: 2, lastError: "451 Mailbox busy" }),
        row("c", {}),
        row("d", { status: "sent", attempts: 1, sentAt: new Date() }),
      ])
      .returning();
    const response = await call("GET", "/api/reminders/deliveries", admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({
      queued: 1,
      retrying: 1,
      failed: 1,
      cancelled: 0,
      sentLast7Days: 1,
    });
    expect(
      body.problems.map((p: { subject: string; status: string }) => [p.subject, p.status]),
    ).toEqual([
      ["Reminder b", "pending"],
      ["Reminder a", "failed"],
    ]);

    const retry = await call("POST", `/api/reminders/deliveries/${failed!.id}/retry`, admin.cookie);
    expect(retry.statusCode).toBe(204);
    const again = await call("GET", "/api/reminders/deliveries", admin.cookie);
    expect(again.json().counts.failed).toBe(0);
    // Only a failed send can be put back.
    const twice = await call("POST", `/api/reminders/deliveries/${failed!.id}/retry`, admin.cookie);
    expect(twice.statusCode).toBe(404);
  });

  it("is refused to an ordinary user", async () => {
    const read = await call("GET", "/api/reminders/deliveries", user.cookie);
    expect(read.statusCode).toBe(403);
    const retry = await call("POST", "/api/reminders/deliveries/1/retry", user.cookie);
    expect(retry.statusCode).toBe(403);
  });

  it("answers 400 for an id that is not one", async () => {
    const response = await call("POST", "/api/reminders/deliveries/abc/retry", admin.cookie);
    expect(response.statusCode).toBe(400);
  });
});
