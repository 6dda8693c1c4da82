// listObligations against hand-made rows of every kind: the dates, amounts (own currency, exact),
// keys and people; the full list against one person's; the range's edges (both included).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Obligation } from "../../domain/obligations";
import type { Database } from "../db/client";
import {
  accountAssignments,
  accounts,
  directories,
  dropletCosts,
  droplets,
  gsuiteAccounts,
  gsuitePlans,
  hardware,
  licenseAssignments,
  licenses,
  trustReviews,
} from "../db/schema";
import { listObligations } from "./read-service";

let database: Database;
let alice: { id: number };
let bob: { id: number };
let carol: { id: number };
const ids: Record<string, number> = {};

const license = (name: string, expiryDate: string | null, extra = {}) => ({
  name,
  licenseKeyCiphertext: "sealed",
  licenseKeyMasked: "****-1234",
  expiryDate,
  paymentAmount: 1234.5,
  paymentCurrency: "EUR" as const,
  // A monthly purchase: its payments are the calendar's, never obligations.
  purchaseDate: "2026-01-15",
  paymentFrequency: "monthly" as const,
  ...extra,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  alice = await createUser(db);
  bob = await createUser(db);
  carol = await createUser(db);

  const [figma, slack, shared] = await db
    .insert(licenses)
    .values([
      license("Figma", "2026-12-01"),
      license("Slack", "2027-06-30"),
      license("Shared seats", "2026-12-15"),
    ])
    .returning();
  ids.figma = figma!.id;
  ids.slack = slack!.id;
  ids.shared = shared!.id;
  await db.insert(licenseAssignments).values([
    { licenseId: figma!.id, userId: alice.id, assignedTo: "Alice", assignedDate: "2026-01-01" },
    // An ended seat no longer concerns its former holder.
    {
      licenseId: slack!.id,
      userId: alice.id,
      assignedTo: "Alice",
      assignedDate: "2026-01-01",
      isActive: false,
    },
    { licenseId: shared!.id, userId: alice.id, assignedTo: "Alice", assignedDate: "2026-01-01" },
    { licenseId: shared!.id, userId: bob.id, assignedTo: "Bob", assignedDate: "2026-01-01" },
    // A seat held by a name without an account concerns no one's list.
    { licenseId: shared!.id, userId: null, assignedTo: "Contractor", assignedDate: "2026-01-01" },
  ]);

  const [listing] = await db
    .insert(directories)
    .values([
      {
        name: "Yellow Pages",
        paymentAmount: 99.99,
        paymentCurrency: "AUD",
        paymentFrequencyMonths: 6,
        nextPaymentDate: "2026-12-10",
      },
      // Cancelled: nothing due.
      { name: "Old listing", paymentAmount: 5, nextPaymentDate: "2026-12-10", isCancelled: true },
    ])
    .returning();
  ids.listing = listing!.id;

  const [plan] = await db
    .insert(gsuitePlans)
    .values({ name: "Business Starter", basePrice: 8.4, currency: "AUD", billingCycle: "monthly" })
    .returning();
  ids.plan = plan!.id;
  await db.insert(gsuiteAccounts).values([
    { email: "a@example.com", planType: "Business Starter", planId: plan!.id, price: 0 },
    { email: "b@example.com", planType: "Business Starter", planId: plan!.id, price: 0 },
  ]);

  const [office] = await db
    .insert(accounts)
    .values([
      {
        email: "office@example.com",
        passwordCiphertext: "sealed-secret",
        provider: "microsoft365",
        renewalDate: "2026-12-05",
        paymentAmount: 150,
        paymentCurrency: "USD",
      },
      {
        email: "inactive@example.com",
        passwordCiphertext: "sealed-secret",
        provider: "adobe",
        status: "inactive",
        renewalDate: "2026-12-05",
      },
    ])
    .returning();
  ids.office = office!.id;
  await db.insert(accountAssignments).values([
    { accountId: office!.id, userId: bob.id, assignedTo: "Bob", deviceName: "PC-1" },
    { accountId: office!.id, userId: bob.id, assignedTo: "Bob", deviceName: "PC-2" },
    // Carol no longer uses it.
    { accountId: office!.id, userId: carol.id, assignedTo: "Carol", isActive: false },
  ]);

  const [laptop] = await db
    .insert(hardware)
    .values([
      {
        name: "MacBook Pro",
        type: "laptop",
        identifier: "SN-1",
        assignedToUserId: carol.id,
        warrantyExpiry: "2026-12-20",
      },
      {
        name: "Old server",
        type: "server",
        identifier: "SN-2",
        status: "retired",
        warrantyExpiry: "2026-12-20",
      },
    ])
    .returning();
  ids.laptop = laptop!.id;

  const [review] = await db
    .insert(trustReviews)
    .values([
      {
        licenseId: figma!.id,
        clientName: "Acme",
        assignedDate: "2026-01-01",
        paymentStatus: "paying",
        clientPaymentAmount: 300,
        clientPaymentCurrency: "GBP",
        nextPaymentDate: "2026-12-03",
      },
      {
        licenseId: figma!.id,
        clientName: "Free client",
        assignedDate: "2026-01-01",
        paymentStatus: "not_paying",
        nextPaymentDate: "2026-12-03",
      },
    ])
    .returning();
  ids.review = review!.id;
});
afterAll(() => database.close());

const DECEMBER = { from: "2026-12-01", to: "2026-12-31" };
const byKey = (list: Obligation[]) => Object.fromEntries(list.map((o) => [o.key, o]));

describe("listObligations for administrators (all)", () => {
  it("lists every kind once, sorted by date, with exact amounts in the item's currency", async () => {
    const list = await listObligations(database.db, DECEMBER, "all");
    expect(list.map((o) => [o.date, o.kind, o.title])).toEqual([
      ["2026-12-01", "license_expiry", "License expires: Figma"],
      ["2026-12-01", "gsuite_renewal", "G Suite renewal: Business Starter"],
      ["2026-12-03", "trust_review_payment", "Trust review payment: Acme"],
      ["2026-12-05", "office_account_renewal", "Office account renewal: office@example.com"],
      ["2026-12-10", "directory_payment", "Directory listing payment: Yellow Pages"],
      ["2026-12-15", "license_expiry", "License expires: Shared seats"],
      ["2026-12-20", "hardware_warranty", "Warranty ends: MacBook Pro"],
    ]);
    const keys = byKey(list);
    expect(keys[`license_expiry:${ids.figma}:2026-12-01`]).toEqual({
      key: `license_expiry:${ids.figma}:2026-12-01`,
      kind: "license_expiry",
      area: "licenses",
      itemId: ids.figma,
      title: "License expires: Figma",
      date: "2026-12-01",
      amount: "1234.50",
      currency: "EUR",
      personUserId: alice.id,
      personUserIds: [alice.id],
      path: "/licenses?search=Figma",
    });
    // Two people on one license: the list names both, and no single person.
    const shared = keys[`license_expiry:${ids.shared}:2026-12-15`]!;
    expect(shared.personUserIds).toEqual([alice.id, bob.id].sort((a, b) => a - b));
    expect(shared.personUserId).toBeNull();
    expect(shared.path).toBe("/licenses?search=Shared+seats");
    // A G Suite plan pays price per user × users.
    expect(keys[`gsuite_renewal:${ids.plan}:2026-12-01`]).toMatchObject({
      amount: "16.80",
      currency: "AUD",
      itemId: ids.plan,
      personUserIds: [],
      path: "/gsuite-accounts",
    });
    expect(keys[`trust_review_payment:${ids.review}:2026-12-03`]).toMatchObject({
      area: "trust_reviews",
      amount: "300.00",
      currency: "GBP",
    });
    // One person using an account on two devices is one person.
    expect(keys[`office_account_renewal:${ids.office}:2026-12-05`]).toMatchObject({
      personUserId: bob.id,
      personUserIds: [bob.id],
      amount: "150.00",
    });
    expect(keys[`directory_payment:${ids.listing}:2026-12-10`]).toMatchObject({
      amount: "99.99",
      currency: "AUD",
      path: "/directories?search=Yellow+Pages",
    });
    expect(keys[`hardware_warranty:${ids.laptop}:2026-12-20`]).toMatchObject({
      amount: null,
      currency: null,
      personUserId: carol.id,
    });
  });

  it("carries a license's renewal 30 days before its expiry, and never its monthly payments", async () => {
    const list = await listObligations(
      database.db,
      { from: "2027-05-31", to: "2027-05-31" },
      "all",
    );
    expect(list.map((o) => o.key)).toEqual([`license_renewal:${ids.slack}:2027-05-31`]);
    expect(list[0]!.title).toBe("License renewal due: Slack");
    const january = await listObligations(
      database.db,
      { from: "2027-01-15", to: "2027-01-15" },
      "all",
    );
    // 2027-01-15 is a monthly payment day of every license (bought 2026-01-15): not listed.
    expect(january).toEqual([]);
  });

  it("includes both edges of the range and nothing outside it", async () => {
    const one = await listObligations(database.db, { from: "2026-12-20", to: "2026-12-20" }, "all");
    expect(one.map((o) => o.kind)).toEqual(["hardware_warranty"]);
    const before = await listObligations(
      database.db,
      { from: "2026-12-16", to: "2026-12-19" },
      "all",
    );
    expect(before).toEqual([]);
    const edges = await listObligations(
      database.db,
      { from: "2026-12-15", to: "2026-12-20" },
      "all",
    );
    expect(edges.map((o) => o.date)).toEqual(["2026-12-15", "2026-12-20"]);
  });

  it("gives the same keys on every call", async () => {
    const first = await listObligations(database.db, DECEMBER, "all");
    const again = await listObligations(database.db, DECEMBER, "all");
    expect(again.map((o) => o.key)).toEqual(first.map((o) => o.key));
    expect(new Set(first.map((o) => o.key)).size).toBe(first.length);
  });
});

describe("listObligations for one person", () => {
  it("gives only what concerns that person, named as theirs", async () => {
    const forAlice = await listObligations(database.db, DECEMBER, { userId: alice.id });
    expect(forAlice.map((o) => o.key)).toEqual([
      `license_expiry:${ids.figma}:2026-12-01`,
      `license_expiry:${ids.shared}:2026-12-15`,
    ]);
    expect(forAlice.every((o) => o.personUserId === alice.id)).toBe(true);

    const forBob = await listObligations(database.db, DECEMBER, { userId: bob.id });
    expect(forBob.map((o) => o.kind)).toEqual(["office_account_renewal", "license_expiry"]);

    const forCarol = await listObligations(database.db, DECEMBER, { userId: carol.id });
    expect(forCarol.map((o) => o.kind)).toEqual(["hardware_warranty"]);
  });

  it("leaves out ended seats and whatever concerns only the administrators", async () => {
    // Alice's Slack seat has ended: its renewal is not hers.
    const may = await listObligations(
      database.db,
      { from: "2027-05-01", to: "2027-07-31" },
      { userId: alice.id },
    );
    expect(may).toEqual([]);
    const nobody = await createUser(database.db);
    expect(await listObligations(database.db, DECEMBER, { userId: nobody.id })).toEqual([]);
  });
});

/** Which of `ids` are rows of each area (ids of different tables can be equal). */
const ITEMS_OF_AREA: Record<Obligation["area"], string[]> = {
  licenses: ["figma", "slack", "shared"],
  directories: ["listing"],
  gsuite: ["plan"],
  office_accounts: ["office"],
  hardware: ["laptop"],
  trust_reviews: ["review"],
  hosting: [],
};

describe("the set-based query", () => {
  // The lists as the per-event subqueries gave them before (decision 0025), over a range that
  // holds every kind, a renewal and an expiry of one license, and each person's own list.
  it("gives the same lists as before", async () => {
    const range = { from: "2026-11-01", to: "2027-12-31" };
    const people = { alice, bob, carol };
    const lists: Record<string, Obligation[]> = {
      all: await listObligations(database.db, range, "all"),
      ...Object.fromEntries(
        await Promise.all(
          Object.entries(people).map(async ([name, { id }]) => [
            name,
            await listObligations(database.db, range, { userId: id }),
          ]),
        ),
      ),
    };
    // Ids as names, so the file does not depend on the database's sequences.
    const userName = new Map(Object.entries(people).map(([name, { id }]) => [id, name]));
    const named = (o: Obligation) => {
      const item =
        ITEMS_OF_AREA[o.area].find((name) => ids[name] === o.itemId) ??
        (o.itemId === null ? null : `unknown ${o.itemId}`);
      // Fields in a fixed order: the file compares values, not how an object was built.
      return {
        key: o.itemId === null ? o.key : o.key.replace(`:${o.itemId}:`, `:${item}:`),
        kind: o.kind,
        area: o.area,
        itemId: item,
        title: o.title,
        date: o.date,
        amount: o.amount,
        currency: o.currency,
        personUserId: o.personUserId === null ? null : userName.get(o.personUserId),
        personUserIds: o.personUserIds.map((id) => userName.get(id)),
        path: o.path,
      };
    };
    const text = JSON.stringify(
      Object.fromEntries(Object.entries(lists).map(([who, list]) => [who, list.map(named)])),
      null,
      2,
    );
    await expect(`${text}\n`).toMatchFileSnapshot("./__snapshots__/lists-before-set-based.snap");
  });
});

describe("hosting month ends", () => {
  it("appear for administrators once hosting costs exist, on each month's last day", async () => {
    const before = await listObligations(database.db, DECEMBER, "all");
    expect(before.some((o) => o.kind === "hosting_month_end")).toBe(false);
    await database.db.insert(droplets).values({ dropletId: "1", name: "web-1" });
    await database.db
      .insert(dropletCosts)
      .values({ invoiceMonth: "2026-10", dropletId: "1", amountUsd: 12 });
    const list = await listObligations(
      database.db,
      { from: "2027-01-31", to: "2027-02-28" },
      "all",
    );
    expect(list.filter((o) => o.kind === "hosting_month_end")).toEqual([
      expect.objectContaining({ key: "hosting_month_end:2027-01-31", path: "/hosting" }),
      expect.objectContaining({ key: "hosting_month_end:2027-02-28", itemId: null }),
    ]);
    const mine = await listObligations(database.db, DECEMBER, { userId: alice.id });
    expect(mine.some((o) => o.kind === "hosting_month_end")).toBe(false);
  });
});
