// The list kit's query: every list call reads `limit`, `offset`, `sort`, `order` and `search`
// the same way. An area extends pageQuerySchema with its own filters and narrows `sort` to the
// keys it can order by:
//
//   export const hardwareListQuerySchema = pageQuerySchema.extend({
//     sort: sortSchema(["name", "purchaseDate"], "name"),
//     type: z.enum(HARDWARE_TYPES).optional(),
//   });
//
// Without `limit` and `offset` a list answers every matching row (the spec's client reads some
// lists whole); with either it answers one page and the number of matching rows in the
// X-Total-Count header (server/lib/paging.ts). A page of a list whose total the client already
// knows (another page of the same search and filters) says `withTotal=false`: the server then
// skips the count and sends X-Total-Count only when the page itself tells the total (a short or
// an empty page).
import { z } from "zod";
import { isIsoDate } from "../dates";
import { wholeNumberFromString } from "./common";

/** Most rows one page of a list may ask for. */
export const MAX_PAGE_SIZE = 500;
const MAX_OFFSET = 2_147_483_647;
export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
export const OFFSET_MESSAGE = `Offset must be a whole number from 0 to ${MAX_OFFSET}`;
export const SEARCH_MAX_LENGTH = 200;
export const WITH_TOTAL_MESSAGE = "withTotal must be true or false";

/**
 * An optional whole number from a query string, read as strictly as ids ('1e2', '1.5', '09',
 * '1 ' are not numbers; see common.ts).
 */
export function queryInteger(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (value === "" ? undefined : wholeNumberFromString(value)),
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

/** The sort keys a list accepts, with its default; the message names them. */
export function sortSchema<const T extends readonly [string, ...string[]]>(
  keys: T,
  fallback: T[number],
) {
  const names =
    keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(", ")} or ${keys[keys.length - 1]}`;
  return z.enum(keys, { error: `Sort must be ${names}` }).default(fallback as never);
}

export const pageQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional(),
  /** Each area replaces this with sortSchema(its keys, its default). */
  sort: z.string().optional(),
  order: z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("asc"),
  limit: queryInteger(1, MAX_PAGE_SIZE, LIMIT_MESSAGE),
  offset: queryInteger(0, MAX_OFFSET, OFFSET_MESSAGE),
  /** `false`: the caller knows the total already, do not count (absent or blank: count). */
  withTotal: z.preprocess(
    (value) =>
      value === "true" ? true : value === "false" ? false : value === "" ? undefined : value,
    z.boolean({ error: WITH_TOTAL_MESSAGE }).optional(),
  ),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** True when the query asks for one page (and so for the total), false for the whole list. */
export const isPaged = (query: Pick<PageQuery, "limit" | "offset">) =>
  query.limit !== undefined || query.offset !== undefined;

/**
 * An optional calendar day of a list's date filter ('2027-01-05'; blank is no filter): a list's
 * rows from that day (`…From`) or to it (`…To`), both included. The calendar feed's grouped
 * events link to a list narrowed so to their day (decision 0053). A `from` after `to` is an empty
 * list, as any range that holds no day.
 */
/** A yes/no query parameter: 'true' or 'false' (the only words a URL can say it with). */
export const queryFlag = (name: string) =>
  z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: `${name} must be true or false` }),
  );

export const queryDate = (name: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string({ error: `${name} must be a date in the form YYYY-MM-DD` })
      .refine(isIsoDate, `${name} must be a real date in the form YYYY-MM-DD`)
      .optional(),
  );
