// Chat and webhook alerts end to end against real HTTP receivers (tests/support/webhook-
// receivers.ts, whose checks are written from Slack's, Teams' and our generic format's published
// references): channels created through the API, an event emitted in a transaction, the outbox's
// pass sending. Refusals are retried (429's Retry-After honoured), a 4xx is given up at once, a slow
// receiver times out, a private address is refused at save and at send (a DNS answer that changes
// after the save, through an injected resolver), and the URL never reaches the log.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { type TestApp, testAppOn } from "../../../tests/support/test-app";
import { openTestDatabase } from "../../../tests/support/test-database";
import {
  type Answer,
  checkSlackBody,
  checkTeamsBody,
  type Receiver,
  slackLinks,
  startReceiver,
  verifyGenericSignature,
} from "../../../tests/support/webhook-receivers";
import { MAX_SEND_ATTEMPTS } from "../../domain/reminders";
import { notificationChannels, notificationEvents, reminderDeliveries } from "../db/schema";
import { createSecrets } from "../lib/secrets";
import { deliverDue } from "../mail/deliver";
import type { Resolver } from "./address-guard";
import { createChannel } from "./channels-service";
import { emitNotification } from "./emit";
import { createNotificationSender } from "./send";

const PUBLIC_URL = "https://assets.example.test";
// After the rows' creation (they are due from the database's now()).
const T0 = new Date(Date.now() + 60_000);
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let t: TestApp;
let cookie: string;
const lines: string[] = [];
const receivers: Receiver[] = [];

async function receiver(answers?: Answer[]) {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
}

async function addChannel(
  kind: "slack" | "teams" | "webhook",
  url: string,
  events = ["seat_threshold"],
) {
  const response = await t.request({
    method: "POST",
    url: "/api/notification-channels",
    cookie,
    payload: { kind, name: `${kind} channel`, url, events },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; signingSecret: string; urlMasked: string };
}

let eventN = 0;
async function emitSeatEvent() {
  eventN += 1;
  await t.app.db.transaction((tx) =>
    emitNotification(tx, {
      type: "seat_threshold",
      key: `seat_threshold:license:7:${eventN}`,
      title: "Seats running low: R&D <Figma>",
      text: "2 seats left of 10 (threshold 3)",
      item: { area: "licenses", id: 7, label: "R&D <Figma>" },
      link: "/licenses/7",
    }),
  );
}

const sender = (options: { resolve?: Resolver; timeoutMs?: number } = {}) =>
  createNotificationSender({
    db: t.app.db,
    secrets: t.app.secrets,
    linkBase: PUBLIC_URL,
    allowLocal: true,
    clock: () => new Date(),
    ...options,
  });

const pass = (now: Date, options?: Parameters<typeof sender>[0]) =>
  deliverDue(t.app.db, null, now, { notify: sender(options) });

const deliveries = () =>
  t.app.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.kind, "notification"));

beforeAll(async () => {
  const database = await openTestDatabase();
  t = await testAppOn(
    database,
    createSecrets(randomBytes(32)),
    { WEBHOOKS_ALLOW_LOCAL: "true", PUBLIC_URL, LOG_LEVEL: "debug" },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  ({ cookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await t.close();
});
beforeEach(async () => {
  await t.app.db.delete(reminderDeliveries);
  await t.app.db.delete(notificationEvents);
  await t.app.db.delete(notificationChannels);
});

describe("delivering alerts to real receivers", () => {
  it("sends each kind its documented format once, the webhook signed", async () => {
    const slack = await receiver();
    const teams = await receiver();
    const hook = await receiver();
    await addChannel("slack", slack.url);
    await addChannel("teams", teams.url);
    const webhook = await addChannel("webhook", hook.url);
    expect(webhook.signingSecret).toMatch(/^qmsec_[0-9a-f]{64}$/);
    expect(webhook.urlMasked).not.toContain("SeCrEtPaTh");

    await emitSeatEvent();
    const outcome = await pass(T0);
    expect(outcome).toMatchObject({ sent: 3, failed: 0 });
    expect((await pass(at(3600))).sent).toBe(0);

    expect(slack.received).toHaveLength(1);
    const { blockTexts } = checkSlackBody(slack.received[0]!.raw);
    expect(blockTexts[0]).toContain("R&amp;D &lt;Figma&gt;");
    expect(slackLinks(blockTexts[0]!)).toEqual([
      { url: `${PUBLIC_URL}/licenses/7`, label: "R&amp;D &lt;Figma&gt;" },
    ]);

    expect(teams.received).toHaveLength(1);
    const card = checkTeamsBody(teams.received[0]!.raw);
    expect(card.body[0]!.text).toBe("Seats running low: R&D <Figma>");
    expect(card.actions).toEqual([
      expect.objectContaining({ type: "Action.OpenUrl", url: `${PUBLIC_URL}/licenses/7` }),
    ]);

    expect(hook.received).toHaveLength(1);
    const request = hook.received[0]!;
    verifyGenericSignature(request, webhook.signingSecret, new Date());
    expect(() => verifyGenericSignature(request, "another secret", new Date())).toThrow(
      "bad signature",
    );
    expect(() => verifyGenericSignature(request, webhook.signingSecret, at(-86400 * 400))).toThrow(
      "replay",
    );
    const body = JSON.parse(request.raw);
    expect(body).toMatchObject({
      type: "seat_threshold",
      item: { area: "licenses", id: 7, label: "R&D <Figma>" },
      link: `${PUBLIC_URL}/licenses/7`,
      text: "2 seats left of 10 (threshold 3)",
    });
    expect(typeof body.id).toBe("number");
    expect(Number.isNaN(Date.parse(body.occurredAt))).toBe(false);
  });

  it("sends a channel's test message whatever events it chose", async () => {
    const hook = await receiver();
    const channel = await addChannel("webhook", hook.url, []);
    const test = await t.request({
      method: "POST",
      url: `/api/notification-channels/${channel.id}/test`,
      cookie,
    });
    expect(test.statusCode, test.body).toBe(202);
    expect((await pass(new Date())).sent).toBe(1);
    expect(JSON.parse(hook.received[0]!.raw)).toMatchObject({ type: "test", id: null });
  });

  it("retries a refusal (500) with backoff and sends once it is accepted", async () => {
    const hook = await receiver([{ status: 500 }, { status: 200 }]);
    await addChannel("webhook", hook.url);
    await emitSeatEvent();
    expect(await pass(T0)).toMatchObject({ sent: 0, failed: 1 });
    const [waiting] = await deliveries();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting!.lastError).toMatch(/answered 500/);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(T0.getTime());
    expect((await pass(T0)).sent).toBe(0); // not due yet
    expect((await pass(at(3600))).sent).toBe(1);
    expect(hook.received).toHaveLength(2);
    expect((await deliveries())[0]).toMatchObject({ status: "sent", lastError: null });
  });

  it("waits out a 429's Retry-After, and gives up after the bound", async () => {
    const hook = await receiver([{ status: 429, headers: { "Retry-After": "1800" } }]);
    await addChannel("slack", hook.url);
    await emitSeatEvent();
    await pass(T0);
    const [row] = await deliveries();
    expect(row!.nextAttemptAt.getTime()).toBe(at(1800).getTime());
    for (let i = 1; i < MAX_SEND_ATTEMPTS; i++) await pass(at(7200 * i + 86400 * i));
    const [last] = await deliveries();
    expect(last).toMatchObject({ status: "failed", attempts: MAX_SEND_ATTEMPTS });
    expect(hook.received).toHaveLength(MAX_SEND_ATTEMPTS);

    // Listed for administrators with the last error, and put back by the retry action.
    const list = await t.request({
      method: "GET",
      url: "/api/notification-deliveries?status=failed&limit=10",
      cookie,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.json()[0]).toMatchObject({
      status: "failed",
      lastError: expect.stringMatching(/429/),
    });
    const retry = await t.request({
      method: "POST",
      url: `/api/notification-deliveries/${last!.id}/retry`,
      cookie,
    });
    expect(retry.statusCode).toBe(204);
    expect((await deliveries())[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("fails a 4xx other than 429 at once, and times out a slow receiver", async () => {
    const gone = await receiver([{ status: 404 }]);
    const slow = await receiver([{ status: 200, delayMs: 3000 }]);
    await addChannel("teams", gone.url);
    await addChannel("slack", slow.url);
    await emitSeatEvent();
    const started = Date.now();
    await pass(T0, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2500);
    const rows = await deliveries();
    const byError = rows.map((r) => [r.status, r.attempts, r.lastError]).sort();
    expect(byError).toEqual([
      ["failed", 1, expect.stringMatching(/answered 404/)],
      ["pending", 1, expect.stringMatching(/: no answer within 0\.3 s$/)],
    ]);
  });
});

describe("no door into the network", () => {
  const answering =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("refuses a private address at save, through the API too", async () => {
    const admin = await createUser(t.app.db, { role: "admin" });
    const actor = { userId: admin.id, via: "session" as const };
    for (const address of ["10.1.2.3", "169.254.169.254", "fd00::1", "::ffff:127.0.0.1"]) {
      await expect(
        createChannel(
          t.app.db,
          t.app.secrets,
          { allowLocal: false, resolve: answering("93.184.216.34", address) },
          actor as never,
          { kind: "webhook", name: "x", url: "https://hooks.example.test/a", events: [] },
        ),
      ).rejects.toMatchObject({ statusCode: 400, code: "WEBHOOK_URL_REFUSED" });
    }
    const refused = await t.request({
      method: "POST",
      url: "/api/notification-channels",
      cookie,
      payload: { kind: "slack", name: "x", url: "http://10.0.0.8/hook", events: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "WEBHOOK_URL_REFUSED" });
  });

  it("checks again at send: a DNS answer changed to a private address is refused", async () => {
    const admin = await createUser(t.app.db, { role: "admin" });
    await createChannel(
      t.app.db,
      t.app.secrets,
      { allowLocal: false, resolve: answering("93.184.216.34") },
      { userId: admin.id, via: "session" } as never,
      {
        kind: "webhook",
        name: "rebinding",
        url: "https://hooks.example.test/SeCrEtPaTh",
        events: ["seat_threshold"],
      },
    );
    await emitSeatEvent();
    const strict = createNotificationSender({
      db: t.app.db,
      secrets: t.app.secrets,
      linkBase: PUBLIC_URL,
      allowLocal: false,
      resolve: answering("127.0.0.1"),
    });
    await deliverDue(t.app.db, null, T0, { notify: strict });
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toMatch(/private, loopback or link-local/);
  });

  it("never logs a channel's URL", async () => {
    const hook = await receiver([{ status: 500 }]);
    await addChannel("webhook", hook.url);
    await emitSeatEvent();
    await pass(T0);
    const log = lines.join("");
    expect(log).toContain("/api/notification-channels");
    expect(log).not.toContain("SeCrEtPaTh");
    const stored = await t.app.db.select().from(notificationChannels);
    expect(JSON.stringify(stored)).not.toContain("SeCrEtPaTh");
    const listed = await t.request({ method: "GET", url: "/api/notification-channels", cookie });
    expect(listed.body).not.toContain("SeCrEtPaTh");
    expect(listed.json()[0].urlMasked).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…/);
  });
});
