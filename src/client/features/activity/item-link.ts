// Where a record's item is seen: its area's list, searched for the item's name (the lists keep
// their search in the URL, decision 0007), so the link lands on the row with its actions. Areas
// without a list of items (sign-in, settings) and areas added later without an entry here show the
// item's name without a link.
import type { ActivityArea } from "@/domain/activity";
import type { ActivityResponse } from "@/domain/schemas/activity";

const AREA_LISTS: Partial<Record<ActivityArea, string>> = {
  licenses: "/licenses",
  assignments: "/licenses",
  users: "/users",
  hardware: "/hardware",
  hardware_requests: "/hardware?tab=requests",
  office_accounts: "/accounts",
  directories: "/directories",
  gsuite: "/gsuite-accounts?tab=users",
  gsuite_plans: "/gsuite-accounts?tab=plans",
  gsuite_organizations: "/gsuite-accounts",
  trust_reviews: "/trust-reviews",
};

/** The path showing the record's item, or null (no list, no name, or the item was deleted). */
export function activityItemPath(
  record: Pick<ActivityResponse, "area" | "action" | "itemLabel">,
): string | null {
  const list = AREA_LISTS[record.area];
  if (!list || !record.itemLabel || record.action === "delete") return null;
  const [path, query] = list.split("?");
  const params = new URLSearchParams(query);
  params.set("search", record.itemLabel);
  return `${path}?${params}`;
}
