// Hardware availability (spec part 2, section 4): an item is available when nobody holds it and
// assigned otherwise; the Available & Reserved tab shows unassigned items and reserved ones.
import { addYears, type IsoDate } from "./dates";
import type { HardwareStatus } from "./enums";

// The SQL twins of these rules are in server/hardware/list-query.ts (isHardwareOffered's in
// server/dashboard/hardware-summary.ts).

export interface HardwareHolding {
  assignedToUserId: number | null;
  status: string;
}

export const isHardwareAvailable = (item: HardwareHolding) => item.assignedToUserId === null;

/**
 * Statuses that take a free item out of service: it is not offered to assign or to request (the
 * dashboard's Available figure and inventory, the pickers), and a request for it is refused.
 */
export const OUT_OF_SERVICE_STATUSES: readonly HardwareStatus[] = ["maintenance", "retired"];

export const isOutOfService = (item: Pick<HardwareHolding, "status">) =>
  (OUT_OF_SERVICE_STATUSES as readonly string[]).includes(item.status);

/** Free and in service: what may be offered to assign or to request. */
export const isHardwareOffered = (item: HardwareHolding) =>
  isHardwareAvailable(item) && !isOutOfService(item);

/** Belongs in the Available & Reserved tab. */
export const isAvailableOrReserved = (item: HardwareHolding) =>
  isHardwareAvailable(item) || item.status === "reserved";

/**
 * Whether `userId` may be given the item: a free item can be given to anyone, and giving an item
 * to its current holder changes nothing; an item someone else holds must be unassigned first.
 */
export const canAssignHardwareTo = (item: HardwareHolding, userId: number) =>
  item.assignedToUserId === null || item.assignedToUserId === userId;

/** Default warranty expiry of a new item: one year after `today` (29 February → 28 February). */
export const defaultWarrantyExpiry = (today: IsoDate): IsoDate => addYears(today, 1);
