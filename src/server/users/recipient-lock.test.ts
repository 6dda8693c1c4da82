// Gifts and deactivation exclude each other through the person's row (recipient-lock.ts). Each
// gift is sent while a deactivation of its person holds the row, and must wait for it and then be
// refused (PostgreSQL only: PGlite has one connection, nothing runs concurrently there). An edit
// that leaves an account with someone who has left gives nothing and is not refused; and a gift
// to the person leaving, sent while an offboarding hands that same account and license on, ends
// without a deadlock (each locks the person before the item).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import {
  accountAssignments,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  licenseAssignments,
  users,
} from "../db/schema";
import { lockPersonLeaving } from "./recipient-lock";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let planId: number;
const domain = `gift-${process.pid}.test`;
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${process.pid}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  const organization = await t.request({
    method: "POST",
    url: "/api/gsuite-organizations",
    payload: { name: "Gifts", domain },
    cookie: admin.cookie,
  });
  expect(organization.statusCode, organization.body).toBe(201);
  const plan = await t.request({
    method: "POST",
    url: "/api/gsuite-plans",
    payload: { name: unique("Plan"), basePrice: 6 },
    cookie: admin.cookie,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  planId = (plan.json() as { id: number }).id;
});
afterAll(() => t.close());

type Answer = { statusCode: number; body: string; json(): unknown };
const codeOf = (answer: Answer) => (answer.json() as { code?: string }).code;
const send = (method: "POST" | "PATCH", url: string, payload: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });

const spareWorkspaceAccount = async (assignedToUserId: number | null = null) =>
  (
    await t.app.db
      .insert(gsuiteAccounts)
      .values({ email: `${unique("spare")}@${domain}`, planType: "Business", assignedToUserId })
      .returning()
  )[0]!;

/** Everything a person holds, as rows counted by kind. */
async function holdingsOf(userId: number) {
  const db = t.app.db;
  const active = <T>(rows: T[]) => rows.length;
  return {
    seats: active(
      await db
        .select()
        .from(licenseAssignments)
        .where(and(eq(licenseAssignments.userId, userId), eq(licenseAssignments.isActive, true))),
    ),
    hardware: active(await db.select().from(hardware).where(eq(hardware.assignedToUserId, userId))),
    office: active(
      await db
        .select()
        .from(accountAssignments)
        .where(and(eq(accountAssignments.userId, userId), eq(accountAssignments.isActive, true))),
    ),
    workspace: active(
      await db.select().from(gsuiteAccounts).where(eq(gsuiteAccounts.assignedToUserId, userId)),
    ),
    requests: active(
      await db
        .select()
        .from(hardwareRequests)
        .where(eq(hardwareRequests.requestedByUserId, userId)),
    ),
  };
}
const nothing = { seats: 0, hardware: 0, office: 0, workspace: 0, requests: 0 };

/** Resolves once some other backend of this database waits on a row lock. */
async function someoneWaitsOnALock(settled: () => boolean) {
  for (let tries = 0; tries < 200; tries++) {
    if (settled()) return false;
    const { rows } = (await t.app.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: unknown[] };
    if (rows.length > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/**
 * Deactivates `userId` in a transaction holding their row as a deactivation does, and commits only
 * once `gift` has been sent and is waiting on a lock. Says whether the gift did wait.
 */
async function deactivateAround(userId: number, gift: () => Promise<Answer>) {
  let answer: Answer | undefined;
  let sent: Promise<unknown> | undefined;
  let waited = false;
  await t.app.db.transaction(async (tx) => {
    await lockPersonLeaving(tx, userId);
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    sent = gift().then((response) => (answer = response));
    waited = await someoneWaitsOnALock(() => answer !== undefined);
  });
  await sent;
  return { answer: answer!, waited };
}

describe.runIf(usingPostgres())("a gift sent while its person is being deactivated", () => {
  const gifts: [string, (userId: number) => Promise<() => Promise<Answer>>][] = [
    [
      "a license seat",
      async (userId) => {
        const license = await createLicenseViaApi(t, admin.cookie);
        return () => send("POST", "/api/assignments", { licenseId: license.id, userId });
      },
    ],
    [
      "an office account",
      async (userId) => {
        const account = await createAccountViaApi(t, admin.cookie);
        return () =>
          send("POST", "/api/account-assignments", {
            accountId: account.id,
            userId,
            assignedTo: "Leaving",
            deviceName: "Laptop",
            assignedDate: "2026-01-15",
          });
      },
    ],
    [
      "a new hardware item",
      async (userId) => () =>
        send("POST", "/api/hardware", {
          name: unique("Laptop"),
          type: "laptop",
          identifier: unique("SN"),
          assignedToUserId: userId,
        }),
    ],
    [
      "a G Suite account created for them",
      async (userId) => () =>
        send("POST", "/api/gsuite-accounts", {
          email: `${unique("new")}@${domain}`,
          planId,
          assignedToUserId: userId,
        }),
    ],
    [
      "a G Suite account handed to them",
      async (userId) => {
        const account = await spareWorkspaceAccount();
        return () =>
          send("PATCH", `/api/gsuite-accounts/${account.id}`, { assignedToUserId: userId });
      },
    ],
    [
      "a hardware request made for them",
      async (userId) => {
        const [item] = await t.app.db
          .insert(hardware)
          .values({ name: unique("Phone"), type: "phone", identifier: unique("SN") })
          .returning();
        return () =>
          send("POST", "/api/hardware-requests", {
            type: "existing",
            hardwareId: item!.id,
            requestedByUserId: userId,
            reason: "My old phone broke last week.",
          });
      },
    ],
  ];

  for (const [what, prepare] of gifts) {
    it(`${what}: waits for the person's row, then 409 USER_INACTIVE`, async () => {
      const person = await createUser(t.app.db);
      const gift = await prepare(person.id);
      const { answer, waited } = await deactivateAround(person.id, gift);
      expect(waited).toBe(true);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(codeOf(answer)).toBe("USER_INACTIVE");
      expect(await holdingsOf(person.id)).toEqual(nothing);
    });
  }

  it("a G Suite quick assignment: waits, then reports the person inactive", async () => {
    const person = await createUser(t.app.db);
    const { answer, waited } = await deactivateAround(person.id, () =>
      send("POST", "/api/gsuite-accounts/assign", { planId, userIds: [person.id] }),
    );
    expect(waited).toBe(true);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ outcome: "failed", reason: "User is inactive" }),
    ]);
    expect(await holdingsOf(person.id)).toEqual(nothing);
  });
});

describe("G Suite accounts and inactive people", () => {
  it("refuses to create an account for, or hand one to, an inactive person", async () => {
    const gone = await createUser(t.app.db, { isActive: false });
    const created = await send("POST", "/api/gsuite-accounts", {
      email: `${unique("new")}@${domain}`,
      planId,
      assignedToUserId: gone.id,
    });
    expect(created.statusCode, created.body).toBe(409);
    expect(codeOf(created)).toBe("USER_INACTIVE");
    const account = await spareWorkspaceAccount();
    const handed = await send("PATCH", `/api/gsuite-accounts/${account.id}`, {
      assignedToUserId: gone.id,
    });
    expect(handed.statusCode, handed.body).toBe(409);
    expect(codeOf(handed)).toBe("USER_INACTIVE");
    expect((handed.json() as { errors: { path: string }[] }).errors[0]?.path).toBe(
      "assignedToUserId",
    );
    expect(await holdingsOf(gone.id)).toEqual(nothing);
  });

  it("edits an account kept by someone who has left, the form sending its holder again", async () => {
    const gone = await createUser(t.app.db, { isActive: false });
    const account = await spareWorkspaceAccount(gone.id);
    const edited = await send("PATCH", `/api/gsuite-accounts/${account.id}`, {
      assignedToUserId: gone.id,
      notes: "Forwarding until June",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      assignedToUserId: gone.id,
      notes: "Forwarding until June",
    });
  });
});

describe("an offboarding handing items on while they are given to the person leaving", () => {
  it("ends every time without a deadlock: the gift or the offboarding is refused with a 409", async () => {
    for (let round = 0; round < 8; round++) {
      const person = await createUser(t.app.db);
      const heir = await createUser(t.app.db);
      const account = await createAccountViaApi(t, admin.cookie);
      const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 10 });
      const office = await assignAccountViaApi(t, admin.cookie, account.id, person.id);
      const held = await assignViaApi(t, admin.cookie, license.id, person.id);
      const answers = await Promise.all([
        send("POST", `/api/users/${person.id}/offboard`, {
          decisions: [
            { kind: "office_account", id: office.id, action: "reassign", toUserId: heir.id },
            { kind: "license_seat", id: held.id, action: "reassign", toUserId: heir.id },
          ],
        }),
        send("POST", "/api/account-assignments", {
          accountId: account.id,
          userId: person.id,
          assignedTo: "Leaving",
          deviceName: "Second laptop",
          assignedDate: "2026-01-15",
        }),
        // Refused whichever way (the person holds a seat of it already, or has left), without
        // waiting on the offboarding in a circle.
        send("POST", "/api/assignments", { licenseId: license.id, userId: person.id }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    }
  });
});
