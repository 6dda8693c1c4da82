// The Google Workspace planner, pure: creates, links of hand-made rows, changes of what Google
// decides (and only that), retirements never deletions, unmatched people, and nothing planned when
// nothing changed.
import { describe, expect, it } from "vitest";
import type { GoogleLicenseAssignment, GoogleWorkspaceSnapshot } from "./client";
import { type AccountRow, type GoogleRows, planGoogleWorkspace } from "./planner";

const standard = (email: string): GoogleLicenseAssignment => ({
  productId: "Google-Apps",
  productName: "Google Workspace",
  skuId: "1010020028",
  skuName: "Google Workspace Business Standard",
  email,
});

function snapshot(overrides: Partial<GoogleWorkspaceSnapshot> = {}): GoogleWorkspaceSnapshot {
  return {
    provider: "google-workspace",
    customerId: "C03az79cb",
    domains: [{ name: "example.com", primary: true }],
    people: [
      {
        externalId: "g1",
        email: "ana@example.com",
        name: "Ana",
        enabled: true,
        lastSignInAt: new Date("2026-11-20T09:00:00Z"),
        signInKnown: true,
      },
      {
        externalId: "g2",
        email: "bo@example.com",
        name: "Bo",
        enabled: false,
        lastSignInAt: null,
        signInKnown: true,
      },
      {
        externalId: "g3",
        email: "cy@example.com",
        name: "Cy",
        enabled: true,
        lastSignInAt: null,
        signInKnown: true,
      },
    ],
    assignments: [standard("ana@example.com"), standard("bo@example.com")],
    products: ["Google-Apps"],
    ...overrides,
  };
}

const empty = (): GoogleRows => ({
  organizations: [],
  plans: [],
  accounts: [],
  users: [
    { id: 1, email: "Ana@Example.com", isActive: true },
    { id: 2, email: "bo@example.com", isActive: false },
  ],
});

/** The rows a sync of `snapshot()` leaves. */
function synced(): GoogleRows {
  const account = (
    id: number,
    email: string,
    externalId: string,
    user: number,
    extra: Partial<AccountRow>,
  ): AccountRow => ({
    id,
    email,
    organization: "example.com",
    organizationId: 10,
    planType: "Google Workspace Business Standard",
    planId: 20,
    assignedToUserId: user,
    status: "active",
    syncProvider: "google-workspace",
    externalId,
    lastSignInAt: null,
    holderSuspended: false,
    ...extra,
  });
  return {
    ...empty(),
    organizations: [
      {
        id: 10,
        name: "Example",
        domain: "example.com",
        syncProvider: "google-workspace",
        externalId: "example.com",
      },
    ],
    plans: [
      {
        id: 20,
        name: "Google Workspace Business Standard",
        basePrice: 12,
        currency: "USD",
        billingCycle: "monthly",
        syncProvider: "google-workspace",
        externalId: "Google-Apps/1010020028",
      },
    ],
    accounts: [
      account(30, "ana@example.com", "g1", 1, { lastSignInAt: new Date("2026-11-20T09:00:00Z") }),
      account(31, "bo@example.com", "g2", 2, { status: "suspended", holderSuspended: true }),
    ],
  };
}

describe("planGoogleWorkspace", () => {
  it("creates the organization, the plan and an account per licensed person, matched by e-mail", () => {
    const { plan, accounts } = planGoogleWorkspace(snapshot(), empty(), { createUsers: false });
    expect(plan.creates.map((item) => [item.kind, item.externalId])).toEqual([
      ["gsuite-organization", "example.com"],
      ["gsuite-plan", "Google-Apps/1010020028"],
      ["gsuite-account", "g1"],
      ["gsuite-account", "g2"],
    ]);
    expect(plan.changes).toEqual([]);
    expect(plan.retirements).toEqual([]);
    expect(accounts.create.map((a) => [a.email, a.userId, a.status, a.holderSuspended])).toEqual([
      ["ana@example.com", 1, "active", false],
      // A suspended holder keeps the account, marked so; an inactive user still matches.
      ["bo@example.com", 2, "suspended", true],
    ]);
    // Cy holds no license: not an account, and not listed.
    expect(plan.unmatchedPeople).toEqual([]);
  });

  it("plans nothing when nothing changed", () => {
    const { plan } = planGoogleWorkspace(snapshot(), synced(), { createUsers: false });
    expect(plan).toEqual({
      provider: "google-workspace",
      creates: [],
      changes: [],
      retirements: [],
      unmatchedPeople: [],
    });
  });

  it("changes what Google decides: sign-in, suspension, plan, holder", () => {
    const rows = synced();
    rows.users.push({ id: 3, email: "bo@example.com", isActive: true });
    const later = snapshot({
      people: snapshot().people.map((person) =>
        person.externalId === "g1"
          ? { ...person, lastSignInAt: new Date("2026-11-28T10:00:00Z") }
          : person.externalId === "g2"
            ? { ...person, enabled: true }
            : person,
      ),
      assignments: [
        standard("ana@example.com"),
        {
          ...standard("bo@example.com"),
          skuId: "1010020027",
          skuName: "Google Workspace Business Starter",
        },
      ],
    });
    const { plan } = planGoogleWorkspace(later, rows, { createUsers: false });
    expect(plan.creates.map((item) => item.kind)).toEqual(["gsuite-plan"]);
    const byId = Object.fromEntries(plan.changes.map((item) => [item.externalId, item.changes]));
    expect(byId.g1).toEqual({
      lastSignInAt: ["2026-11-20T09:00:00.000Z", "2026-11-28T10:00:00.000Z"],
    });
    expect(byId.g2).toEqual({
      planType: ["Google Workspace Business Standard", "Google Workspace Business Starter"],
      // The active user with the address is preferred to the inactive one.
      assignedToUserId: [2, 3],
      status: ["suspended", "active"],
      holderSuspended: [true, false],
    });
  });

  it("retires an account whose license is gone (never deletes), once", () => {
    const gone = snapshot({ assignments: [standard("ana@example.com")] });
    const { plan, accounts } = planGoogleWorkspace(gone, synced(), { createUsers: false });
    expect(plan.retirements).toEqual([
      {
        kind: "gsuite-account",
        externalId: "g2",
        label: "bo@example.com",
        rowId: 31,
        changes: { status: ["suspended", "inactive"] },
      },
    ]);
    expect(accounts.retire).toEqual([{ rowId: 31, email: "bo@example.com" }]);
    const retired = synced();
    retired.accounts[1]!.status = "inactive";
    expect(planGoogleWorkspace(gone, retired, { createUsers: false }).plan.retirements).toEqual([]);
  });

  it("leaves hand-made accounts alone, and links one Google now licenses", () => {
    const rows = synced();
    rows.accounts.push({
      ...rows.accounts[0]!,
      id: 40,
      email: "old@example.com",
      syncProvider: null,
      externalId: null,
    });
    rows.accounts.push({
      ...rows.accounts[0]!,
      id: 41,
      email: "CY@example.com",
      syncProvider: null,
      externalId: null,
      assignedToUserId: null,
      lastSignInAt: null,
    });
    const withCy = snapshot({
      assignments: [...snapshot().assignments, standard("cy@example.com")],
    });
    const { plan } = planGoogleWorkspace(withCy, rows, { createUsers: false });
    expect(plan.retirements).toEqual([]);
    expect(plan.changes).toEqual([
      {
        kind: "gsuite-account",
        externalId: "g3",
        label: "cy@example.com on Google Workspace Business Standard",
        rowId: 41,
        // Only the case of the address differs: not a change.
        changes: { externalId: [null, "g3"] },
      },
    ]);
    // No user has Cy's address: listed, the account's holder left as it was.
    expect(plan.unmatchedPeople).toEqual([{ email: "cy@example.com", name: "Cy" }]);
  });

  it("follows a renamed address, unless another account already has it", () => {
    const renamed = snapshot({
      people: snapshot().people.map((person) =>
        person.externalId === "g1" ? { ...person, email: "ana.b@example.com" } : person,
      ),
      assignments: [standard("ana.b@example.com"), standard("bo@example.com")],
    });
    const { plan } = planGoogleWorkspace(renamed, synced(), { createUsers: false });
    // No user has the new address: the account's holder stays as it was.
    expect(plan.changes.map((item) => item.changes)).toEqual([
      { email: ["ana@example.com", "ana.b@example.com"] },
    ]);
    const taken = synced();
    taken.accounts.push({
      ...taken.accounts[0]!,
      id: 50,
      email: "ana.b@example.com",
      syncProvider: null,
      externalId: null,
    });
    const kept = planGoogleWorkspace(renamed, taken, { createUsers: false });
    expect(kept.plan.changes).toEqual([]);
    expect(kept.accounts.change).toEqual([]);
  });

  it("links a hand-made organization and plan by domain and name instead of duplicating them", () => {
    const rows = empty();
    rows.organizations.push({
      id: 5,
      name: "Ours",
      domain: "Example.com",
      syncProvider: null,
      externalId: null,
    });
    rows.plans.push({
      id: 6,
      name: "google workspace business standard",
      basePrice: 10,
      currency: "AUD",
      billingCycle: "monthly",
      syncProvider: null,
      externalId: null,
    });
    const { plan, organizations, plans } = planGoogleWorkspace(snapshot(), rows, {
      createUsers: false,
    });
    expect(organizations).toEqual({ create: [], link: [{ rowId: 5, domain: "example.com" }] });
    expect(plans).toEqual({ create: [], link: [{ rowId: 6, key: "Google-Apps/1010020028" }] });
    expect(plan.creates.map((item) => item.kind)).toEqual(["gsuite-account", "gsuite-account"]);
  });

  it("plans a user for each unmatched person only when asked to", () => {
    const rows = empty();
    rows.users = [];
    expect(planGoogleWorkspace(snapshot(), rows, { createUsers: false }).newUsers).toEqual([]);
    const asked = planGoogleWorkspace(snapshot(), rows, { createUsers: true });
    expect(asked.newUsers.map((user) => user.email)).toEqual(["ana@example.com", "bo@example.com"]);
    expect(asked.plan.unmatchedPeople).toHaveLength(2);
  });

  it("files an account under its own domain, else the primary one; the first product's plan wins", () => {
    const two = snapshot({
      domains: [
        { name: "example.com", primary: true },
        { name: "example.org", primary: false },
      ],
      people: [
        {
          externalId: "g8",
          email: "x@example.org",
          name: null,
          enabled: true,
          lastSignInAt: null,
          signInKnown: true,
        },
        {
          externalId: "g9",
          email: "y@alias.example.net",
          name: null,
          enabled: true,
          lastSignInAt: null,
          signInKnown: true,
        },
      ],
      assignments: [
        {
          productId: "Google-Vault",
          productName: "Google Vault",
          skuId: "Google-Vault",
          skuName: "Google Vault",
          email: "x@example.org",
        },
        standard("x@example.org"),
        standard("y@alias.example.net"),
      ],
      products: ["Google-Apps", "Google-Vault"],
    });
    const { accounts } = planGoogleWorkspace(two, empty(), { createUsers: false });
    expect(accounts.create.map((a) => [a.email, a.domain, a.planKey])).toEqual([
      ["x@example.org", "example.org", "Google-Apps/1010020028"],
      ["y@alias.example.net", "example.com", "Google-Apps/1010020028"],
    ]);
  });
});
