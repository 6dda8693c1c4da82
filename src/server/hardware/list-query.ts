// The hardware list's visibility, tab and order as SQL, so a long list is narrowed and ordered by
// the database. The rules are the domain's (hardware-status.ts); the role rule is spec part 2,
// section 6: an ordinary user sees only unassigned items and the items they hold.
import { and, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  type HardwareListQuery,
  type HardwareView,
  hardwareCursors,
} from "../../domain/schemas/hardware";
import type { ActiveSession } from "../auth/sessions";
import { hardware } from "../db/schema";
import { type KeysetSort, keysetOrder, keysetSort, withinOneKey } from "../lib/keyset";
import { matchingIds } from "../lib/text-search";

/** What the viewer may see: everything for an administrator, else free items and their own. */
export function visibleTo(session: ActiveSession): SQL | undefined {
  if (session.user.role === "admin") return undefined;
  return or(isNull(hardware.assignedToUserId), eq(hardware.assignedToUserId, session.user.id));
}

/** The SQL twin of the tabs: isAvailableOrReserved for 'available', held for 'assigned'. */
export function viewCondition(view: HardwareView): SQL | undefined {
  switch (view) {
    case "all":
      return undefined;
    case "available":
      return or(isNull(hardware.assignedToUserId), eq(hardware.status, "reserved"));
    case "assigned":
      return isNotNull(hardware.assignedToUserId);
  }
}

/** What the list's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const hardwareSearchColumns = [
  hardware.name,
  hardware.identifier,
  hardware.location,
  hardware.pcName,
];

export function listConditions(session: ActiveSession, query: HardwareListQuery) {
  // A user's held items are exactly theirs: said as one equality, the planner reads them from
  // the holder index instead of walking the whole name index for a couple of dozen rows.
  const ownHeld = session.user.role !== "admin" && query.view === "assigned";
  return and(
    ownHeld ? eq(hardware.assignedToUserId, session.user.id) : visibleTo(session),
    ownHeld ? undefined : viewCondition(query.view),
    query.type ? eq(hardware.type, query.type) : undefined,
    query.location ? eq(hardware.location, query.location) : undefined,
    query.status ? eq(hardware.status, query.status) : undefined,
    query.assignedToUserId ? eq(hardware.assignedToUserId, query.assignedToUserId) : undefined,
    query.search ? matchingIds(hardware.id, hardwareSearchColumns, query.search) : undefined,
  );
}

const byName = sql`lower(${hardware.name})`;

// Each sort ends in the id, so consecutive pages neither repeat nor skip a row, and runs one
// direction for all its keys, so one index walks it either way and a page can start at a row's
// position (migration 0040, decision 0040). Items without a location come last either way,
// behind the keyset's null flag, as every list's blank keys (decision 0051).
export const hardwareSorts = {
  name: keysetSort(hardwareCursors, "name", [byName], hardware.id),
  type: keysetSort(hardwareCursors, "type", [hardware.type, byName], hardware.id),
  location: keysetSort(hardwareCursors, "location", [hardware.location, byName], hardware.id),
  status: keysetSort(hardwareCursors, "status", [hardware.status, byName], hardware.id),
  createdAt: keysetSort(hardwareCursors, "createdAt", [hardware.createdAt], hardware.id),
};

/**
 * The query's sort. Narrowed to one location, the location sort has no blank to put last: without
 * the null flag, the location filter's index (location, name, id) walks it (withinOneKey).
 */
export const hardwareSort = (query: Pick<HardwareListQuery, "sort" | "location">): KeysetSort =>
  query.sort === "location" && query.location
    ? withinOneKey(hardwareSorts.location)
    : hardwareSorts[query.sort];

/** ORDER BY for the list in the query's sort and direction. */
export const listOrder = (query: Pick<HardwareListQuery, "sort" | "order">): SQL[] =>
  keysetOrder(hardwareSorts[query.sort], query.order);
