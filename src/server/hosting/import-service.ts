// Imports hosting costs from a provider into droplets and droplet_costs.
//
// An import is: claim (the single-run lease, so only one import runs at a time across every
// instance sharing the database, and a hosting_imports row without finished_at), read everything
// from the provider (no transaction is open while the network is slow), then write it all in one
// transaction that also marks the import successful. A failure anywhere before that commit writes
// nothing but the failed import's row, so the previous data stays as it was. A successful import
// is one activity record (decision 0021), written in that same transaction: how many cost rows it
// read, added, updated and removed, never a record per row; a failed one changed nothing and
// records nothing.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import {
  type BillingMonth,
  formatCents,
  monthLabel,
  monthOf,
  parseCents,
  previousMonth,
} from "../../domain/hosting";
import {
  HOSTING_IMPORT_RUNNING_MESSAGE,
  type HostingImportKind,
  type HostingImportResponse,
} from "../../domain/schemas/hosting";
import { type ActivityActor, recordActivity } from "../activity/record";
import { lockForTransaction } from "../db/advisory-locks";
import type { Db, Tx } from "../db/client";
import { type Lease, releaseLease, takeLease } from "../db/lease";
import { dropletCosts, droplets, hostingImports } from "../db/schema";
import { AppError, conflict } from "../http/errors";
import { emitNotification } from "../notifications/emit";
import {
  type HostingProvider,
  HostingProviderError,
  type InvoiceRef,
  type Machine,
} from "./provider";

/** An import holds the lease this long (it is not renewed); past it, it is taken for dead. */
export const IMPORT_LEASE_MINUTES = 15;

export const HOSTING_IMPORT_LEASE: Lease = {
  name: "hosting-import",
  holdMs: IMPORT_LEASE_MINUTES * 60_000,
};

export type ImportTrigger = "manual" | "scheduled";

export interface ImportRequest {
  kind: HostingImportKind;
  trigger: ImportTrigger;
  /** Who imports: the administrator of the request, or systemActor for the daily refresh. */
  actor: ActivityActor;
  now?: Date;
  /** Checked under the lock before claiming; false skips the import (the scheduler's re-check). */
  stillWanted?: (tx: Tx) => Promise<boolean>;
}

/**
 * Records the import's start under the lease; null when `stillWanted` said no. An unfinished row
 * found there is an import whose server died: it is marked so.
 */
function recordStart(db: Db, request: ImportRequest): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (request.stillWanted && !(await request.stillWanted(tx))) return null;
    await tx
      .update(hostingImports)
      .set({
        finishedAt: sql`now()`,
        outcome: "error",
        message: "The import was interrupted (its server stopped before it finished).",
      })
      .where(isNull(hostingImports.finishedAt));
    const [row] = await tx
      .insert(hostingImports)
      .values({
        kind: request.kind,
        trigger: request.trigger,
        userId: request.actor.userId,
      })
      .returning({ id: hostingImports.id });
    return row!.id;
  });
}

interface MonthCosts {
  month: BillingMonth;
  /** By droplet id. */
  droplets: Map<string, { cents: bigint; name: string; project: string | null; items: unknown[] }>;
}

interface Fetched {
  months: MonthCosts[];
  /** The droplets that exist now, or null when the list did not answer. */
  machines: Machine[] | null;
}

async function fetchFromProvider(
  provider: HostingProvider,
  kind: HostingImportKind,
  today: string,
): Promise<Fetched> {
  const list = await provider.invoices();
  const runningMonth = list.running?.month ?? monthOf(today);
  const lastMonth = previousMonth(runningMonth);
  const closedLastMonth = list.closed.find((invoice) => invoice.month === lastMonth) ?? null;

  const wanted: InvoiceRef[] = [];
  if (kind === "latest") {
    if (!list.running) {
      throw new HostingProviderError("DigitalOcean sent no invoice preview for the running month");
    }
    wanted.push(list.running);
    // Early on the 1st the previous month's invoice may not exist yet: then only the preview.
    if (closedLastMonth) wanted.push(closedLastMonth);
  } else {
    if (!closedLastMonth) {
      throw conflict(
        "HOSTING_INVOICE_MISSING",
        `DigitalOcean has no invoice for ${monthLabel(lastMonth)} yet`,
      );
    }
    wanted.push(closedLastMonth);
  }

  const months: MonthCosts[] = [];
  for (const invoice of wanted) {
    const charges = await provider.machineCharges(invoice);
    const byDroplet: MonthCosts["droplets"] = new Map();
    for (const charge of charges) {
      const cents = parseCents(charge.amount);
      if (cents === null) {
        throw new HostingProviderError(
          `DigitalOcean sent a malformed amount '${charge.amount}' on the ${monthLabel(invoice.month)} invoice`,
        );
      }
      const current = byDroplet.get(charge.machineId);
      if (current) {
        current.cents += cents;
        current.items.push(charge.raw);
      } else {
        byDroplet.set(charge.machineId, {
          cents,
          name: charge.name,
          project: charge.project,
          items: [charge.raw],
        });
      }
    }
    months.push({ month: invoice.month, droplets: byDroplet });
  }

  let machines: Machine[] | null = null;
  try {
    machines = await provider.machines();
  } catch (error) {
    // Names and projects come from the invoice items; the list only refreshes them.
    if (!(error instanceof HostingProviderError)) throw error;
  }
  return { months, machines };
}

function itemTime(items: unknown[], field: "start_time" | "end_time", pick: "min" | "max") {
  const times = items
    .map((item) => Date.parse(String((item as Record<string, unknown>)?.[field] ?? "")))
    .filter((time) => !Number.isNaN(time));
  if (times.length === 0) return null;
  return pick === "min" ? Math.min(...times) : Math.max(...times);
}

async function writeImport(
  tx: Tx,
  importId: number,
  fetched: Fetched,
  request: ImportRequest,
  now: Date,
): Promise<HostingImportResponse> {
  // Should a slow import be taken over while it writes, the two writes still go one after the other.
  await lockForTransaction(tx, "hostingImportWrites");
  const listed = new Map((fetched.machines ?? []).map((m) => [m.machineId, m.name]));

  // One droplet row per droplet billed in the imported months; the newest month names it, and
  // the droplets list, when it answered, has the last word on the name.
  const seen = new Map<
    string,
    { name: string; project: string | null; first: number | null; last: number | null }
  >();
  for (const month of fetched.months) {
    for (const [dropletId, cost] of month.droplets) {
      const first = itemTime(cost.items, "start_time", "min");
      const last = itemTime(cost.items, "end_time", "max");
      const known = seen.get(dropletId);
      if (!known) {
        seen.set(dropletId, { name: cost.name, project: cost.project, first, last });
      } else {
        if (first !== null) known.first = Math.min(known.first ?? first, first);
        if (last !== null) known.last = Math.max(known.last ?? last, last);
      }
    }
  }

  // Set-wise: the rows as they are, then one upsert per table (in chunks); what changed is
  // counted against the rows read first, under the lock, so the counts are exact.
  const nowMs = now.getTime();
  const dropletRows = [...seen].map(([dropletId, info]) => ({
    dropletId,
    name: listed.get(dropletId) ?? info.name,
    project: info.project,
    firstSeen: new Date(Math.min(info.first ?? nowMs, nowMs)),
    lastSeen: listed.has(dropletId) ? now : new Date(Math.min(info.last ?? nowMs, nowMs)),
  }));
  const existing = new Map<string, { name: string; project: string | null }>();
  for (const ids of chunks(dropletRows.map((row) => row.dropletId))) {
    const rows = await tx
      .select({ dropletId: droplets.dropletId, name: droplets.name, project: droplets.project })
      .from(droplets)
      .where(inArray(droplets.dropletId, ids));
    for (const row of rows) existing.set(row.dropletId, row);
  }
  let dropletsChanged = 0;
  for (const row of dropletRows) {
    const before = existing.get(row.dropletId);
    if (
      !before ||
      before.name !== row.name ||
      (row.project !== null && before.project !== row.project)
    ) {
      dropletsChanged += 1;
    }
  }
  for (const rows of chunks(dropletRows)) {
    await tx
      .insert(droplets)
      .values(rows)
      .onConflictDoUpdate({
        target: droplets.dropletId,
        set: {
          name: sql`excluded.name`,
          project: sql`coalesce(excluded.project, ${droplets.project})`,
          firstSeen: sql`least(${droplets.firstSeen}, excluded.first_seen)`,
          lastSeen: sql`greatest(${droplets.lastSeen}, excluded.last_seen)`,
        },
      });
  }
  // Droplets billed earlier and still listed are still there.
  const stillListed = [...listed.keys()].filter((id) => !seen.has(id));
  for (const ids of chunks(stillListed)) {
    await tx.update(droplets).set({ lastSeen: now }).where(inArray(droplets.dropletId, ids));
  }

  // Each imported month replaces that month's rows: same (month, droplet) updated, droplets no
  // longer billed in it removed.
  const costs = { rows: 0, added: 0, updated: 0, removed: 0 };
  for (const month of fetched.months) {
    const current = new Map(
      (
        await tx
          .select({
            dropletId: dropletCosts.dropletId,
            amount: sql<string>`${dropletCosts.amountUsd}::text`,
          })
          .from(dropletCosts)
          .where(eq(dropletCosts.invoiceMonth, month.month))
      ).map((row) => [row.dropletId, row.amount]),
    );
    const rows = [...month.droplets].map(([dropletId, cost]) => ({
      dropletId,
      amount: formatCents(cost.cents),
      items: cost.items,
    }));
    const gone = [...current.keys()].filter((id) => !month.droplets.has(id));
    costs.rows += rows.length;
    costs.added += rows.filter((row) => !current.has(row.dropletId)).length;
    costs.updated += rows.filter(
      (row) => current.has(row.dropletId) && current.get(row.dropletId) !== row.amount,
    ).length;
    costs.removed += gone.length;
    for (const ids of chunks(gone)) {
      await tx
        .delete(dropletCosts)
        .where(
          and(eq(dropletCosts.invoiceMonth, month.month), inArray(dropletCosts.dropletId, ids)),
        );
    }
    for (const chunk of chunks(rows)) {
      await tx
        .insert(dropletCosts)
        .values(
          chunk.map((row) => ({
            invoiceMonth: month.month,
            dropletId: row.dropletId,
            amountUsd: sql`${row.amount}::numeric` as unknown as number,
            rawData: { items: row.items },
          })),
        )
        .onConflictDoUpdate({
          target: [dropletCosts.invoiceMonth, dropletCosts.dropletId],
          set: { amountUsd: sql`excluded.amount_usd`, rawData: sql`excluded.raw_data` },
        });
    }
  }

  const months = fetched.months
    .map((m) => m.month)
    .sort()
    .reverse();
  const costsChanged = costs.added + costs.updated + costs.removed;
  const message = importMessage(months, dropletsChanged, costsChanged);
  await tx
    .update(hostingImports)
    .set({ finishedAt: now, outcome: "success", message })
    .where(eq(hostingImports.id, importId));
  await recordActivity(tx, request.actor, {
    action: "import",
    area: "hosting",
    itemId: importId,
    itemLabel: "DigitalOcean import",
    detail: {
      kind: request.kind,
      months,
      ...costs,
      droplets: dropletsChanged,
    },
  });
  return { message, months, droplets: dropletsChanged, costs: costsChanged };
}

/** Rows in groups small enough for one statement's parameters. */
function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function importMessage(months: string[], droplets: number, costs: number) {
  const which = months.map(monthLabel).join(" and ");
  if (droplets === 0 && costs === 0) return `Imported ${which}: no changes.`;
  return `Imported ${which}: ${plural(droplets, "droplet")} and ${plural(costs, "cost row")} changed.`;
}

/**
 * Runs one import; null when the scheduler's re-check found it no longer wanted. Throws 409
 * IMPORT_IN_PROGRESS while another import (on any instance) holds the lease.
 */
export async function runHostingImport(
  db: Db,
  provider: HostingProvider,
  request: ImportRequest,
): Promise<HostingImportResponse | null> {
  const holder = randomUUID();
  if (!(await takeLease(db, HOSTING_IMPORT_LEASE, holder))) {
    throw conflict("IMPORT_IN_PROGRESS", HOSTING_IMPORT_RUNNING_MESSAGE);
  }
  try {
    const importId = await recordStart(db, request);
    if (importId === null) return null;
    return await importUnderLease(db, provider, request, importId);
  } finally {
    // A database that fails here too leaves the lease to run out.
    await releaseLease(db, HOSTING_IMPORT_LEASE, holder).catch(() => {});
  }
}

async function importUnderLease(
  db: Db,
  provider: HostingProvider,
  request: ImportRequest,
  importId: number,
): Promise<HostingImportResponse> {
  const now = request.now ?? new Date();
  try {
    const fetched = await fetchFromProvider(provider, request.kind, todayIso("UTC", now));
    return await db.transaction((tx) => writeImport(tx, importId, fetched, request, now));
  } catch (error) {
    const message =
      error instanceof HostingProviderError || error instanceof AppError
        ? error.message
        : "The import could not be saved; the previous data is unchanged.";
    await db
      .transaction(async (tx) => {
        await tx
          .update(hostingImports)
          .set({ finishedAt: new Date(), outcome: "error", message })
          .where(eq(hostingImports.id, importId));
        await emitNotification(tx, {
          type: "sync_failed",
          key: `sync_failed:hosting:${importId}`,
          title: "Hosting import failed",
          text: message,
          item: { area: "hosting", id: importId, label: "DigitalOcean import" },
          link: "/hosting",
        });
      })
      // A database that fails here too leaves the row to its lease; the first error is the story.
      .catch(() => {});
    if (error instanceof HostingProviderError) {
      throw new AppError(502, "HOSTING_PROVIDER_FAILED", error.message);
    }
    throw error;
  }
}
