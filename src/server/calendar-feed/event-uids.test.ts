// The feed's event UIDs name the installation, not its address: a server moved to another
// PUBLIC_URL (or reached by another host) gives every event the UID it had, so subscribers'
// calendars update their events instead of adding a copy of each; another installation's differ.
import { randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildTestApp, type TestApp, testAppOn } from "../../../tests/support/test-app";
import { openTestDatabase } from "../../../tests/support/test-database";
import { addDays, todayIso } from "../../domain/dates";
import type { Db } from "../db/client";
import { licenses } from "../db/schema";
import { createSecrets } from "../lib/secrets";

const expiry = addDays(todayIso(), 40);

async function addLicense(db: Db) {
  await db.insert(licenses).values({
    name: "Figma, Pro",
    licenseKeyCiphertext: "x",
    licenseKeyMasked: "x",
    expiryDate: expiry,
  });
}

/** The path of a new feed of the administrator's. */
async function createFeed(t: TestApp, cookie: string) {
  const response = await t.request({
    method: "POST",
    url: "/api/calendar-feed",
    cookie,
    payload: {},
  });
  expect(response.statusCode).toBe(201);
  return new URL((response.json() as { url: string }).url).pathname;
}

async function eventsOf(t: TestApp, path: string) {
  const response = await t.app.inject({ method: "GET", url: path });
  expect(response.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  return calendar.getAllSubcomponents("vevent").map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue("uid")),
    url: String(vevent.getFirstPropertyValue("url")),
  }));
}

describe("the calendar feed's event UIDs", () => {
  it("stay the same when PUBLIC_URL changes, and differ from another installation's", async () => {
    const database = await openTestDatabase();
    const secrets = createSecrets(randomBytes(32));
    let server = await testAppOn(database, secrets, { PUBLIC_URL: "https://assets.example.com" });
    const elsewhere = await buildTestApp();
    try {
      const admin = await server.signedInUser({ role: "admin" });
      await addLicense(database.db);
      const feed = await createFeed(server, admin.cookie);
      const before = await eventsOf(server, feed);
      expect(before.map((e) => e.url)).toEqual([
        expect.stringMatching(/^https:\/\/assets\.example\.com\//),
        expect.stringMatching(/^https:\/\/assets\.example\.com\//),
      ]);

      // The same database, restarted under another address.
      await server.app.close();
      server = await testAppOn(database, secrets, { PUBLIC_URL: "https://qm.example.org" });
      const after = await eventsOf(server, feed);
      // The links follow the new address; the UIDs do not.
      expect(after.map((e) => e.url)).toEqual([
        expect.stringMatching(/^https:\/\/qm\.example\.org\//),
        expect.stringMatching(/^https:\/\/qm\.example\.org\//),
      ]);
      expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
      for (const { uid } of after) expect(uid).not.toMatch(/example|localhost/);

      // Another installation with the same item: the same key, at another installation's id.
      const otherAdmin = await elsewhere.signedInUser({ role: "admin" });
      await addLicense(elsewhere.app.db);
      const theirs = await eventsOf(elsewhere, await createFeed(elsewhere, otherAdmin.cookie));
      const installationOf = (uid: string) => uid.slice(uid.lastIndexOf("@") + 1);
      expect(new Set(after.map((e) => installationOf(e.uid))).size).toBe(1);
      expect(theirs.map((e) => installationOf(e.uid))).not.toContain(installationOf(after[0]!.uid));
    } finally {
      await server.close();
      await elsewhere.close();
    }
  });
});
