// The Google Workspace planner (issue 33, decision 0055): the snapshot and our G Suite rows → what
// a sync creates, changes and retires. Pure: no I/O, so the preview, the sync and the tests plan
// alike. Google is the truth for what it knows (which domains, who holds which SKU, the holder's
// address, suspension and last sign-in); what only people know (prices, currencies, notes,
// passwords, a plan's or an organization's name once made) is never planned over.
import type { GsuiteAccountStatus } from "../../../domain/enums";
import type { PlanItem, PlanOptions, ProviderPerson, SyncPlan } from "../connector";
import type { GoogleLicenseAssignment, GoogleWorkspaceSnapshot } from "./client";

export const GOOGLE_PROVIDER = "google-workspace" as const;

export interface OrganizationRow {
  id: number;
  name: string;
  domain: string;
  syncProvider: string | null;
  externalId: string | null;
}

export interface PlanRow {
  id: number;
  name: string;
  basePrice: number;
  currency: string;
  billingCycle: string;
  syncProvider: string | null;
  externalId: string | null;
}

export interface AccountRow {
  id: number;
  email: string;
  organization: string | null;
  organizationId: number | null;
  planType: string;
  planId: number | null;
  assignedToUserId: number | null;
  status: GsuiteAccountStatus;
  syncProvider: string | null;
  externalId: string | null;
  lastSignInAt: Date | null;
  holderSuspended: boolean | null;
}

export interface UserRow {
  id: number;
  email: string | null;
  isActive: boolean;
}

/** Our side, as the planner needs it (read by loadGoogleRows). */
export interface GoogleRows {
  organizations: OrganizationRow[];
  plans: PlanRow[];
  accounts: AccountRow[];
  users: UserRow[];
}

/** A plan's key at Google: product and SKU (the SKU ids are only unique within a product). */
export const planKeyOf = (assignment: Pick<GoogleLicenseAssignment, "productId" | "skuId">) =>
  `${assignment.productId}/${assignment.skuId}`;

/** What an account should be, the organization and plan named by domain and key. */
export interface DesiredAccount {
  externalId: string;
  email: string;
  domain: string;
  planKey: string;
  planName: string;
  /** The matched user; null when none matches (then an existing holder is kept). */
  userId: number | null;
  /** Set when the holder is to be created (INTEGRATIONS_CREATE_USERS). */
  newHolder: { email: string; name: string | null } | null;
  status: GsuiteAccountStatus;
  lastSignInAt: Date | null;
  holderSuspended: boolean;
}

/** The plan with what the sync needs to carry it out; `plan` is what the preview shows. */
export interface GoogleSyncPlan {
  plan: SyncPlan;
  organizations: { create: { domain: string }[]; link: { rowId: number; domain: string }[] };
  plans: {
    create: { key: string; name: string; description: string }[];
    link: { rowId: number; key: string }[];
  };
  accounts: {
    create: DesiredAccount[];
    change: { rowId: number; desired: DesiredAccount }[];
    retire: { rowId: number; email: string }[];
  };
  newUsers: { email: string; name: string | null }[];
}

const sameTime = (a: Date | null, b: Date | null) =>
  (a === null && b === null) || (a !== null && b !== null && a.getTime() === b.getTime());

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** The user each address belongs to: an active user first, then the oldest. */
function usersByEmail(users: UserRow[]): Map<string, UserRow> {
  const byEmail = new Map<string, UserRow>();
  const ordered = [...users].sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.id - b.id);
  for (const user of ordered) {
    const email = user.email?.trim().toLowerCase();
    if (email && !byEmail.has(email)) byEmail.set(email, user);
  }
  return byEmail;
}

export function planGoogleWorkspace(
  snapshot: GoogleWorkspaceSnapshot,
  rows: GoogleRows,
  options: Pick<PlanOptions, "createUsers">,
): GoogleSyncPlan {
  const creates: PlanItem[] = [];
  const changes: PlanItem[] = [];
  const retirements: PlanItem[] = [];
  const result: GoogleSyncPlan = {
    plan: { provider: GOOGLE_PROVIDER, creates, changes, retirements, unmatchedPeople: [] },
    organizations: { create: [], link: [] },
    plans: { create: [], link: [] },
    accounts: { create: [], change: [], retire: [] },
    newUsers: [],
  };
  const linked = <T extends { syncProvider: string | null; externalId: string | null }>(row: T) =>
    row.syncProvider === GOOGLE_PROVIDER && row.externalId !== null;

  // Organizations: one per domain, found by its link, else by its domain (a hand-made one is linked).
  const organizationByDomain = new Map<string, OrganizationRow | null>();
  for (const domain of snapshot.domains) {
    const row =
      rows.organizations.find((org) => linked(org) && org.externalId === domain.name) ??
      rows.organizations.find((org) => org.domain.trim().toLowerCase() === domain.name);
    organizationByDomain.set(domain.name, row ?? null);
    if (!row) {
      result.organizations.create.push({ domain: domain.name });
      creates.push({ kind: "gsuite-organization", externalId: domain.name, label: domain.name });
    } else if (!linked(row) || row.externalId !== domain.name) {
      result.organizations.link.push({ rowId: row.id, domain: domain.name });
      changes.push({
        kind: "gsuite-organization",
        externalId: domain.name,
        label: row.domain,
        rowId: row.id,
        changes: { externalId: [row.externalId, domain.name] },
      });
    }
  }
  const primaryDomain =
    snapshot.domains.find((domain) => domain.primary)?.name ?? snapshot.domains[0]?.name ?? null;

  // Plans: one per product SKU someone holds, found by its link, else by its name.
  const planByKey = new Map<string, { row: PlanRow | null; name: string }>();
  for (const assignment of snapshot.assignments) {
    const key = planKeyOf(assignment);
    if (planByKey.has(key)) continue;
    const name = assignment.skuName?.trim() || assignment.skuId;
    const row =
      rows.plans.find((plan) => linked(plan) && plan.externalId === key) ??
      rows.plans.find(
        (plan) =>
          plan.syncProvider === null && plan.name.trim().toLowerCase() === name.toLowerCase(),
      );
    planByKey.set(key, { row: row ?? null, name: row?.name ?? name });
    if (!row) {
      const product = assignment.productName?.trim() || assignment.productId;
      result.plans.create.push({ key, name, description: `${product}, SKU ${assignment.skuId}` });
      creates.push({ kind: "gsuite-plan", externalId: key, label: name });
    } else if (!linked(row) || row.externalId !== key) {
      result.plans.link.push({ rowId: row.id, key });
      changes.push({
        kind: "gsuite-plan",
        externalId: key,
        label: row.name,
        rowId: row.id,
        changes: { externalId: [row.externalId, key] },
      });
    }
  }

  // Accounts: each licensed person, on the plan of the first product (in the configured order)
  // they hold; the holder is the user with that address.
  const productRank = new Map(snapshot.products.map((product, index) => [product, index]));
  const heldBy = new Map<string, GoogleLicenseAssignment>();
  for (const assignment of snapshot.assignments) {
    const held = heldBy.get(assignment.email);
    const rank = (item: GoogleLicenseAssignment) => productRank.get(item.productId) ?? Infinity;
    if (!held || rank(assignment) < rank(held)) heldBy.set(assignment.email, assignment);
  }
  const people = new Map<string, ProviderPerson>(
    snapshot.people.map((person) => [person.email, person]),
  );
  const users = usersByEmail(rows.users);
  const licensed = [...heldBy.entries()]
    .map(([email, assignment]) => ({ person: people.get(email), assignment }))
    // An assignment whose holder the Directory does not list cannot be keyed: left out.
    .filter((entry): entry is { person: ProviderPerson; assignment: GoogleLicenseAssignment } =>
      Boolean(entry.person),
    )
    .sort((a, b) => a.person.email.localeCompare(b.person.email));

  const used = new Set<number>();
  const byLink = new Map<string, AccountRow>();
  for (const row of rows.accounts) if (linked(row)) byLink.set(row.externalId!, row);
  const matched = new Map<string, AccountRow>();
  for (const { person } of licensed) {
    const row = byLink.get(person.externalId);
    if (row) {
      matched.set(person.externalId, row);
      used.add(row.id);
    }
  }
  for (const { person } of licensed) {
    if (matched.has(person.externalId)) continue;
    const row = rows.accounts.find(
      (account) => !used.has(account.id) && account.email.trim().toLowerCase() === person.email,
    );
    if (row) {
      matched.set(person.externalId, row);
      used.add(row.id);
    }
  }

  for (const { person, assignment } of licensed) {
    const user = users.get(person.email) ?? null;
    let newHolder: DesiredAccount["newHolder"] = null;
    if (!user) {
      result.plan.unmatchedPeople.push({ email: person.email, name: person.name });
      if (options.createUsers) {
        newHolder = { email: person.email, name: person.name };
        result.newUsers.push(newHolder);
      }
    }
    const emailDomain = domainOf(person.email);
    const domain = organizationByDomain.has(emailDomain) ? emailDomain : primaryDomain;
    if (!domain) continue; // No domain at all: nothing to file the account under.
    const key = planKeyOf(assignment);
    const desired: DesiredAccount = {
      externalId: person.externalId,
      email: person.email,
      domain,
      planKey: key,
      planName: planByKey.get(key)!.name,
      userId: user?.id ?? null,
      newHolder,
      status: person.enabled ? "active" : "suspended",
      lastSignInAt: person.lastSignInAt,
      holderSuspended: !person.enabled,
    };
    const label = `${person.email} on ${desired.planName}`;
    const row = matched.get(person.externalId);
    if (!row) {
      result.accounts.create.push(desired);
      creates.push({ kind: "gsuite-account", externalId: person.externalId, label });
      continue;
    }
    // A new address another account already has (the e-mail is unique among accounts) is not
    // taken over: the row keeps its address until that other account is dealt with by hand.
    if (
      row.email.trim().toLowerCase() !== desired.email &&
      rows.accounts.some(
        (other) => other.id !== row.id && other.email.trim().toLowerCase() === desired.email,
      )
    ) {
      desired.email = row.email;
    }
    const diff = accountChanges(row, desired, {
      organizationId: organizationByDomain.get(domain)?.id ?? null,
      planId: planByKey.get(key)!.row?.id ?? null,
    });
    if (Object.keys(diff).length > 0) {
      result.accounts.change.push({ rowId: row.id, desired });
      changes.push({
        kind: "gsuite-account",
        externalId: person.externalId,
        label,
        rowId: row.id,
        changes: diff,
      });
    }
  }

  // Accounts the sync keeps that Google no longer licenses: made inactive, never deleted.
  for (const row of rows.accounts) {
    if (!linked(row) || used.has(row.id) || row.status === "inactive") continue;
    result.accounts.retire.push({ rowId: row.id, email: row.email });
    retirements.push({
      kind: "gsuite-account",
      externalId: row.externalId!,
      label: row.email,
      rowId: row.id,
      changes: { status: [row.status, "inactive"] },
    });
  }
  return result;
}

/**
 * The fields of an account Google decides, before → after; ids of an organization or a plan the
 * sync is still to create are null here (the sync resolves them).
 */
function accountChanges(
  row: AccountRow,
  desired: DesiredAccount,
  ids: { organizationId: number | null; planId: number | null },
): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  if (row.syncProvider !== GOOGLE_PROVIDER || row.externalId !== desired.externalId) {
    diff.externalId = [row.externalId, desired.externalId];
  }
  if (row.email.trim().toLowerCase() !== desired.email) diff.email = [row.email, desired.email];
  if (
    (row.organization ?? "").toLowerCase() !== desired.domain ||
    ids.organizationId === null ||
    row.organizationId !== ids.organizationId
  ) {
    diff.organization = [row.organization, desired.domain];
  }
  if (row.planType !== desired.planName || ids.planId === null || row.planId !== ids.planId) {
    diff.planType = [row.planType, desired.planName];
  }
  if (desired.userId !== null && row.assignedToUserId !== desired.userId) {
    diff.assignedToUserId = [row.assignedToUserId, desired.userId];
  } else if (desired.newHolder) {
    diff.assignedToUserId = [row.assignedToUserId, `new user ${desired.newHolder.email}`];
  }
  if (row.status !== desired.status) diff.status = [row.status, desired.status];
  if (!sameTime(row.lastSignInAt, desired.lastSignInAt)) {
    diff.lastSignInAt = [
      row.lastSignInAt?.toISOString() ?? null,
      desired.lastSignInAt?.toISOString() ?? null,
    ];
  }
  if (row.holderSuspended !== desired.holderSuspended) {
    diff.holderSuspended = [row.holderSuspended, desired.holderSuspended];
  }
  return diff;
}
