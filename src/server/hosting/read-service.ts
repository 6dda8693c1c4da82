// The hosting read models (spec part 2, section 3): status, droplets, costs and the summary.
// Sums are numeric in SQL and leave the database as text, so no float ever holds money.
import { desc, eq, isNotNull, sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import { monthOf, previousMonth, summarizeHosting } from "../../domain/hosting";
import type {
  HostingCost,
  HostingDroplet,
  HostingStatusResponse,
  HostingSummaryResponse,
} from "../../domain/schemas/hosting";
import type { Executor } from "../db/client";
import { leaseHeld } from "../db/lease";
import { dropletCosts, droplets, hostingImports } from "../db/schema";
import { HOSTING_IMPORT_LEASE } from "./import-service";

export const HOSTING_CONFIGURED_MESSAGE = "The DigitalOcean API token is configured.";
export const HOSTING_NOT_CONFIGURED_STATUS_MESSAGE =
  "No DigitalOcean API token is configured (DIGITALOCEAN_TOKEN).";

const lastImportColumns = {
  kind: hostingImports.kind,
  trigger: hostingImports.trigger,
  outcome: hostingImports.outcome,
  message: hostingImports.message,
  startedAt: hostingImports.startedAt,
  finishedAt: hostingImports.finishedAt,
};

export async function hostingStatus(
  db: Executor,
  configured: boolean,
): Promise<HostingStatusResponse> {
  const [last] = await db
    .select(lastImportColumns)
    .from(hostingImports)
    .where(isNotNull(hostingImports.finishedAt))
    .orderBy(desc(hostingImports.finishedAt), desc(hostingImports.id))
    .limit(1);
  const [success] = await db
    .select({
      at: sql<Date | null>`max(${hostingImports.finishedAt})`.mapWith(hostingImports.finishedAt),
    })
    .from(hostingImports)
    .where(eq(hostingImports.outcome, "success"));
  const running = await leaseHeld(db, HOSTING_IMPORT_LEASE);

  const lastImport =
    last?.finishedAt && last.outcome
      ? {
          kind: last.kind,
          trigger: last.trigger,
          outcome: last.outcome,
          message: last.message ?? "",
          started_at: last.startedAt.toISOString(),
          finished_at: last.finishedAt.toISOString(),
        }
      : null;
  const lastSuccessAt = success?.at ? success.at.toISOString() : null;
  const base = {
    last_import: lastImport,
    last_success_at: lastSuccessAt,
    importing: Boolean(running),
  };
  if (!configured) {
    return { status: "not_configured", message: HOSTING_NOT_CONFIGURED_STATUS_MESSAGE, ...base };
  }
  if (lastImport?.outcome === "error") {
    return { status: "error", message: lastImport.message, ...base };
  }
  return { status: "configured", message: HOSTING_CONFIGURED_MESSAGE, ...base };
}

export async function listDroplets(db: Executor): Promise<HostingDroplet[]> {
  const rows = await db
    .select()
    .from(droplets)
    .orderBy(sql`lower(${droplets.name})`, droplets.dropletId);
  return rows.map((row) => ({
    droplet_id: row.dropletId,
    name: row.name,
    project: row.project,
    is_temporary: row.isTemporary,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
  }));
}

/** Every cost row, newest month first, the dearest droplet first within a month. */
export async function listCosts(db: Executor): Promise<HostingCost[]> {
  return db
    .select({
      droplet_id: dropletCosts.dropletId,
      name: sql<string>`coalesce(${droplets.name}, ${dropletCosts.dropletId})`,
      project: droplets.project,
      month: dropletCosts.invoiceMonth,
      amount_usd: sql<string>`${dropletCosts.amountUsd}::text`,
    })
    .from(dropletCosts)
    .leftJoin(droplets, eq(droplets.dropletId, dropletCosts.dropletId))
    .orderBy(
      desc(dropletCosts.invoiceMonth),
      desc(dropletCosts.amountUsd),
      sql`lower(coalesce(${droplets.name}, ${dropletCosts.dropletId}))`,
    );
}

export async function hostingSummary(
  db: Executor,
  today: IsoDate,
): Promise<HostingSummaryResponse> {
  const month = monthOf(today);
  const previous = previousMonth(month);
  const total = (condition?: ReturnType<typeof sql>) =>
    condition
      ? sql<string>`coalesce(sum(${dropletCosts.amountUsd}) filter (where ${condition}), 0)::numeric(16,2)::text`
      : sql<string>`coalesce(sum(${dropletCosts.amountUsd}), 0)::numeric(16,2)::text`;
  const [row] = await db
    .select({
      current: total(sql`${dropletCosts.invoiceMonth} = ${month}`),
      previous: total(sql`${dropletCosts.invoiceMonth} = ${previous}`),
      allTime: total(),
    })
    .from(dropletCosts);
  return summarizeHosting({
    today,
    currentTotal: row?.current ?? "0",
    previousTotal: row?.previous ?? "0",
    allTimeTotal: row?.allTime ?? "0",
  });
}
