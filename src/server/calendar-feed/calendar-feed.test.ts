// The private calendar feed through the API: made, read without a cookie and parsed by an
// independent iCalendar parser (ical.js), replaced, revoked; a person's feed against an
// administrator's; unknown, revoked and deactivated feeds all a bare 404; no secret in the feed.
import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, todayIso } from "../../domain/dates";
import {
  accountAssignments,
  accounts,
  activityLog,
  hardware,
  licenseAssignments,
  licenses,
  users,
} from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let person: { user: { id: number }; cookie: string };
const today = todayIso();
const inDays = (days: number) => addDays(today, days);
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  person = await t.signedInUser();
  const { db } = t.app;
  const [held, other, old] = await db
    .insert(licenses)
    .values([
      {
        name: "Figma, Pro",
        licenseKeyCiphertext: "CIPHERTEXT-SHOULD-NOT-LEAK",
        licenseKeyMasked: "****-MASKED",
        expiryDate: inDays(40),
        paymentAmount: 1234.5,
        paymentCurrency: "EUR",
        notes: "NOTE-SHOULD-NOT-LEAK",
      },
      {
        name: "Someone else's",
        licenseKeyCiphertext: "x",
        licenseKeyMasked: "x",
        expiryDate: inDays(10),
      },
      // Outside the window: more than a year ahead.
      {
        name: "Far away",
        licenseKeyCiphertext: "x",
        licenseKeyMasked: "x",
        expiryDate: inDays(400),
      },
    ])
    .returning();
  ids.held = held!.id;
  ids.other = other!.id;
  ids.old = old!.id;
  await db.insert(licenseAssignments).values({
    licenseId: held!.id,
    userId: person.user.id,
    assignedTo: "Person",
    assignedDate: today,
  });
  const [account] = await db
    .insert(accounts)
    .values({
      email: "office@example.com",
      passwordCiphertext: "PASSWORD-CIPHERTEXT-SHOULD-NOT-LEAK",
      provider: "microsoft365",
      paymentDetails: "CARD-SHOULD-NOT-LEAK",
      renewalDate: inDays(-5),
    })
    .returning();
  ids.account = account!.id;
  await db
    .insert(accountAssignments)
    .values({ accountId: account!.id, userId: person.user.id, assignedTo: "Person" });
  await db.insert(hardware).values({
    name: "Admin's laptop",
    type: "laptop",
    identifier: "SN-FEED-1",
    warrantyExpiry: inDays(20),
  });
});
afterAll(() => t.close());

async function createFeed(cookie: string) {
  const response = await t.request({
    method: "POST",
    url: "/api/calendar-feed",
    cookie,
    payload: {},
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { url: string }).url;
}

/** The feed as a calendar client reads it: no cookie, no origin, only the address. */
async function readFeed(url: string) {
  const { pathname } = new URL(url);
  return t.app.inject({ method: "GET", url: pathname });
}

function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      isDate: event.startDate.isDate,
      end: event.endDate.toString(),
      stamp: vevent.getFirstPropertyValue("dtstamp")?.toString(),
    };
  });
}

describe("a person's feed", () => {
  it("is made from Settings, read without a cookie, and holds only what concerns them", async () => {
    const url = await createFeed(person.cookie);
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await t.request({
      method: "GET",
      url: "/api/calendar-feed",
      cookie: person.cookie,
    });
    expect(status.json()).toMatchObject({ active: true });

    const response = await readFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();

    const events = eventsOf(response.body);
    expect(events.map((e) => e.summary).sort()).toEqual([
      "License expires: Figma, Pro",
      "License renewal due: Figma, Pro",
      "Office account renewal: office@example.com",
    ]);
    const expiry = events.find((e) => e.summary === "License expires: Figma, Pro")!;
    expect(expiry).toMatchObject({
      // At the installation's id, not the host (event-uids.test.ts).
      uid: expect.stringMatching(
        new RegExp(`^license_expiry:${ids.held}:${inDays(40)}@[0-9a-f-]{36}$`),
      ),
      start: inDays(40),
      isDate: true,
      end: inDays(41),
    });
    expect(expiry.stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // Payment amounts are for administrators (their feed has them: below).
    expect(expiry.description).not.toContain("Amount");
    expect(expiry.description).not.toContain("1234.50");
    expect(expiry.description).toContain("/licenses?search=Figma%2C+Pro");
    // The account's renewal five days ago is still in the feed (30 days back).
    expect(events.find((e) => e.summary?.startsWith("Office"))!.start).toBe(inDays(-5));

    for (const secret of ["CIPHERTEXT", "MASKED", "NOTE-SHOULD", "PASSWORD", "CARD-SHOULD"]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("keeps each event's UID from one read to the next", async () => {
    const url = await createFeed(person.cookie);
    const first = eventsOf((await readFeed(url)).body).map((e) => e.uid);
    const again = eventsOf((await readFeed(url)).body).map((e) => e.uid);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it("stops answering when replaced or revoked, like any unknown address", async () => {
    const first = await createFeed(person.cookie);
    const second = await createFeed(person.cookie);
    expect(second).not.toBe(first);
    const old = await readFeed(first);
    expect(old.statusCode).toBe(404);
    expect((await readFeed(second)).statusCode).toBe(200);

    const revoked = await t.request({
      method: "DELETE",
      url: "/api/calendar-feed",
      cookie: person.cookie,
    });
    expect(revoked.statusCode).toBe(204);
    const gone = await readFeed(second);
    expect(gone.statusCode).toBe(404);
    // The same answer as for an address that never existed.
    const unknown = await t.app.inject({
      method: "GET",
      url: `/api/calendar-feed/${"A".repeat(43)}.ics`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(gone.json());
    // Something that is not a feed address at all is bad input, as a bad id is.
    const nonsense = await t.app.inject({ method: "GET", url: "/api/calendar-feed/nonsense.ics" });
    expect(nonsense.statusCode).toBe(400);
    const status = await t.request({
      method: "GET",
      url: "/api/calendar-feed",
      cookie: person.cookie,
    });
    expect(status.json()).toEqual({ active: false, createdAt: null });
    // Revoking again changes nothing and is not an error.
    const again = await t.request({
      method: "DELETE",
      url: "/api/calendar-feed",
      cookie: person.cookie,
    });
    expect(again.statusCode).toBe(204);
  });

  it("follows the person: an administrator's role opens everything, deactivation closes it", async () => {
    const someone = await t.signedInUser();
    const url = await createFeed(someone.cookie);
    expect(eventsOf((await readFeed(url)).body)).toEqual([]);
    await t.app.db.update(users).set({ role: "admin" }).where(eq(users.id, someone.user.id));
    expect(eventsOf((await readFeed(url)).body).length).toBeGreaterThan(0);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, someone.user.id));
    expect((await readFeed(url)).statusCode).toBe(404);
  });

  it("is recorded in the activity log when made and revoked", async () => {
    const someone = await t.signedInUser();
    await createFeed(someone.cookie);
    await t.request({ method: "DELETE", url: "/api/calendar-feed", cookie: someone.cookie });
    const rows = await t.app.db
      .select({ action: activityLog.action, area: activityLog.area, itemId: activityLog.itemId })
      .from(activityLog)
      .where(and(eq(activityLog.userId, someone.user.id), eq(activityLog.area, "calendar_feeds")));
    expect(rows).toEqual([
      { action: "token_create", area: "calendar_feeds", itemId: someone.user.id },
      { action: "token_revoke", area: "calendar_feeds", itemId: someone.user.id },
    ]);
  });

  it("needs a signed-in person to be made, read or revoked from Settings", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await t.request({ method, url: "/api/calendar-feed" });
      expect(response.statusCode, method).toBe(401);
    }
  });
});

describe("a malformed Host header (no PUBLIC_URL)", () => {
  it("gets a 400 with a code when the address is made or the feed read, never a 500", async () => {
    const url = await createFeed(person.cookie);
    const path = new URL(url).pathname;
    for (const host of ["bad host", "exa[mple.com", "example.com/evil", "user@example.com"]) {
      const made = await t.request({
        method: "POST",
        url: "/api/calendar-feed",
        cookie: person.cookie,
        headers: { host },
        payload: {},
      });
      expect(made.statusCode, `${host}: ${made.body}`).toBe(400);
      expect(made.json().code).toBe("INVALID_HOST");
      const read = await t.app.inject({ method: "GET", url: path, headers: { host } });
      expect(read.statusCode, `${host}: ${read.body}`).toBe(400);
    }
    // The feed made before is untouched by the refused attempts.
    expect((await readFeed(url)).statusCode).toBe(200);
  });
});

describe("a calendar client polling the feed", () => {
  it("gets a 304 while nothing changed, and the new feed with a new ETag once something did", async () => {
    const url = await createFeed(admin.cookie);
    const { pathname } = new URL(url);
    const first = await readFeed(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    const unchanged = await t.app.inject({
      method: "GET",
      url: pathname,
      headers: { "if-none-match": etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers["cache-control"]).toBe("private, no-cache");
    // A reader without the ETag gets the same events.
    const again = await readFeed(url);
    expect(again.headers.etag).toBe(etag);
    expect(eventsOf(again.body)).toEqual(eventsOf(first.body));

    const [added] = await t.app.db
      .insert(licenses)
      .values({
        name: "Added while polling",
        licenseKeyCiphertext: "x",
        licenseKeyMasked: "x",
        expiryDate: inDays(50),
      })
      .returning();
    const changed = await t.app.inject({
      method: "GET",
      url: pathname,
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(eventsOf(changed.body).map((e) => e.summary)).toContain(
      "License expires: Added while polling",
    );
    // A changed date is a change too, even with the same number of rows.
    await t.app.db
      .update(licenses)
      .set({ expiryDate: inDays(51) })
      .where(eq(licenses.id, added!.id));
    const moved = await t.app.inject({
      method: "GET",
      url: pathname,
      headers: { "if-none-match": changed.headers.etag as string },
    });
    expect(moved.statusCode).toBe(200);
    await t.app.db.delete(licenses).where(eq(licenses.id, added!.id));
  });

  it("answers a person's feed with its own ETag, never an administrator's body", async () => {
    const adminFeed = await readFeed(await createFeed(admin.cookie));
    const personUrl = await createFeed(person.cookie);
    const personFeed = await t.app.inject({
      method: "GET",
      url: new URL(personUrl).pathname,
      headers: { "if-none-match": adminFeed.headers.etag as string },
    });
    expect(personFeed.statusCode).toBe(200);
    expect(personFeed.body).not.toContain("Amount");
  });

  it("is compressed for a client that accepts it", async () => {
    const url = await createFeed(admin.cookie);
    const response = await t.app.inject({
      method: "GET",
      url: new URL(url).pathname,
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(eventsOf(gunzipSync(response.rawPayload).toString()).length).toBeGreaterThan(0);
  });
});

describe("an administrator's feed", () => {
  it("holds every obligation in the window, and nothing beyond it", async () => {
    const url = await createFeed(admin.cookie);
    const events = eventsOf((await readFeed(url)).body);
    const summaries = events.map((e) => e.summary);
    expect(events.find((e) => e.summary === "License expires: Figma, Pro")!.description).toContain(
      "Amount: 1234.50 EUR",
    );
    expect(summaries).toEqual(
      expect.arrayContaining([
        "License expires: Figma, Pro",
        "License expires: Someone else's",
        "Warranty ends: Admin's laptop",
        "Office account renewal: office@example.com",
      ]),
    );
    expect(summaries).not.toContain("License expires: Far away");
  });
});
