// The URL parameter that opens one item's dialog on its area's page (issue 15; read by
// hooks/use-linked-item.ts), and the path that names it, for whatever links to an item.

/** `/licenses?item=12`: the Licenses page with license 12's dialog open. */
export const LINKED_ITEM_PARAM = "item";

/** `page` may carry its own query (a tab): `linkedItemPath("/hardware?tab=requests", 4)`. */
export function linkedItemPath(page: string, id: number): string {
  const [path, query] = page.split("?");
  const params = new URLSearchParams(query);
  params.set(LINKED_ITEM_PARAM, String(id));
  return `${path}?${params}`;
}
