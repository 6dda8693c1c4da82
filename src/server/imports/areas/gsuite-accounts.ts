// G Suite accounts from a file: the Add Account form's rules, its organization and plan named in
// words. The organization by its domain (as the accounts list and its export show it) or its
// name, the default organization when the cell is blank (the form's default); the plan by its
// name among the plans (the form's select); the address on the organization's domain. The
// password sealed on the way in; e-mails unique regardless of case. The organizations' and plans'
// account counts follow from the insert (statement triggers, migration 0039).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isOnDomain } from "../../../domain/gsuite";
import { textSchema } from "../../../domain/schemas/common";
import { createGsuiteAccountRequestSchema } from "../../../domain/schemas/gsuite";
import { bulkInsert } from "../../db/bulk-insert";
import type { Executor } from "../../db/client";
import { gsuiteAccounts, gsuiteOrganizations, gsuitePlans } from "../../db/schema";
import { DUPLICATE_EMAIL, newAccountValues, offDomainMessage } from "../../gsuite/accounts-service";
import { findDefaultOrganization } from "../../gsuite/organizations-service";
import { nameKey, type ReferenceWords, recordsNamed, theOneNamed } from "../references";
import { defineImportArea, type Resolved } from "./area";
import { lowerKeysHeld } from "./keys-held";
import { looksMasked } from "./masked";

/** The form's schema, with the organization as the file names it: a domain or a name. */
const gsuiteAccountImportSchema = createGsuiteAccountRequestSchema.safeExtend({
  organization: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    textSchema("Must be text").trim().max(200, "Must be at most 200 characters").optional(),
  ),
});
type AccountRow = z.output<typeof gsuiteAccountImportSchema>;
type StoredAccount = Omit<AccountRow, "organization" | "planType"> & {
  organization: string;
  organizationId: number;
  planType: string;
  planId: number;
};

const ORGANIZATION_WORDS: ReferenceWords = {
  header: "Organization",
  one: "organization",
  many: "organizations",
  whenUnknown:
    "Write the domain or the name of one on the Organizations tab, or add the organization there first.",
  whenAmbiguous: "Write the organization's domain instead.",
};
const PLAN_WORDS: ReferenceWords = {
  header: "Plan Type",
  one: "plan",
  many: "plans",
  whenUnknown: "Write the name of one on the Plans tab, or add the plan there first.",
  whenAmbiguous: "Rename them on the Plans tab so that each name is different, then import again.",
};

interface OrganizationMatch {
  key: string;
  byDomain: boolean;
  organization: { id: number; domain: string };
}

/**
 * Organizations whose domain or name is one of the keys. Locked against deletion (key share)
 * until the commit's transaction ends, so what the check found is still there when the rows are
 * written; in a preview the lock ends with the statement.
 */
async function organizationsNamed(db: Executor, keys: string[]): Promise<OrganizationMatch[]> {
  const wanted = new Set(keys);
  const rows = await db
    .select({
      id: gsuiteOrganizations.id,
      name: gsuiteOrganizations.name,
      domain: gsuiteOrganizations.domain,
    })
    .from(gsuiteOrganizations)
    .where(
      sql`lower(${gsuiteOrganizations.domain}) = any(${sql.param(keys)}::text[]) or lower(${gsuiteOrganizations.name}) = any(${sql.param(keys)}::text[])`,
    )
    .for("key share");
  return rows.flatMap((row) => {
    const organization = { id: row.id, domain: row.domain };
    const domain = nameKey(row.domain);
    const name = nameKey(row.name);
    return [
      ...(wanted.has(domain) ? [{ key: domain, byDomain: true, organization }] : []),
      ...(wanted.has(name) && name !== domain
        ? [{ key: name, byDomain: false, organization }]
        : []),
    ];
  });
}

const plansNamed = (db: Executor, keys: string[]) =>
  db
    .select({
      key: sql<string>`lower(${gsuitePlans.name})`,
      id: gsuitePlans.id,
      name: gsuitePlans.name,
    })
    .from(gsuitePlans)
    .where(sql`lower(${gsuitePlans.name}) = any(${sql.param(keys)}::text[])`)
    .for("key share");

async function resolveAccounts(
  db: Executor,
  rows: AccountRow[],
): Promise<Resolved<StoredAccount>[]> {
  const organizations = await recordsNamed(
    rows.flatMap((row) => (row.organization ? [row.organization] : [])),
    (keys) => organizationsNamed(db, keys),
  );
  const plans = await recordsNamed(
    rows.map((row) => row.planType ?? ""),
    (keys) => plansNamed(db, keys),
  );
  const fallback = rows.some((row) => !row.organization)
    ? await findDefaultOrganization(db)
    : undefined;
  return rows.map((row) => {
    const problems: string[] = [];
    let organization: OrganizationMatch["organization"] | undefined;
    if (row.organization) {
      const found = organizations.get(nameKey(row.organization)) ?? [];
      // A domain is unique; a name may not be, and a domain that is another's name loses to it.
      const byDomain = found.filter((match) => match.byDomain);
      const one = theOneNamed(
        byDomain.length > 0 ? byDomain : found,
        row.organization,
        ORGANIZATION_WORDS,
      );
      if ("problem" in one) problems.push(one.problem);
      else organization = one.found.organization;
    } else if (fallback) {
      organization = fallback;
    } else {
      problems.push(
        "Organization: there is no organization yet. Add one on the Organizations tab (or import them) first.",
      );
    }
    if (organization && !isOnDomain(row.email, organization.domain)) {
      problems.push(`Email: ${offDomainMessage(organization.domain)}.`);
    }
    const planType = row.planType ?? "";
    const plan = theOneNamed(plans.get(nameKey(planType)) ?? [], planType, PLAN_WORDS);
    if ("problem" in plan) problems.push(plan.problem);
    if (problems.length > 0 || !organization || "problem" in plan) return { problems };
    return {
      row: {
        ...row,
        organization: organization.domain,
        organizationId: organization.id,
        planType: plan.found.name,
        planId: plan.found.id,
      },
    };
  });
}

export const gsuiteAccountImport = defineImportArea<AccountRow, StoredAccount>({
  area: "gsuite-accounts",
  activityArea: "gsuite",
  table: "gsuite_accounts",
  schema: gsuiteAccountImportSchema,
  extraProblems: (row) =>
    row.password && looksMasked(row.password)
      ? [
          "Password: this is a masked password (as lists and exports show it), not the password itself. Enter the real password, or leave the cell blank.",
        ]
      : [],
  duplicate: {
    label: "email",
    keyOf: (row) => row.email.toLowerCase(),
    existing: (db, keys) => lowerKeysHeld(db, gsuiteAccounts, gsuiteAccounts.email, keys),
    existsMessage: `${DUPLICATE_EMAIL}.`,
  },
  resolve: resolveAccounts,
  insert: (tx, rows, secrets) =>
    bulkInsert(
      tx,
      gsuiteAccounts,
      // Handing an account to someone is the assignment's work (it tells them): not an import's.
      rows.map((row) => newAccountValues(secrets, { ...row, assignedToUserId: null })),
    ),
});
