// A list's state (page, search, sort, order and the area's own filters) lives in the URL's search
// parameters, so a filtered page can be bookmarked, shared and reloaded, and Back and Forward step
// through it (anchor: documenso packages/lib/types/search-params.ts). Each area extends
// listSearchParamsSchema with its sort keys and filters; every field has a fallback (.catch), so
// a stale or hand-edited URL shows the list with that field's default, never an error.
import { z } from "zod";

export const listSearchParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  search: z.string().max(200).catch(""),
  order: z.enum(["asc", "desc"]).catch("asc"),
});

/**
 * The schema of a screen's list state: a page, usually the base fields, and its own, all with a
 * fallback (a screen that only pages picks the page alone).
 */
export type ListSearchParamsSchema = z.ZodObject<
  Pick<(typeof listSearchParamsSchema)["shape"], "page"> & z.ZodRawShape
>;
export type ListState<S extends ListSearchParamsSchema> = z.output<S>;

/** The list state a URL describes (the defaults for what it leaves out). */
export function readListState<S extends ListSearchParamsSchema>(
  schema: S,
  params: URLSearchParams,
): ListState<S> {
  return schema.parse(Object.fromEntries(params));
}

/**
 * The URL parameters after `changes`: a value equal to its default is left out (the plain URL is
 * the default list), parameters the list does not own are kept, and any change other than the
 * page itself goes back to page 1 (a new search's page 3 is not the old one's).
 */
export function nextListSearchParams<S extends ListSearchParamsSchema>(
  schema: S,
  current: URLSearchParams,
  changes: Readonly<Partial<ListState<S>> | Record<string, unknown>>,
): URLSearchParams {
  const defaults: Record<string, unknown> = schema.parse({});
  const before: Record<string, unknown> = readListState(schema, current);
  const next = new URLSearchParams(current);
  const changed = Object.entries(changes).filter(([name, value]) => before[name] !== value);
  for (const [name, value] of changed) {
    if (value === undefined || value === defaults[name]) next.delete(name);
    else next.set(name, String(value));
  }
  if (changed.some(([name]) => name !== "page") && !("page" in changes)) next.delete("page");
  return next;
}
