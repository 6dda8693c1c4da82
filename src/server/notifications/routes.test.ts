// The channels API's rules: administrators only, zod-checked bodies, a PATCH re-checks a new URL,
// the activity log names the channel but never its URL, DELETE drops it (and its deliveries).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { activityLog, reminderDeliveries } from "../db/schema";

let t: TestApp;
let admin: string;
let user: string;
const URL_SECRET = "https://hooks.slack.example/services/T1/B2/ToPsEcReT";

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_LOCAL: "true" });
  ({ cookie: admin } = await t.signedInUser({ role: "admin" }));
  ({ cookie: user } = await t.signedInUser({ role: "user" }));
});
afterAll(async () => {
  await t.close();
});

describe("/api/notification-channels", () => {
  it("is for administrators only", async () => {
    for (const [method, url] of [
      ["GET", "/api/notification-channels"],
      ["POST", "/api/notification-channels"],
      ["GET", "/api/notification-deliveries"],
      ["POST", "/api/notification-channels/1/test"],
    ] as const) {
      const answer = await t.request({ method, url, cookie: user, payload: {} });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("refuses bad bodies with 400 and a code", async () => {
    const answer = await t.request({
      method: "POST",
      url: "/api/notification-channels",
      cookie: admin,
      payload: { kind: "discord", name: "", url: "x", events: ["everything"] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe("VALIDATION_FAILED");
  });

  it("edits, re-checks a new URL, logs without the URL, deletes", async () => {
    // The host resolves through the system resolver here: a loopback literal under ALLOW_LOCAL.
    const created = await t.request({
      method: "POST",
      url: "/api/notification-channels",
      cookie: admin,
      payload: { kind: "slack", name: "IT", url: "http://127.0.0.1:9/hook/ToPsEcReT", events: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();

    const edited = await t.request({
      method: "PATCH",
      url: `/api/notification-channels/${id}`,
      cookie: admin,
      payload: { name: "IT alerts", events: ["budget", "budget", "offboarded"] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "IT alerts", events: ["budget", "offboarded"] });

    const refused = await t.request({
      method: "PATCH",
      url: `/api/notification-channels/${id}`,
      cookie: admin,
      payload: { url: "http://169.254.169.254/latest/meta-data" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("WEBHOOK_URL_REFUSED");

    const test = await t.request({
      method: "POST",
      url: `/api/notification-channels/${id}/test`,
      cookie: admin,
    });
    expect(test.statusCode).toBe(202);

    const logged = await t.app.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.area, "settings"));
    const text = JSON.stringify(logged);
    expect(text).toContain("Notification channel: IT alerts");
    expect(text).not.toContain("ToPsEcReT");
    expect(text).not.toContain(URL_SECRET);

    const deleted = await t.request({
      method: "DELETE",
      url: `/api/notification-channels/${id}`,
      cookie: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.db.select().from(reminderDeliveries)).toHaveLength(0);
    const again = await t.request({
      method: "DELETE",
      url: `/api/notification-channels/${id}`,
      cookie: admin,
    });
    expect(again.statusCode).toBe(404);
  });
});
