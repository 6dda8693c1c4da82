// Where a record's item is seen: its area's page with the item's dialog open (`?item=<id>`,
// lib/linked-item.ts), loaded by id so the link lands on that item even when it is not on the
// list's first page or its name has changed since. Areas without items (sign-in, settings), areas
// whose page does not open an item by id yet, and deleted items show the item's name without a
// link.

import { linkedItemPath } from "@/client/lib/linked-item";
import type { ActivityArea } from "@/domain/activity";
import type { ActivityResponse } from "@/domain/schemas/activity";

/** The page of each area whose page opens an item's dialog from the URL. */
const AREA_PAGES: Partial<Record<ActivityArea, string>> = {
  licenses: "/licenses",
  users: "/users",
  hardware: "/hardware",
};

/** The path showing the record's item, or null (no page for it, no item, or it was deleted). */
export function activityItemPath(
  record: Pick<ActivityResponse, "area" | "action" | "itemId">,
): string | null {
  const page = AREA_PAGES[record.area];
  if (!page || record.itemId === null || record.action === "delete") return null;
  return linkedItemPath(page, record.itemId);
}
