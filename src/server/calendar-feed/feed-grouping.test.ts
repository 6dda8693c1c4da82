// The feed as a calendar (decision 0043): a day's obligations of one kind are one event above
// GROUP_ABOVE, named in its description, with a UID stable for that day and kind; every
// obligation of the list is reachable from exactly one event (a license group's by its link to
// that day's list when it names only the first FEED_GROUP_NAMES, decision 0053); `?kinds=` chooses kinds (bad ones a
// 400 with a code); a feed of thousands of events is streamed. Parsed with ical.js.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, todayIso } from "../../domain/dates";
import { type ObligationKind, obligationGroupTitle } from "../../domain/obligations";
import { FEED_GROUP_NAMES } from "../../domain/schemas/calendar-feed";
import { hardware, licenses, trustReviews } from "../db/schema";
import { listObligations } from "../obligations/read-service";
import { GROUP_ABOVE } from "./feed-entries";
import { obligationsCalendarChunks } from "./ical";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let feedPath: string;
const today = todayIso();
const inDays = (days: number) => addDays(today, days);
/** A day with exactly GROUP_ABOVE expiries (one event each) and one with one more (grouped). */
const AT_LIMIT = inDays(50);
const ABOVE_LIMIT = inDays(60);
/** A day with more expiries than a group names: 4 of them are told by the link alone. */
const MANY = inDays(90);
const MANY_COUNT = FEED_GROUP_NAMES + 4;

function license(name: string, expiryDate: string) {
  return { name, licenseKeyCiphertext: "x", licenseKeyMasked: "x", expiryDate };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  const { db } = t.app;
  const [first] = await db
    .insert(licenses)
    .values([
      ...Array.from({ length: GROUP_ABOVE }, (_, i) => license(`At limit ${i}`, AT_LIMIT)),
      // A name with a comma, a line break and a semicolon stays one name in the group.
      ...Array.from({ length: GROUP_ABOVE }, (_, i) => license(`Above, limit ${i}`, ABOVE_LIMIT)),
      license("Odd; name\nwith a break", ABOVE_LIMIT),
      ...Array.from({ length: MANY_COUNT }, (_, i) =>
        license(`Many ${String(i).padStart(2, "0")}`, MANY),
      ),
    ])
    .returning();
  await db.insert(hardware).values(
    Array.from({ length: FEED_GROUP_NAMES + 2 }, (_, i) => ({
      name: `Laptop ${i}`,
      type: "laptop" as const,
      identifier: `SN-GROUP-${i}`,
      warrantyExpiry: ABOVE_LIMIT,
    })),
  );
  await db.insert(trustReviews).values({
    licenseId: first!.id,
    clientName: "Client A",
    assignedDate: today,
    clientPaymentAmount: 10,
    nextPaymentDate: inDays(5),
    paymentStatus: "paying",
  });
  const created = await t.request({
    method: "POST",
    url: "/api/calendar-feed",
    cookie: admin.cookie,
    payload: {},
  });
  expect(created.statusCode).toBe(201);
  feedPath = new URL((created.json() as { url: string }).url).pathname;
});
afterAll(() => t.close());

function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      url: String(vevent.getFirstPropertyValue("url")),
    };
  });
}

async function feed(query = "") {
  const response = await t.app.inject({ method: "GET", url: `${feedPath}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return eventsOf(response.body);
}

const keyOf = (uid: string) => uid.slice(0, uid.lastIndexOf("@"));

describe("a day's obligations of one kind", () => {
  it("are events of their own up to GROUP_ABOVE, and one event above it", async () => {
    const events = await feed();
    const expiries = (date: string) =>
      events.filter((e) => e.start === date && keyOf(e.uid).includes("license_expiry"));
    expect(
      expiries(AT_LIMIT)
        .map((e) => e.summary)
        .sort(),
    ).toEqual(Array.from({ length: GROUP_ABOVE }, (_, i) => `License expires: At limit ${i}`));
    const [group, ...more] = expiries(ABOVE_LIMIT);
    expect(more).toEqual([]);
    expect(group).toMatchObject({
      uid: expect.stringMatching(new RegExp(`^group:license_expiry:${ABOVE_LIMIT}@[0-9a-f-]{36}$`)),
      summary: obligationGroupTitle("license_expiry", GROUP_ABOVE + 1),
      start: ABOVE_LIMIT,
      end: addDays(ABOVE_LIMIT, 1),
      url: `http://localhost/licenses?expiryFrom=${ABOVE_LIMIT}&expiryTo=${ABOVE_LIMIT}`,
    });
    expect(group!.summary).toBe(`${GROUP_ABOVE + 1} licenses expire`);
    // Every name, one a line (a name's own line break included), then that day's list.
    expect(group!.description).toBe(
      [
        ...Array.from({ length: GROUP_ABOVE }, (_, i) => `Above, limit ${i}`),
        "Odd; name\nwith a break",
        group!.url,
      ].join("\n"),
    );
    // Their renewals 30 days before are grouped the same way, apart from the expiries.
    const renewals = events.filter((e) => e.start === addDays(ABOVE_LIMIT, -30));
    // Their link is the list of the licenses expiring that day (30 days on).
    expect(renewals.map((e) => [keyOf(e.uid), e.summary, e.url])).toEqual([
      [
        `group:license_renewal:${addDays(ABOVE_LIMIT, -30)}`,
        `${GROUP_ABOVE + 1} license renewals due`,
        `http://localhost/licenses?expiryFrom=${ABOVE_LIMIT}&expiryTo=${ABOVE_LIMIT}`,
      ],
    ]);
    // Hardware cannot be listed by one day: its group names every item, whatever their number.
    const warranties = events.filter((e) => keyOf(e.uid).includes("hardware_warranty"));
    expect(warranties.map((e) => e.summary)).toEqual([`${FEED_GROUP_NAMES + 2} warranties end`]);
    expect(warranties[0]!.description!.split("\n")).toEqual([
      ...Array.from({ length: FEED_GROUP_NAMES + 2 }, (_, i) => `Laptop ${i}`).sort(
        new Intl.Collator().compare,
      ),
      "http://localhost/hardware",
    ]);
  });

  it("name the first FEED_GROUP_NAMES when the link shows exactly that day's, then how many more", async () => {
    const [group, ...more] = (await feed()).filter(
      (e) => e.start === MANY && keyOf(e.uid).includes("license_expiry"),
    );
    expect(more).toEqual([]);
    const url = `http://localhost/licenses?expiryFrom=${MANY}&expiryTo=${MANY}`;
    expect(group).toMatchObject({ summary: `${MANY_COUNT} licenses expire`, url });
    expect(group!.description).toBe(
      [
        ...Array.from({ length: FEED_GROUP_NAMES }, (_, i) => `Many ${String(i).padStart(2, "0")}`),
        `…and ${MANY_COUNT - FEED_GROUP_NAMES} more:`,
        url,
      ].join("\n"),
    );
    // The link's list (its API call with the same filter) is exactly that day's licenses.
    const listed = await t.request({
      method: "GET",
      url: `/api/licenses${new URL(url).search}&limit=100`,
      cookie: admin.cookie,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { name: string }[]).map((l) => l.name).sort()).toEqual(
      Array.from({ length: MANY_COUNT }, (_, i) => `Many ${String(i).padStart(2, "0")}`),
    );
  });

  it("make every obligation of the list reachable from exactly one event", async () => {
    const events = await feed();
    const obligations = await listObligations(
      t.app.db,
      { from: inDays(-30), to: inDays(365) },
      "all",
    );
    expect(obligations.length).toBeGreaterThan(GROUP_ABOVE * 4);
    const byKey = new Map(events.map((e) => [keyOf(e.uid), e]));
    for (const obligation of obligations) {
      const own = byKey.get(obligation.key);
      const group = byKey.get(`group:${obligation.kind}:${obligation.date}`);
      // One or the other, never both.
      expect(Boolean(own) !== Boolean(group), obligation.key).toBe(true);
      if (own) expect(own.summary).toBe(obligation.title);
      else {
        const name = obligation.title.slice(obligation.title.indexOf(": ") + 2);
        const lines = group!.description!.split("\n");
        // Named, or told by "…and N more:" and the link to that day's list (tested above).
        if (!lines.includes(name.split("\n")[0]!)) {
          expect(
            lines.some((line) => /^…and \d+ more:$/.test(line)),
            obligation.key,
          ).toBe(true);
          expect(group!.url).toContain(`expiryTo=`);
        }
        expect(group!.start).toBe(obligation.date);
      }
    }
    // And nothing else: the singles and the groups' names add up to the list.
    const told = events.reduce(
      (sum, e) => sum + (keyOf(e.uid).startsWith("group:") ? Number.parseInt(e.summary!, 10) : 1),
      0,
    );
    expect(told).toBe(obligations.length);
  });

  it("keep their UID for the day and kind when another item joins them", async () => {
    const before = (await feed()).find((e) => e.summary?.endsWith("warranties end"))!;
    const [added] = await t.app.db
      .insert(hardware)
      .values({
        name: "Laptop late",
        type: "laptop",
        identifier: "SN-LATE",
        warrantyExpiry: ABOVE_LIMIT,
      })
      .returning();
    try {
      const after = (await feed()).find((e) => e.summary?.endsWith("warranties end"))!;
      expect(after.uid).toBe(before.uid);
      expect(after.summary).toBe(`${FEED_GROUP_NAMES + 3} warranties end`);
      expect(after.description).toContain("Laptop late");
    } finally {
      const { eq } = await import("drizzle-orm");
      await t.app.db.delete(hardware).where(eq(hardware.id, added!.id));
    }
  });
});

describe("the feed address's kinds", () => {
  const kindsOf = (events: { uid: string }[]) =>
    [
      ...new Set(
        events.map(
          (e) =>
            keyOf(e.uid)
              .replace(/^group:/, "")
              .split(":")[0],
        ),
      ),
    ].sort();

  it("hold only the kinds asked for, either way of asking", async () => {
    expect(kindsOf(await feed())).toEqual([
      "hardware_warranty",
      "license_expiry",
      "license_renewal",
      "trust_review_payment",
    ]);
    expect(kindsOf(await feed("?kinds=license_expiry"))).toEqual(["license_expiry"]);
    const two = await feed("?kinds=hardware_warranty,trust_review_payment");
    expect(kindsOf(two)).toEqual(["hardware_warranty", "trust_review_payment"]);
    expect(kindsOf(await feed("?kinds=license_renewal&kinds=license_renewal"))).toEqual([
      "license_renewal",
    ]);
    // A kind with nothing in the window: an empty calendar, still a calendar.
    expect(await feed("?kinds=directory_payment")).toEqual([]);
  });

  it("give each choice its own ETag", async () => {
    const etag = async (query: string) =>
      (await t.app.inject({ method: "GET", url: `${feedPath}${query}` })).headers.etag;
    const all = await etag("");
    const some = await etag("?kinds=license_expiry");
    expect(some).not.toBe(all);
    expect(await etag("?kinds=license_expiry")).toBe(some);
  });

  it.each([
    ["?kinds=license_expiry,nonsense"],
    ["?kinds="],
    ["?kinds=LICENSE_EXPIRY"],
    ["?kinds=license_expiry&other=1"],
  ])("answer %s with a 400 and a code, never a 500", async (query) => {
    const response = await t.app.inject({ method: "GET", url: `${feedPath}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String) });
  });
});

describe("a large feed", () => {
  it("is written in pieces, a thousand events at a time, and reads back whole", async () => {
    const entries = Array.from({ length: 2_001 }, (_, i) => ({
      key: `license_expiry:${i + 1}:2027-01-01`,
      kind: "license_expiry" as ObligationKind,
      date: addDays("2027-01-01", i % 300),
      title: `License expires: Product ${i}`,
      amount: null,
      currency: null,
      path: `/licenses?search=Product+${i}`,
    }));
    const pieces: string[] = [];
    for await (const piece of obligationsCalendarChunks(entries, {
      baseUrl: "https://qm.example.com",
      installationId: "0b5c9a3e-6f1d-4c2a-9e8b-7d4f2a1c3e5b",
      stamp: new Date("2026-11-24T10:11:12Z"),
    })) {
      pieces.push(piece);
    }
    // The calendar's head, three pieces of events and its end.
    expect(pieces.length).toBe(5);
    expect(eventsOf(pieces.join("")).map((e) => keyOf(e.uid))).toEqual(entries.map((e) => e.key));
  });

  it("is sent as it is written (chunked, no length known before)", async () => {
    // Kinds no other test asked for together: a body not kept yet.
    const fresh = `${feedPath}?kinds=license_renewal,hardware_warranty`;
    const response = await t.app.inject({ method: "GET", url: fresh });
    expect(response.statusCode).toBe(200);
    expect(response.headers["transfer-encoding"]).toBe("chunked");
    expect(response.headers["content-length"]).toBeUndefined();
  });
});
