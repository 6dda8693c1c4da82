// Where a record's item is seen: its area's page with the item's dialog open (`?item=<id>`,
// lib/linked-item.ts), loaded by id so the link lands on that item even when it is not on the
// list's first page or its name has changed since. Hardware requests have no dialog of their own:
// they link to their list searched for the item's name (the lists keep their search in the URL,
// decision 0007). Areas without items (sign-in, settings), areas added later without an entry
// here, and deleted items show the item's name without a link.
import { linkedItemPath } from "@/client/lib/linked-item";
import type { ActivityArea } from "@/domain/activity";
import type { ActivityResponse } from "@/domain/schemas/activity";

/** The page of each area that opens an item's dialog from the URL. */
const ITEM_PAGES: Partial<Record<ActivityArea, string>> = {
  licenses: "/licenses",
  users: "/users",
  hardware: "/hardware",
  office_accounts: "/accounts",
  directories: "/directories",
  trust_reviews: "/trust-reviews",
  gsuite: "/gsuite-accounts?tab=users",
  gsuite_plans: "/gsuite-accounts?tab=plans",
  gsuite_organizations: "/gsuite-accounts?tab=organizations",
};

/** The list of each area whose page cannot open one item, searched by the item's name. */
const SEARCHED_LISTS: Partial<Record<ActivityArea, string>> = {
  hardware_requests: "/hardware?tab=requests",
};

function searchedListPath(list: string, name: string): string {
  const [path, query] = list.split("?");
  const params = new URLSearchParams(query);
  params.set("search", name);
  return `${path}?${params}`;
}

/** The path showing the record's item, or null (no page for it, no item, or it was deleted). */
export function activityItemPath(
  record: Pick<ActivityResponse, "area" | "action" | "itemId" | "itemLabel">,
): string | null {
  if (record.action === "delete") return null;
  const page = ITEM_PAGES[record.area];
  if (page) return record.itemId === null ? null : linkedItemPath(page, record.itemId);
  const list = SEARCHED_LISTS[record.area];
  return list && record.itemLabel ? searchedListPath(list, record.itemLabel) : null;
}
