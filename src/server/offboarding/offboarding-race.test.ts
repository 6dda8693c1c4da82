// Offboarding a person while, at the same moment, everything that gives a person something is
// aimed at them: license seats, hardware, office accounts, G Suite accounts (created for them,
// handed to them, quick-assigned) and the approval of a request they made. 100 requests a round,
// over two instances on one PostgreSQL (or one PGlite process). Whatever the order the database
// lets them through, an offboarded person ends holding nothing: a gift either commits before the
// offboarding reads what the person holds (and the offboarding, not having decided on it, is
// refused with HOLDINGS_CHANGED) or waits for it and is refused with USER_INACTIVE.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountViaApi } from "../../../tests/support/accounts";
import { createUser } from "../../../tests/support/factories";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { type TwoInstances, twoInstancesOnOnePostgres } from "../../../tests/support/two-instances";
import {
  accountAssignments,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  licenseAssignments,
  users,
} from "../db/schema";

/** PGlite lives in one process: there the "two instances" are one app. */
function oneInstanceTwice(): TwoInstances {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());
  return {
    get a() {
      return app!;
    },
    get b() {
      return app!;
    },
  };
}

const LICENSES = 24;
const HARDWARE = 30;
const OFFICE = 15;
const GSUITE_CREATED = 10;
const GSUITE_HANDED = 10;
const GSUITE_QUICK = 9;
// With the one approval and the offboarding itself: 100 requests a round.

type Answer = { statusCode: number; body: string; json(): unknown };
const codeOf = (answer: Answer) => (answer.json() as { code?: string }).code;

describe(`offboarding while things are given to the person (${
  usingPostgres() ? "two instances on PostgreSQL" : "PGlite"
})`, () => {
  const instances = usingPostgres() ? twoInstancesOnOnePostgres() : oneInstanceTwice();
  let cookie: string;
  let licenseIds: number[];
  let officeIds: number[];
  let planId: number;
  const domain = `race-${process.pid}.test`;
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${++serial}-${randomBytes(3).toString("hex")}`;

  beforeAll(async () => {
    const { a } = instances;
    cookie = (await a.signedInUser({ role: "admin" })).cookie;
    // Shared by the rounds: each round's person takes one seat of each, one assignment of each.
    licenseIds = [];
    for (let i = 0; i < LICENSES; i++) {
      licenseIds.push((await createLicenseViaApi(a, cookie, { totalSeats: 50 })).id);
    }
    officeIds = [];
    for (let i = 0; i < OFFICE; i++) {
      officeIds.push((await createAccountViaApi(a, cookie)).id);
    }
    const organization = await a.request({
      method: "POST",
      url: "/api/gsuite-organizations",
      payload: { name: "Race", domain },
      cookie,
    });
    expect(organization.statusCode, organization.body).toBe(201);
    const plan = await a.request({
      method: "POST",
      url: "/api/gsuite-plans",
      payload: { name: unique("Plan"), basePrice: 6 },
      cookie,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    planId = (plan.json() as { id: number }).id;
  });

  /** What one round aims at a fresh person, with what each request answers when it gives. */
  async function prepareRound() {
    const { a } = instances;
    const db = a.app.db;
    const person = await createUser(db, { username: unique("leaving") });
    const items = await db
      .insert(hardware)
      .values(
        Array.from({ length: HARDWARE + 1 }, () => ({
          name: unique("Laptop"),
          type: "laptop" as const,
          identifier: unique("SN"),
        })),
      )
      .returning({ id: hardware.id });
    const requested = items.pop()!;
    const [request] = await db
      .insert(hardwareRequests)
      .values({
        requestedByUserId: person.id,
        type: "existing",
        hardwareId: requested.id,
        reason: "Mine broke",
      })
      .returning({ id: hardwareRequests.id });
    const unassigned = await db
      .insert(gsuiteAccounts)
      .values(
        Array.from({ length: GSUITE_HANDED }, () => ({
          email: `${unique("spare")}@${domain}`,
          planType: "Business",
        })),
      )
      .returning({ id: gsuiteAccounts.id });

    type Gift = { label: string; send: (t: TestApp) => Promise<Answer>; gives: number };
    const gifts: Gift[] = [
      ...licenseIds.map((licenseId) => ({
        label: `seat of license ${licenseId}`,
        gives: 201,
        send: (t: TestApp) =>
          t.request({
            method: "POST",
            url: "/api/assignments",
            payload: { licenseId, userId: person.id },
            cookie,
          }),
      })),
      ...items.map((item) => ({
        label: `hardware ${item.id}`,
        gives: 200,
        send: (t: TestApp) =>
          t.request({
            method: "PATCH",
            url: `/api/hardware/${item.id}`,
            payload: { assignedToUserId: person.id },
            cookie,
          }),
      })),
      ...officeIds.map((accountId) => ({
        label: `office account ${accountId}`,
        gives: 201,
        send: (t: TestApp) =>
          t.request({
            method: "POST",
            url: "/api/account-assignments",
            payload: {
              accountId,
              userId: person.id,
              assignedTo: "Leaving Person",
              deviceName: "Laptop",
              assignedDate: "2026-01-15",
            },
            cookie,
          }),
      })),
      ...Array.from({ length: GSUITE_CREATED }, () => {
        const email = `${unique("new")}@${domain}`;
        return {
          label: `G Suite account ${email} created for them`,
          gives: 201,
          send: (t: TestApp) =>
            t.request({
              method: "POST",
              url: "/api/gsuite-accounts",
              payload: { email, planId, assignedToUserId: person.id },
              cookie,
            }),
        };
      }),
      ...unassigned.map((account) => ({
        label: `G Suite account ${account.id} handed to them`,
        gives: 200,
        send: (t: TestApp) =>
          t.request({
            method: "PATCH",
            url: `/api/gsuite-accounts/${account.id}`,
            payload: { assignedToUserId: person.id },
            cookie,
          }),
      })),
      ...Array.from({ length: GSUITE_QUICK }, () => ({
        label: "G Suite quick assignment",
        gives: 200,
        send: (t: TestApp) =>
          t.request({
            method: "POST",
            url: "/api/gsuite-accounts/assign",
            payload: { planId, userIds: [person.id] },
            cookie,
          }),
      })),
      {
        label: `approval of request ${request!.id}`,
        gives: 200,
        send: (t: TestApp) =>
          t.request({
            method: "PATCH",
            url: `/api/hardware-requests/${request!.id}/approve`,
            payload: {},
            cookie,
          }),
      },
    ];
    expect(gifts).toHaveLength(99);
    // What the dialog would show when opened: the open request, closed on release.
    const offboard = (t: TestApp) =>
      t.request({
        method: "POST",
        url: `/api/users/${person.id}/offboard`,
        payload: { decisions: [{ kind: "hardware_request", id: request!.id, action: "release" }] },
        cookie,
      });
    return { person, gifts, offboard };
  }

  /** Everything the person holds that an offboarding would have to decide on. */
  async function holdingsOf(userId: number) {
    const db = instances.a.app.db;
    return [
      ...(
        await db
          .select({ id: licenseAssignments.id })
          .from(licenseAssignments)
          .where(and(eq(licenseAssignments.userId, userId), eq(licenseAssignments.isActive, true)))
      ).map((row) => `seat ${row.id}`),
      ...(
        await db
          .select({ id: hardware.id })
          .from(hardware)
          .where(eq(hardware.assignedToUserId, userId))
      ).map((row) => `hardware ${row.id}`),
      ...(
        await db
          .select({ id: accountAssignments.id })
          .from(accountAssignments)
          .where(and(eq(accountAssignments.userId, userId), eq(accountAssignments.isActive, true)))
      ).map((row) => `office assignment ${row.id}`),
      ...(
        await db
          .select({ id: gsuiteAccounts.id })
          .from(gsuiteAccounts)
          .where(eq(gsuiteAccounts.assignedToUserId, userId))
      ).map((row) => `G Suite account ${row.id}`),
      ...(
        await db
          .select({ id: hardwareRequests.id })
          .from(hardwareRequests)
          .where(
            and(
              eq(hardwareRequests.requestedByUserId, userId),
              eq(hardwareRequests.status, "pending"),
            ),
          )
      ).map((row) => `pending request ${row.id}`),
    ];
  }

  /** A gift's answer: given, or refused with a 409 that says why; never a 5xx. */
  function expectGiftAnswer(label: string, gives: number, answer: Answer) {
    const context = `${label}: ${answer.statusCode} ${answer.body}`;
    if (answer.statusCode === gives) return "given";
    expect(answer.statusCode, context).toBe(409);
    // The approval of a request the offboarding closed finds it no longer pending.
    expect(["USER_INACTIVE", "REQUEST_NOT_PENDING"], context).toContain(codeOf(answer));
    return "refused";
  }

  /** A quick assignment answers 200 either way; each person's outcome says what happened. */
  function quickOutcome(answer: Answer) {
    const [result] = (answer.json() as { results: { outcome: string; reason: string | null }[] })
      .results;
    if (result!.outcome === "failed") {
      expect(result!.reason, answer.body).toBe("User is inactive");
      return "refused";
    }
    return "given";
  }

  // The offboarding sent before the gifts, with them, or just after: each round a different
  // meeting point of the two, each with 100 requests in flight.
  const rounds = [
    { offboardAfter: 0, giftsAfter: 1 },
    { offboardAfter: 0, giftsAfter: 3 },
    { offboardAfter: 0, giftsAfter: 0 },
    { offboardAfter: 2, giftsAfter: 0 },
    { offboardAfter: 0, giftsAfter: 6 },
    { offboardAfter: 0, giftsAfter: 10 },
  ];
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("leaves an offboarded person holding nothing, and answers every request without a 5xx", async () => {
    const { a, b } = instances;
    const tally = { offboarded: 0, refusedForInactive: 0, holdingsChanged: 0 };
    for (const round of rounds) {
      const { person, gifts, offboard } = await prepareRound();
      const offboarding = pause(round.offboardAfter).then(() => offboard(a));
      const given = pause(round.giftsAfter).then(() =>
        Promise.all(gifts.map((gift, index) => gift.send(index % 2 === 0 ? b : a))),
      );
      const [offboarded, answers] = await Promise.all([offboarding, given]);

      const outcomes = gifts.map((gift, index) => {
        const answer = answers[index]!;
        expect(answer.statusCode, `${gift.label}: ${answer.body}`).toBeLessThan(500);
        return gift.label === "G Suite quick assignment" && answer.statusCode === 200
          ? quickOutcome(answer)
          : expectGiftAnswer(gift.label, gift.gives, answer);
      });
      const [row] = await a.app.db.select().from(users).where(eq(users.id, person.id));
      const held = await holdingsOf(person.id);

      if (offboarded.statusCode === 200) {
        tally.offboarded += 1;
        tally.refusedForInactive += outcomes.filter((outcome) => outcome === "refused").length;
        expect(row!.isActive).toBe(false);
        // The invariant: an inactive person holds nothing the offboarding did not decide on.
        expect(held, `round ${JSON.stringify(round)}`).toEqual([]);
        expect(outcomes.filter((outcome) => outcome === "given")).toEqual([]);
      } else {
        expect(offboarded.statusCode, offboarded.body).toBe(409);
        expect(codeOf(offboarded)).toBe("HOLDINGS_CHANGED");
        tally.holdingsChanged += 1;
        expect(row!.isActive).toBe(true);
      }
    }
    // Not vacuous: at least one offboarding went through with gifts arriving during it.
    expect(tally.offboarded, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally.refusedForInactive, JSON.stringify(tally)).toBeGreaterThan(0);
  }, 120_000);
});
