// The hardware section of the dashboard summary: the Hardware Status card's figures (one grouped
// pass over what the viewer may see) and the Hardware Inventory table's few rows (LIMITed index
// walks), never the list itself. The Available figure is the spec's (nobody holds it, spec part 2,
// section 4); the rows offered to assign or request are also in service (isHardwareOffered,
// domain/hardware-status.ts): a retired laptop is free but not to be handed out.
import { and, asc, eq, inArray, isNull, not, type SQL, sql } from "drizzle-orm";
import { OUT_OF_SERVICE_STATUSES } from "../../domain/hardware-status";
import {
  ADMIN_INVENTORY_ROWS,
  type DashboardHardware,
  type DashboardSummaryResponse,
  USER_INVENTORY_ROWS,
} from "../../domain/schemas/dashboard";
import type { ActiveSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { hardware } from "../db/schema";
import { visibleTo } from "../hardware/list-query";

type HardwareSection = DashboardSummaryResponse["hardware"];

const inventoryColumns = {
  id: hardware.id,
  name: hardware.name,
  type: hardware.type,
  location: hardware.location,
  status: hardware.status,
  assignedToUserId: hardware.assignedToUserId,
};

type InventoryRow = Omit<DashboardHardware, "assignedToMe"> & { assignedToUserId: number | null };

/** The SQL twin of isHardwareOffered: nobody holds it and it is not under maintenance or retired. */
const offered: SQL = and(
  isNull(hardware.assignedToUserId),
  not(inArray(hardware.status, [...OUT_OF_SERVICE_STATUSES])),
)!;

// The hardware list's default order (lower(name), id), which hardware_name_lower_idx serves.
const byName = [asc(sql`lower(${hardware.name})`), asc(hardware.id)];

export async function hardwareSummary(db: Db, session: ActiveSession): Promise<HardwareSection> {
  const isAdmin = session.user.role === "admin";
  const inventoryRows = isAdmin ? ADMIN_INVENTORY_ROWS : USER_INVENTORY_ROWS;
  const [groups, offeredRows, own] = await Promise.all([
    db
      .select({
        type: hardware.type,
        count: sql<number>`count(*)`.mapWith(Number),
        assigned: sql<number>`count(${hardware.assignedToUserId})`.mapWith(Number),
      })
      .from(hardware)
      .where(visibleTo(session))
      .groupBy(hardware.type)
      .orderBy(sql`count(*) desc`, hardware.type),
    db
      .select(inventoryColumns)
      .from(hardware)
      .where(offered)
      .orderBy(...byName)
      .limit(inventoryRows),
    // An ordinary user's table starts with what they hold.
    isAdmin
      ? Promise.resolve([] as InventoryRow[])
      : db
          .select(inventoryColumns)
          .from(hardware)
          .where(eq(hardware.assignedToUserId, session.user.id))
          .orderBy(...byName)
          .limit(inventoryRows),
  ]);

  const toRow = ({ assignedToUserId, ...item }: InventoryRow): DashboardHardware => ({
    ...item,
    assignedToMe: assignedToUserId !== null && assignedToUserId === session.user.id,
  });
  let total = 0;
  let assigned = 0;
  for (const group of groups) {
    total += group.count;
    assigned += group.assigned;
  }
  return {
    total,
    available: total - assigned,
    assigned,
    byType: groups,
    inventory: [...own, ...offeredRows].slice(0, inventoryRows).map(toRow),
  };
}
