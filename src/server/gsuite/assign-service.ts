// Quick and bulk assignment (spec part 2, section 7): one account per user on the chosen plan,
// addressed with the user's own e-mail when it is on the organization's domain, else their
// username at that domain; each with its own random initial password, returned once and stored
// sealed. Each user succeeds or fails alone; a repeated request creates nothing twice. Each
// account made is recorded in the activity log as an `assign` on it, its fields from nothing (it
// was created for that person), the password masked; what was already there or failed records
// nothing, as nothing changed.
import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { assignmentEmailFor } from "../../domain/gsuite";
import type {
  AssignGsuiteUserResult,
  AssignGsuiteUsersRequest,
  AssignGsuiteUsersResponse,
} from "../../domain/schemas/gsuite";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db } from "../db/client";
import { gsuiteAccounts } from "../db/schema";
import { badRequest } from "../http/errors";
import type { Secrets } from "../lib/secrets";
import { type AssignmentMail, queueHolderChange } from "../mail/assignment-mail";
import { lockRecipients } from "../users/recipient-lock";
import { gsuiteAccountChanges } from "./gsuite-activity";
import { findDefaultOrganization, findOrganization } from "./organizations-service";
import { findPlan } from "./plans-service";

/** 16 characters from 96 random bits, URL-safe: typed once by a person, then changed. */
export const initialPassword = () => randomBytes(12).toString("base64url");

const validEmail = z.email();

export const ASSIGN_REASONS = {
  notFound: "User not found",
  inactive: "User is inactive",
  taken: "An account with this email already exists",
  invalidEmail: "No valid email address can be made for this user",
} as const;

export async function assignUsers(
  db: Db,
  secrets: Secrets,
  input: AssignGsuiteUsersRequest,
  actor: ActivityActor,
  mail: AssignmentMail = null,
): Promise<AssignGsuiteUsersResponse> {
  const plan = await findPlan(db, input.planId).catch(() => {
    throw badRequest("Plan not found", [{ path: "planId", message: "Plan not found" }]);
  });
  const organization =
    input.organizationId === undefined
      ? await findDefaultOrganization(db)
      : await findOrganization(db, input.organizationId).catch(() => undefined);
  if (!organization) {
    const message =
      input.organizationId === undefined
        ? "Add an organization first"
        : "Organization must be one of the organizations";
    throw badRequest(message, [{ path: "organizationId", message }]);
  }

  const results = new Map<number, AssignGsuiteUserResult>();
  const fail = (userId: number, email: string | null, reason: string) =>
    results.set(userId, {
      userId,
      email,
      outcome: "failed",
      accountId: null,
      initialPassword: null,
      reason,
    });

  // One transaction: the people are read under their row locks (FOR SHARE, users/
  // recipient-lock.ts), so someone being offboarded or deactivated now either is so before this
  // reads them (and fails here as inactive) or waits for these accounts and decides on them.
  const { wanted, inserted, passwords } = await db.transaction(async (tx) => {
    const personById = await lockRecipients(tx, input.userIds);

    // Who gets which address; what cannot be assigned is answered before anything is written.
    const wanted: { userId: number; email: string }[] = [];
    const claimed = new Set<string>();
    for (const userId of input.userIds) {
      const person = personById.get(userId);
      if (!person) {
        fail(userId, null, ASSIGN_REASONS.notFound);
        continue;
      }
      const email = assignmentEmailFor(person, organization.domain);
      if (!person.isActive) fail(userId, email, ASSIGN_REASONS.inactive);
      else if (!validEmail.safeParse(email).success) {
        fail(userId, email, ASSIGN_REASONS.invalidEmail);
      }
      // Two users of one request whose addresses coincide: the first gets it.
      else if (claimed.has(email)) fail(userId, email, ASSIGN_REASONS.taken);
      else {
        claimed.add(email);
        wanted.push({ userId, email });
      }
    }

    // One INSERT for everyone left: ON CONFLICT DO NOTHING leaves out each address that exists
    // (before or from a concurrent request) without undoing the others. Each new account's
    // record and its holder's mail are written in the same transaction.
    const passwords = new Map(wanted.map((row) => [row.userId, initialPassword()]));
    if (wanted.length === 0) return { wanted, inserted: [], passwords };
    const inserted = await tx
      .insert(gsuiteAccounts)
      .values(
        wanted.map((row) => ({
          email: row.email,
          passwordCiphertext: secrets.seal(passwords.get(row.userId)!).ciphertext,
          organization: organization.domain,
          organizationId: organization.id,
          planType: plan.name,
          planId: plan.id,
          price: plan.basePrice,
          paymentCurrency: plan.currency,
          paymentFrequency: plan.billingCycle,
          assignedToUserId: row.userId,
          status: "active" as const,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const row of inserted) {
      await recordActivity(tx, actor, {
        action: "assign",
        area: "gsuite",
        itemId: row.id,
        itemLabel: row.email,
        changes: gsuiteAccountChanges(null, row),
        detail: { userId: row.assignedToUserId, planId: plan.id },
      });
      await queueHolderChange(
        tx,
        mail,
        { kind: "gsuite_account", name: row.email },
        { from: null, to: row.assignedToUserId },
      );
    }
    return { wanted, inserted, passwords };
  });
  const createdByEmail = new Map(inserted.map((row) => [row.email.toLowerCase(), row.id]));

  const left = wanted.filter((row) => !createdByEmail.has(row.email));
  // An address that already existed: the same user on the same plan is this request repeated
  // (nothing to do); anything else is a clash.
  const existing =
    left.length === 0
      ? []
      : await db
          .select({
            id: gsuiteAccounts.id,
            email: sql<string>`lower(${gsuiteAccounts.email})`,
            assignedToUserId: gsuiteAccounts.assignedToUserId,
            planId: gsuiteAccounts.planId,
          })
          .from(gsuiteAccounts)
          .where(
            inArray(
              sql`lower(${gsuiteAccounts.email})`,
              left.map((row) => row.email),
            ),
          );
  const existingByEmail = new Map(existing.map((row) => [row.email, row]));

  for (const row of wanted) {
    const createdId = createdByEmail.get(row.email);
    if (createdId !== undefined) {
      results.set(row.userId, {
        userId: row.userId,
        email: row.email,
        outcome: "created",
        accountId: createdId,
        initialPassword: passwords.get(row.userId)!,
        reason: null,
      });
      continue;
    }
    const found = existingByEmail.get(row.email);
    if (found && found.assignedToUserId === row.userId && found.planId === plan.id) {
      results.set(row.userId, {
        userId: row.userId,
        email: row.email,
        outcome: "alreadyAssigned",
        accountId: found.id,
        initialPassword: null,
        reason: null,
      });
    } else {
      fail(row.userId, row.email, ASSIGN_REASONS.taken);
    }
  }

  return { plan: plan.name, results: input.userIds.map((userId) => results.get(userId)!) };
}
