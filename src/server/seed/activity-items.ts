// Demo activity of the other item areas: hardware and its requests, office accounts, listings,
// G Suite, trust reviews and people, each record on an item the other seeds inserted.
import { asc, eq } from "drizzle-orm";
import { changesBetween, SECRET_PLACEHOLDER } from "../../domain/activity";
import {
  accounts,
  directories,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  offboardings,
  secretRevealLogs,
  trustReviews,
} from "../db/schema";
import { actorOf, type DemoRecord, record, usernameOf } from "./activity-actors";
import { ago, day, indexBy, type SeedContext } from "./context";

export async function hardwareRecords(context: SeedContext): Promise<DemoRecord[]> {
  const { tx } = context;
  const rows = await tx.select().from(hardware).orderBy(asc(hardware.id));
  const item = indexBy(rows, (row) => row.identifier, "hardware");
  const out: DemoRecord[] = [];
  const itemEntry = (row: (typeof rows)[number]) => ({
    area: "hardware" as const,
    itemId: row.id,
    itemLabel: row.name,
  });

  // Bought in the last weeks: added on the day they were bought.
  for (const [identifier, by] of [
    ["S6SLNS0W300861", "priya"],
    ["7HJ3KX3", "priya"],
  ] as const) {
    const row = item(identifier);
    out.push(
      record(context, by, row.createdAt, {
        action: "create",
        ...itemEntry(row),
        changes: changesBetween(null, row),
      }),
    );
  }
  const headset = item("JB2-65-0037812");
  out.push(
    record(context, "admin", ago(context, 18, 3), {
      action: "assign",
      ...itemEntry(headset),
      changes: {
        assignedToUserId: { before: null, after: headset.assignedToUserId },
        location: { before: "IT Storage", after: headset.location },
      },
    }),
  );
  // Tom's laptop came back to storage when he left.
  const latitude = item("3KD9LM3");
  out.push(
    record(context, "priya", ago(context, 33, 1), {
      action: "unassign",
      ...itemEntry(latitude),
      changes: {
        assignedToUserId: { before: context.person("tom").id, after: null },
        location: { before: "Sydney HQ", after: latitude.location },
      },
    }),
  );
  const elitebook = item("5CG2381KQ1");
  out.push(
    record(context, "admin", ago(context, 8, 4), {
      action: "update",
      ...itemEntry(elitebook),
      changes: {
        status: { before: "active", after: elitebook.status },
        notes: { before: null, after: elitebook.notes },
      },
    }),
  );

  // Requests: asked for by their people, answered by an administrator (hardware.ts's dates).
  const requests = await tx
    .select({ request: hardwareRequests, hardwareName: hardware.name })
    .from(hardwareRequests)
    .leftJoin(hardware, eq(hardware.id, hardwareRequests.hardwareId))
    .orderBy(asc(hardwareRequests.id));
  for (const { request, hardwareName } of requests) {
    const requester = usernameOf(context, request.requestedByUserId);
    const entry = {
      area: "hardware_requests" as const,
      itemId: request.id,
      itemLabel: hardwareName ?? request.name,
    };
    out.push(
      record(context, requester, request.createdAt, {
        action: "create",
        ...entry,
        detail: {
          type: request.type,
          hardwareId: request.hardwareId,
          requestedByUserId: request.requestedByUserId,
          reason: request.reason,
        },
      }),
    );
    if (request.status === "pending" || request.approvedByUserId === null) continue;
    const approver = usernameOf(context, request.approvedByUserId);
    const answer =
      request.status === "approved"
        ? {
            action: "approve" as const,
            detail: {
              hardwareId: request.hardwareId,
              requestedByUserId: request.requestedByUserId,
            },
          }
        : {
            action: "reject" as const,
            detail: {
              reason: request.rejectionReason,
              requestedByUserId: request.requestedByUserId,
            },
          };
    out.push(
      record(context, approver, request.updatedAt, {
        ...entry,
        action: answer.action,
        changes: { status: { before: "pending", after: request.status } },
        detail: answer.detail,
      }),
    );
  }
  return out;
}

export async function officeAccountRecords(context: SeedContext): Promise<DemoRecord[]> {
  const { tx } = context;
  const rows = await tx.select({ id: accounts.id, email: accounts.email }).from(accounts);
  const account = indexBy(rows, (row) => row.email, "office account");
  const byId = indexBy(rows, (row) => row.id, "office account");
  const out: DemoRecord[] = [];
  const marketing = account("marketing@example.com");
  out.push(
    record(context, "admin", ago(context, 9, 6), {
      action: "update",
      area: "office_accounts",
      itemId: marketing.id,
      itemLabel: marketing.email,
      // The password was changed: recorded as changed, never its value.
      changes: { password: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER } },
    }),
  );
  const finance = account("finance@example.com");
  out.push(
    record(context, "priya", ago(context, 27, 2), {
      action: "update",
      area: "office_accounts",
      itemId: finance.id,
      itemLabel: finance.email,
      changes: { paymentMethod: { before: "Direct debit", after: "Credit card" } },
    }),
  );
  out.push(...(await secretReveals(context, "account", "office_accounts", byId)));
  return out;
}

/** The logged password reveals of an area's accounts, each a reveal record from the same place. */
async function secretReveals(
  context: SeedContext,
  entityType: "account" | "gsuite_account",
  area: "office_accounts" | "gsuite",
  byId: (id: number) => { id: number; email: string },
): Promise<DemoRecord[]> {
  const reveals = await context.tx
    .select()
    .from(secretRevealLogs)
    .where(eq(secretRevealLogs.entityType, entityType))
    .orderBy(asc(secretRevealLogs.id));
  return reveals.map((reveal) => {
    const row = byId(reveal.entityId);
    return {
      at: reveal.viewedAt,
      actor: actorOf(context, usernameOf(context, reveal.userId), reveal),
      entry: {
        action: "reveal",
        area,
        itemId: row.id,
        itemLabel: row.email,
        detail: { field: "password" },
      },
    };
  });
}

export async function directoryRecords(context: SeedContext): Promise<DemoRecord[]> {
  const rows = await context.tx.select().from(directories).orderBy(asc(directories.id));
  const listing = indexBy(rows, (row) => row.name, "directory");
  const entry = (row: (typeof rows)[number]) => ({
    area: "directories" as const,
    itemId: row.id,
    itemLabel: row.name,
  });
  const yelp = listing("Yelp for Business");
  const cylex = listing("Cylex");
  return [
    // Yelp's monthly payment ten days ago (directories.ts), moving its next date a month on.
    record(context, "priya", ago(context, 10, 1), {
      action: "pay",
      ...entry(yelp),
      changes: {
        lastPaymentDate: { before: day(context, -40), after: yelp.lastPaymentDate },
        nextPaymentDate: { before: yelp.lastPaymentDate, after: yelp.nextPaymentDate },
      },
      detail: {
        paidOn: yelp.lastPaymentDate,
        amount: yelp.paymentAmount,
        currency: yelp.paymentCurrency,
      },
    }),
    // Cancelled when its renewal came up.
    record(context, "priya", ago(context, 35, 2), {
      action: "update",
      ...entry(cylex),
      changes: {
        isCancelled: { before: false, after: true },
        notes: { before: null, after: cylex.notes },
      },
    }),
    record(context, "admin", ago(context, 22, 5), {
      action: "update",
      ...entry(listing("Clutch")),
      changes: { location: { before: "United Kingdom", after: listing("Clutch").location } },
    }),
  ];
}

export async function gsuiteRecords(context: SeedContext): Promise<DemoRecord[]> {
  const rows = await context.tx
    .select({ id: gsuiteAccounts.id, email: gsuiteAccounts.email })
    .from(gsuiteAccounts);
  const account = indexBy(rows, (row) => row.email, "G Suite account");
  const byId = indexBy(rows, (row) => row.id, "G Suite account");
  const entry = (email: string) => ({
    area: "gsuite" as const,
    itemId: account(email).id,
    itemLabel: email,
  });
  return [
    // Tom's mailbox is kept for forwarding, suspended so nobody signs in to it.
    record(context, "admin", ago(context, 32, 6), {
      action: "update",
      ...entry("tom@example.com"),
      changes: { status: { before: "active", after: "suspended" } },
    }),
    // Hannah moved from the studio to Marketing and gave up the studio's content inbox.
    record(context, "priya", ago(context, 16, 3), {
      action: "unassign",
      ...entry("content@example.net"),
      changes: { assignedToUserId: { before: context.person("hannah").id, after: null } },
    }),
    ...(await secretReveals(context, "gsuite_account", "gsuite", byId)),
  ];
}

export async function trustReviewRecords(context: SeedContext): Promise<DemoRecord[]> {
  const rows = await context.tx.select().from(trustReviews).orderBy(asc(trustReviews.id));
  const review = indexBy(rows, (row) => row.clientName, "trust review");
  const entry = (row: (typeof rows)[number]) => ({
    area: "trust_reviews" as const,
    itemId: row.id,
    itemLabel: row.clientName,
  });
  const pinecrest = review("Pinecrest Physio");
  const atlas = review("Atlas Freight Co");
  const copperleaf = review("Copperleaf Wines");
  const summit = review("Summit Outdoor Supply");
  const cancelled = (row: (typeof rows)[number]) => ({
    isActive: { before: true, after: false },
    cancellationRequestDate: { before: null, after: row.cancellationRequestDate },
    cancellationReason: { before: null, after: row.cancellationReason },
  });
  return [
    record(context, "admin", pinecrest.createdAt, {
      action: "create",
      ...entry(pinecrest),
      changes: changesBetween(null, pinecrest),
    }),
    record(context, "priya", ago(context, 45, 2), {
      action: "update",
      ...entry(atlas),
      changes: cancelled(atlas),
    }),
    // The approval dialog's decision (decision 0021: approve/reject, "keep" is an update).
    record(context, "priya", ago(context, 44, 5), {
      action: "reject",
      ...entry(atlas),
      changes: {
        approvalStatus: { before: "pending", after: atlas.approvalStatus },
        approvedBy: { before: null, after: atlas.approvedBy },
      },
    }),
    record(context, "admin", ago(context, 20, 4), {
      action: "update",
      ...entry(copperleaf),
      changes: cancelled(copperleaf),
    }),
    record(context, "admin", ago(context, 5, 3), {
      action: "update",
      ...entry(summit),
      changes: {
        lastPaymentDate: { before: day(context, -35), after: summit.lastPaymentDate },
        nextPaymentDate: { before: summit.lastPaymentDate, after: summit.nextPaymentDate },
      },
    }),
  ];
}

export async function userRecords(context: SeedContext): Promise<DemoRecord[]> {
  const person = (username: string) => ({
    area: "users" as const,
    itemId: context.person(username).id,
    itemLabel: username,
  });
  const out: DemoRecord[] = [
    record(context, "priya", ago(context, 16, 4), {
      action: "update",
      ...person("hannah"),
      changes: { department: { before: "Design", after: "Marketing" } },
    }),
    record(context, "admin", ago(context, 29, 2), {
      action: "update",
      ...person("kenji"),
      changes: { email: { before: "kenji@example.com", after: null } },
    }),
  ];
  // Tom's offboarding (offboardings.ts), with what became of each of his holdings.
  const tom = context.person("tom");
  const [offboarding] = await context.tx
    .select()
    .from(offboardings)
    .where(eq(offboardings.userId, tom.id));
  if (offboarding) {
    out.push(
      record(context, "admin", offboarding.createdAt, {
        action: "offboard",
        area: "users",
        itemId: tom.id,
        itemLabel: offboarding.userName,
        changes: { isActive: { before: true, after: false } },
        detail: {
          offboarding: offboarding.id,
          outcomes: offboarding.outcomes.map((outcome) => ({
            kind: outcome.kind,
            id: outcome.id,
            label: outcome.label,
            action: outcome.action,
            to: outcome.toUserId,
          })),
        },
      }),
    );
  }
  return out;
}
