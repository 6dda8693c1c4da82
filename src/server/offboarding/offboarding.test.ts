// Offboarding in one step: every holding decided item by item, in one transaction, then the
// person deactivated and signed out. Checked row by row, and refused as a whole.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { HoldingItem, HoldingKind, OffboardDecision } from "../../domain/schemas/offboarding";
import {
  accountAssignments,
  activityLog,
  apiTokens,
  calendarFeeds,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  licenseAssignments,
  licenses,
  offboardings,
  sessions,
  trustReviews,
  users,
} from "../db/schema";
import { REQUEST_CLOSED_REASON } from "./service";

let t: TestApp;
let admin: { user: { id: number; username: string }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

let serial = 0;
// Zero-padded, so that names sort (as the holdings list them) in the order they were made.
const unique = (prefix: string) => `${prefix}-${String(++serial).padStart(6, "0")}-${process.pid}`;

async function giveHardware(userId: number) {
  const [row] = await t.app.db
    .insert(hardware)
    .values({
      name: unique("Laptop"),
      type: "laptop",
      identifier: unique("SN-OFF"),
      status: "maintenance",
      assignedToUserId: userId,
    })
    .returning();
  return row!;
}

async function giveWorkspaceAccount(userId: number) {
  const [row] = await t.app.db
    .insert(gsuiteAccounts)
    .values({
      email: `${unique("ws")}@example.com`,
      planType: "Business",
      assignedToUserId: userId,
    })
    .returning();
  return row!;
}

async function approvedReview(licenseId: number, approverUsername: string) {
  const [row] = await t.app.db
    .insert(trustReviews)
    .values({
      licenseId,
      clientName: unique("Client"),
      assignedDate: "2026-03-01",
      approvalStatus: "approved",
      approvedBy: approverUsername,
    })
    .returning();
  return row!;
}

async function openRequest(userId: number) {
  const [row] = await t.app.db
    .insert(hardwareRequests)
    .values({ requestedByUserId: userId, type: "new", name: unique("Monitor"), reason: "Desk" })
    .returning();
  return row!;
}

/** One item of each kind for each of the three choices, for a fresh signed-in person. */
async function equippedPerson() {
  const person = await t.signedInUser({ fullName: "Leaving Person" });
  const id = person.user.id;
  const seats = [];
  for (let i = 0; i < 3; i++) {
    const license = await createLicenseViaApi(t, admin.cookie, { name: unique("License") });
    seats.push({ license, assignment: await assignViaApi(t, admin.cookie, license.id, id) });
  }
  const office = [];
  for (let i = 0; i < 3; i++) {
    const account = await createAccountViaApi(t, admin.cookie, {
      email: `${unique("office")}@example.com`,
    });
    office.push({
      account,
      assignment: await assignAccountViaApi(t, admin.cookie, account.id, id, {
        deviceName: `Device ${i}`,
      }),
    });
  }
  return {
    person,
    seats,
    office,
    items: [await giveHardware(id), await giveHardware(id), await giveHardware(id)],
    workspace: [
      await giveWorkspaceAccount(id),
      await giveWorkspaceAccount(id),
      await giveWorkspaceAccount(id),
    ],
    reviews: [
      await approvedReview(seats[0]!.license.id, person.user.username),
      await approvedReview(seats[0]!.license.id, person.user.username),
      await approvedReview(seats[0]!.license.id, person.user.username),
    ],
    requests: [await openRequest(id), await openRequest(id), await openRequest(id)],
  };
}

const getHoldings = async (id: number, cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/users/${id}/holdings`, cookie });

const offboard = (id: number, decisions: unknown, cookie = admin.cookie) =>
  t.request({
    method: "POST",
    url: `/api/users/${id}/offboard`,
    payload: { decisions },
    cookie,
  });

async function heldItems(id: number): Promise<HoldingItem[]> {
  const response = await getHoldings(id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

/** The held items' ids of one kind, in the order the holdings list them (creation order here). */
const idsOf = (items: HoldingItem[], kind: HoldingKind) =>
  items.filter((item) => item.kind === kind).map((item) => item.id);

/** Someone to hand items to: an administrator, as trust review approvals go only to one. */
const newHolder = (more: Parameters<typeof createUser>[1] = {}) =>
  createUser(t.app.db, { role: "admin", ...more });

/** release, reassign (to `to`), keep, for the three items of every kind. */
function releaseReassignKeep(items: HoldingItem[], to: number): OffboardDecision[] {
  const decisions: OffboardDecision[] = [];
  const kinds = [...new Set(items.map((item) => item.kind))];
  for (const kind of kinds) {
    const [release, reassign, keep] = items.filter((item) => item.kind === kind);
    decisions.push({ kind, id: release!.id, action: "release" });
    decisions.push({ kind, id: reassign!.id, action: "reassign", toUserId: to });
    decisions.push({ kind, id: keep!.id, action: "keep" });
  }
  return decisions;
}

/** Every row an offboarding can touch, to show that a refused one touched none. */
async function snapshot() {
  const db = t.app.db;
  const order = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);
  return {
    users: order(await db.select().from(users)),
    seats: order(await db.select().from(licenseAssignments)),
    hardware: order(await db.select().from(hardware)),
    office: order(await db.select().from(accountAssignments)),
    workspace: order(await db.select().from(gsuiteAccounts)),
    reviews: order(await db.select().from(trustReviews)),
    requests: order(await db.select().from(hardwareRequests)),
    offboardings: order(await db.select().from(offboardings)),
    activity: order(await db.select().from(activityLog)),
    sessions: (await db.select().from(sessions)).map((row) => row.id).sort(),
  };
}

const signedIn = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/auth/status", cookie })).json().authenticated;

describe("GET /api/users/:id/holdings", () => {
  it("lists each thing the person holds, named, with the counts", async () => {
    const { person, seats, office, items, workspace, reviews, requests } = await equippedPerson();
    const response = await getHoldings(person.user.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ hardware: 3, officeAccounts: 3, licenses: 3 });
    const held = body.items as HoldingItem[];
    expect(held).toHaveLength(18);
    expect(idsOf(held, "license_seat").sort()).toEqual(
      seats.map((seat) => seat.assignment.id).sort(),
    );
    expect(held).toContainEqual({
      kind: "license_seat",
      id: seats[0]!.assignment.id,
      label: seats[0]!.license.name,
      detail: "SEO Spider",
    });
    expect(held).toContainEqual({
      kind: "hardware",
      id: items[0]!.id,
      label: items[0]!.name,
      detail: items[0]!.identifier,
    });
    expect(held).toContainEqual({
      kind: "office_account",
      id: office[1]!.assignment.id,
      label: office[1]!.account.email,
      detail: "Microsoft 365 · Device 1",
    });
    expect(held).toContainEqual({
      kind: "gsuite_account",
      id: workspace[2]!.id,
      label: workspace[2]!.email,
      detail: "Business",
    });
    expect(held).toContainEqual({
      kind: "trust_review",
      id: reviews[0]!.id,
      label: reviews[0]!.clientName,
      detail: seats[0]!.license.name,
    });
    expect(held).toContainEqual({
      kind: "hardware_request",
      id: requests[0]!.id,
      label: requests[0]!.name,
      detail: "New hardware · Desk",
    });
  });

  it("leaves out what is no longer held: ended seats, decided requests, reviews not approved", async () => {
    const person = await createUser(t.app.db);
    const license = await createLicenseViaApi(t, admin.cookie);
    const seat = await assignViaApi(t, admin.cookie, license.id, person.id);
    await t.app.db
      .update(licenseAssignments)
      .set({ isActive: false })
      .where(eq(licenseAssignments.id, seat.id));
    const request = await openRequest(person.id);
    await t.app.db
      .update(hardwareRequests)
      .set({ status: "approved" })
      .where(eq(hardwareRequests.id, request.id));
    const review = await approvedReview(license.id, person.username);
    await t.app.db
      .update(trustReviews)
      .set({ approvalStatus: "rejected" })
      .where(eq(trustReviews.id, review.id));
    expect(await heldItems(person.id)).toEqual([]);
  });
});

describe("POST /api/users/:id/offboard", () => {
  it("releases, hands over or keeps each item, then deactivates the person and ends their sessions", async () => {
    const equipped = await equippedPerson();
    const { person } = equipped;
    const heir = await newHolder({ fullName: "Taking Over" });
    const held = await heldItems(person.user.id);
    expect(await signedIn(person.cookie)).toBe(true);
    await t.app.db.insert(apiTokens).values({
      userId: person.user.id,
      name: "Script",
      tokenHash: "hash-of-a-token-that-left",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.app.db
      .insert(calendarFeeds)
      .values({ userId: person.user.id, tokenHash: "hash-of-a-feed-that-left" });

    const response = await offboard(person.user.id, releaseReassignKeep(held, heir.id));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.userName).toBe(`Leaving Person (${person.user.username})`);
    expect(body.checklistUrl).toBe(`/api/users/${person.user.id}/offboard/checklist.pdf`);
    expect(body.outcomes).toHaveLength(18);
    expect(body.outcomes[1]).toMatchObject({
      action: "reassign",
      toUserId: heir.id,
      toUserName: `Taking Over (${heir.username})`,
    });

    const db = t.app.db;
    const [leaving] = await db.select().from(users).where(eq(users.id, person.user.id));
    expect(leaving!.isActive).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    expect(await signedIn(person.cookie)).toBe(false);
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, person.user.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, person.user.id)),
    ).toEqual([]);

    // License seats: ended; ended and the same license given to the heir; still held.
    const seatRows = await Promise.all(
      equipped.seats.map(
        async ({ assignment }) =>
          (
            await db
              .select()
              .from(licenseAssignments)
              .where(eq(licenseAssignments.id, assignment.id))
          )[0]!,
      ),
    );
    expect(seatRows.map((row) => row.isActive)).toEqual([false, false, true]);
    expect(seatRows[0]!.deactivatedAt).not.toBeNull();
    const heirSeats = await db
      .select()
      .from(licenseAssignments)
      .where(and(eq(licenseAssignments.userId, heir.id), eq(licenseAssignments.isActive, true)));
    expect(heirSeats.map((row) => row.licenseId)).toEqual([equipped.seats[1]!.license.id]);
    expect(heirSeats[0]!.assignedTo).toBe("Taking Over");

    // Hardware: available (status untouched), the heir's, still the leaver's.
    const itemRows = await Promise.all(
      equipped.items.map(
        async (item) => (await db.select().from(hardware).where(eq(hardware.id, item.id)))[0]!,
      ),
    );
    expect(itemRows.map((row) => [row.assignedToUserId, row.status])).toEqual([
      [null, "maintenance"],
      [heir.id, "maintenance"],
      [person.user.id, "maintenance"],
    ]);

    // Office accounts: ended; ended and a new assignment of the heir on the same device; kept.
    const officeRows = await Promise.all(
      equipped.office.map(
        async ({ assignment }) =>
          (
            await db
              .select()
              .from(accountAssignments)
              .where(eq(accountAssignments.id, assignment.id))
          )[0]!,
      ),
    );
    expect(officeRows.map((row) => row.isActive)).toEqual([false, false, true]);
    const heirAccounts = await db
      .select()
      .from(accountAssignments)
      .where(eq(accountAssignments.userId, heir.id));
    expect(
      heirAccounts.map((row) => [row.accountId, row.isActive, row.deviceName, row.assignedTo]),
    ).toEqual([[equipped.office[1]!.account.id, true, "Device 1", "Taking Over"]]);

    // G Suite accounts: unassigned, the heir's, kept.
    const workspaceRows = await Promise.all(
      equipped.workspace.map(
        async (account) =>
          (await db.select().from(gsuiteAccounts).where(eq(gsuiteAccounts.id, account.id)))[0]!,
      ),
    );
    expect(workspaceRows.map((row) => row.assignedToUserId)).toEqual([
      null,
      heir.id,
      person.user.id,
    ]);

    // Trust reviews: back to pending without an approver, approved in the heir's name, kept.
    const reviewRows = await Promise.all(
      equipped.reviews.map(
        async (review) =>
          (await db.select().from(trustReviews).where(eq(trustReviews.id, review.id)))[0]!,
      ),
    );
    expect(reviewRows.map((row) => [row.approvalStatus, row.approvedBy])).toEqual([
      ["pending", null],
      ["approved", heir.username],
      ["approved", person.user.username],
    ]);

    // Hardware requests: closed as rejected by the administrator, the heir's, still open.
    const requestRows = await Promise.all(
      equipped.requests.map(
        async (request) =>
          (await db.select().from(hardwareRequests).where(eq(hardwareRequests.id, request.id)))[0]!,
      ),
    );
    expect(
      requestRows.map((row) => [
        row.status,
        row.requestedByUserId,
        row.approvedByUserId,
        row.rejectionReason,
      ]),
    ).toEqual([
      ["rejected", person.user.id, admin.user.id, REQUEST_CLOSED_REASON],
      ["pending", heir.id, null, null],
      ["pending", person.user.id, null, null],
    ]);

    // What is kept is all they still hold; the offboarding is stored as it answered.
    expect((await heldItems(person.user.id)).map((item) => item.kind)).toEqual([
      "license_seat",
      "hardware",
      "office_account",
      "gsuite_account",
      "trust_review",
      "hardware_request",
    ]);
    const [stored] = await db
      .select()
      .from(offboardings)
      .where(eq(offboardings.userId, person.user.id));
    expect(stored!.outcomes).toEqual(body.outcomes);
    expect(stored!.performedByUserId).toBe(admin.user.id);

    // The activity log: each change as its area records it, then the offboarding itself.
    const logged = await db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.detail}->>'offboardingOf' = ${String(person.user.id)}`)
      .orderBy(activityLog.id);
    expect(logged.map((row) => `${row.area}:${row.action}`)).toEqual([
      // License seats are logged on their license (area licenses), as the assignments service does.
      "licenses:unassign",
      "licenses:unassign",
      "licenses:assign",
      "hardware:unassign",
      "hardware:assign",
      "office_accounts:unassign",
      "office_accounts:unassign",
      "office_accounts:assign",
      "gsuite:unassign",
      "gsuite:assign",
      "trust_reviews:update",
      "trust_reviews:update",
      "hardware_requests:reject",
      "hardware_requests:update",
    ]);
    expect(logged.every((row) => row.userId === admin.user.id)).toBe(true);
    // Office accounts are logged on the account, so the account's own history shows them.
    expect(logged.filter((row) => row.area === "office_accounts").map((row) => row.itemId)).toEqual(
      [
        equipped.office[0]!.account.id,
        equipped.office[1]!.account.id,
        equipped.office[1]!.account.id,
      ],
    );
    const [summary] = await db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "offboard"), eq(activityLog.itemId, person.user.id)));
    expect(summary).toMatchObject({
      area: "users",
      userId: admin.user.id,
      itemLabel: body.userName,
      changes: { isActive: { before: true, after: false } },
    });
    expect((summary!.detail as { outcomes: unknown[] }).outcomes).toHaveLength(18);
    expect((summary!.detail as { offboarding: number }).offboarding).toBe(body.id);
  });

  it("offboards someone who holds nothing", async () => {
    const person = await t.signedInUser();
    const response = await offboard(person.user.id, []);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcomes).toEqual([]);
    expect(await signedIn(person.cookie)).toBe(false);
  });

  it("changes nothing when a seat is handed to someone who already holds it, half-way through", async () => {
    const { person, seats } = await equippedPerson();
    const heir = await newHolder();
    // The heir already has the second license's seat: its reassignment comes after the first
    // seat's release, the kind list's first three decisions.
    await assignViaApi(t, admin.cookie, seats[1]!.license.id, heir.id);
    const held = await heldItems(person.user.id);
    const before = await snapshot();

    const response = await offboard(person.user.id, releaseReassignKeep(held, heir.id));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: "ALREADY_ASSIGNED",
      message: `${seats[1]!.license.name}: This user already has an active assignment of this license`,
      errors: [{ path: "decisions.1.toUserId" }],
    });
    expect(await snapshot()).toEqual(before);
    expect(await signedIn(person.cookie)).toBe(true);
  });

  it("changes nothing when a license handed over has no seat left", async () => {
    const { person, seats } = await equippedPerson();
    const heir = await newHolder();
    // Two other people on the second license, and its seats lowered under what is in use (as
    // a license imported over its limit would be): the handed-over seat does not fit.
    await assignViaApi(t, admin.cookie, seats[1]!.license.id, (await createUser(t.app.db)).id);
    await assignViaApi(t, admin.cookie, seats[1]!.license.id, (await createUser(t.app.db)).id);
    await t.app.db
      .update(licenses)
      .set({ totalSeats: 2 })
      .where(eq(licenses.id, seats[1]!.license.id));
    const held = await heldItems(person.user.id);
    const before = await snapshot();

    const response = await offboard(person.user.id, releaseReassignKeep(held, heir.id));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe("SEATS_EXHAUSTED");
    expect(await snapshot()).toEqual(before);
  });

  it("changes nothing when the database fails at the last step", async () => {
    const { person } = await equippedPerson();
    const heir = await newHolder();
    const held = await heldItems(person.user.id);
    // A trigger refuses this person's offboarding record: the last write of the transaction,
    // after every item has been handed over and the person deactivated.
    await t.app.db.execute(
      sql.raw(`
        create or replace function qm_test_refuse_offboarding() returns trigger as $$
        begin
          if new.user_id = ${person.user.id} then raise exception 'injected failure'; end if;
          return new;
        end $$ language plpgsql`),
    );
    await t.app.db.execute(
      sql.raw(`
        create trigger qm_test_refuse_offboarding before insert on offboardings
          for each row execute function qm_test_refuse_offboarding();`),
    );
    try {
      const before = await snapshot();
      const response = await offboard(person.user.id, releaseReassignKeep(held, heir.id));
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe("INTERNAL_ERROR");
      expect(await snapshot()).toEqual(before);
      expect(await signedIn(person.cookie)).toBe(true);
    } finally {
      await t.app.db.execute(sql.raw("drop trigger qm_test_refuse_offboarding on offboardings"));
    }
  });

  it("refuses decisions that do not name exactly what the person holds now", async () => {
    const { person } = await equippedPerson();
    const heir = await newHolder();
    const decisions = releaseReassignKeep(await heldItems(person.user.id), heir.id);
    // Something given to them since the list was read: it has no decision.
    await giveHardware(person.user.id);
    const other = await giveHardware(heir.id);
    const before = await snapshot();
    const missing = await offboard(person.user.id, decisions);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe("HOLDINGS_CHANGED");
    // An item they do not hold.
    const current = releaseReassignKeep(await heldItems(person.user.id), heir.id).filter(
      (decision) => decision.kind !== "hardware" || decision.action !== "keep",
    );
    const foreign = await offboard(person.user.id, [
      ...current,
      { kind: "hardware", id: other.id, action: "release" },
    ]);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe("HOLDINGS_CHANGED");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a new holder who is missing, inactive or the person leaving", async () => {
    const person = await createUser(t.app.db);
    const item = await giveHardware(person.id);
    const inactive = await createUser(t.app.db, { isActive: false });
    const to = (toUserId: number) => [
      { kind: "hardware", id: item.id, action: "reassign", toUserId },
    ];

    const gone = await offboard(person.id, to(999999));
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors).toEqual([
      { path: "decisions.0.toUserId", message: "User not found" },
    ]);
    const self = await offboard(person.id, to(person.id));
    expect(self.statusCode).toBe(400);
    const asleep = await offboard(person.id, to(inactive.id));
    expect(asleep.statusCode).toBe(409);
    expect(asleep.json().code).toBe("USER_INACTIVE");
    const [after] = await t.app.db.select().from(hardware).where(eq(hardware.id, item.id));
    expect(after!.assignedToUserId).toBe(person.id);
  });

  it("refuses to hand a trust review's approval to someone who is not an administrator", async () => {
    const person = await createUser(t.app.db);
    const license = await createLicenseViaApi(t, admin.cookie);
    const review = await approvedReview(license.id, person.username);
    const plain = await createUser(t.app.db);
    const before = await snapshot();
    const response = await offboard(person.id, [
      { kind: "trust_review", id: review.id, action: "reassign", toUserId: plain.id },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "APPROVER_NOT_ADMIN",
      errors: [{ path: "decisions.0.toUserId" }],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses malformed decisions with 400", async () => {
    const person = await createUser(t.app.db);
    const item = await giveHardware(person.id);
    const bad = [
      [{ kind: "hardware", id: item.id, action: "reassign" }],
      [{ kind: "hardware", id: item.id, action: "release", toUserId: admin.user.id }],
      [{ kind: "hardware", id: item.id, action: "sell" }],
      [{ kind: "boat", id: item.id, action: "release" }],
      [
        { kind: "hardware", id: item.id, action: "release" },
        { kind: "hardware", id: item.id, action: "keep" },
      ],
      "everything",
    ];
    for (const decisions of bad) {
      const response = await offboard(person.id, decisions);
      expect(response.statusCode, JSON.stringify(decisions)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
    const [after] = await t.app.db.select().from(users).where(eq(users.id, person.id));
    expect(after!.isActive).toBe(true);
  });

  it("refuses offboarding oneself, someone already deactivated, or a missing user", async () => {
    const self = await offboard(admin.user.id, []);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe("CANNOT_OFFBOARD_SELF");
    const inactive = await createUser(t.app.db, { isActive: false });
    const again = await offboard(inactive.id, []);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("USER_ALREADY_INACTIVE");
    expect((await offboard(999999, [])).statusCode).toBe(404);
  });

  it("offboards another administrator (one active administrator remains)", async () => {
    const other = await createUser(t.app.db, { role: "admin" });
    const response = await offboard(other.id, []);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("is for administrators only, and an ordinary user's attempt changes nothing", async () => {
    const plain = await t.signedInUser();
    const person = await createUser(t.app.db);
    const item = await giveHardware(person.id);
    const refused = await offboard(
      person.id,
      [{ kind: "hardware", id: item.id, action: "release" }],
      plain.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect((await getHoldings(person.id, plain.cookie)).statusCode).toBe(403);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, person.id));
    expect(after!.isActive).toBe(true);
    expect((await heldItems(person.id)).map((held) => held.id)).toEqual([item.id]);
  });

  it("lets one of two simultaneous offboardings of a person win; the other changes nothing", async () => {
    const { person } = await equippedPerson();
    const heirs = [await newHolder(), await newHolder()];
    const held = await heldItems(person.user.id);
    const responses = await Promise.all(
      heirs.map((heir) => offboard(person.user.id, releaseReassignKeep(held, heir.id))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409)!;
    expect(loser.json().code).toBe("USER_ALREADY_INACTIVE");
    const winner = responses.findIndex((response) => response.statusCode === 200);
    const stored = await t.app.db
      .select()
      .from(offboardings)
      .where(eq(offboardings.userId, person.user.id));
    expect(stored).toHaveLength(1);
    // Only the winner's heir received anything.
    const loserHeir = heirs[1 - winner]!;
    expect(
      await t.app.db.select().from(hardware).where(eq(hardware.assignedToUserId, loserHeir.id)),
    ).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(licenseAssignments)
        .where(eq(licenseAssignments.userId, loserHeir.id)),
    ).toEqual([]);
  });

  it("hands over a seat of a full license while another assignment races for it: never over the limit", async () => {
    const person = await createUser(t.app.db);
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 2 });
    const seat = await assignViaApi(t, admin.cookie, license.id, person.id);
    await assignViaApi(t, admin.cookie, license.id, (await createUser(t.app.db)).id);
    const heir = await createUser(t.app.db);
    const latecomer = await createUser(t.app.db);
    const [handover, race] = await Promise.all([
      offboard(person.id, [
        { kind: "license_seat", id: seat.id, action: "reassign", toUserId: heir.id },
      ]),
      t.request({
        method: "POST",
        url: "/api/assignments",
        payload: { licenseId: license.id, userId: latecomer.id },
        cookie: admin.cookie,
      }),
    ]);
    // The seat moves within the limit; the latecomer finds the license full before or after.
    expect(handover.statusCode, handover.body).toBe(200);
    expect(race.statusCode).toBe(409);
    expect(race.json().code).toBe("SEATS_EXHAUSTED");
    const active = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(
        and(eq(licenseAssignments.licenseId, license.id), eq(licenseAssignments.isActive, true)),
      );
    expect(active).toHaveLength(2);
    expect(active.map((row) => row.userId)).toContain(heir.id);
  });
});
