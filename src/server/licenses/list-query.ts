// The license list's filter and sort as SQL, so a long list is narrowed and ordered by the
// database instead of being loaded whole. The rules are the domain's (license-status.ts and
// money.ts): the status bounds and the cost factors (money/monthly-cost-sql.ts) are built from
// those constants, and list-query.test.ts checks the SQL against matchesStatusFilter row by row.
import {
  and,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { addDays, type IsoDate } from "../../domain/dates";
import type { LicenseStatusFilter } from "../../domain/enums";
import { EXPIRING_SOON_DAYS } from "../../domain/license-status";
import { type LicenseListQuery, licenseCursors } from "../../domain/schemas/licenses";
import { licenses } from "../db/schema";
import { keysetOrder, keysetSort } from "../lib/keyset";
import { monthlyUsdCostSql } from "../money/monthly-cost-sql";

/** The days a status filter compares expiry dates with: today and the last "expiring soon" day. */
export interface StatusDays<Day = IsoDate> {
  today: Day;
  lastExpiringDay: Day;
}

export const statusDays = (today: IsoDate): StatusDays => ({
  today,
  lastExpiringDay: addDays(today, EXPIRING_SOON_DAYS),
});

/** statusCondition's days as placeholders, filled from statusDays(today): the list prepares it. */
export const statusDayPlaceholders: StatusDays<SQLWrapper> = {
  today: sql.placeholder("today"),
  lastExpiringDay: sql.placeholder("lastExpiringDay"),
};

// 'auto' is written into the statement: the partial indexes on renewal status (schema.ts) then
// serve it in a prepared statement's generic plan too.
const isAuto = sql`${licenses.renewalStatus} = 'auto'`;
const notAuto = sql`${licenses.renewalStatus} <> 'auto'`;

/** The SQL twin of matchesStatusFilter (auto-renewing counts as active; no expiry as expired). */
export function statusCondition(
  filter: LicenseStatusFilter,
  { today, lastExpiringDay }: StatusDays<IsoDate | SQLWrapper>,
): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "active":
      return or(
        isAuto,
        and(isNotNull(licenses.expiryDate), gt(licenses.expiryDate, lastExpiringDay)),
      );
    case "expiring":
      return and(
        notAuto,
        gte(licenses.expiryDate, today),
        lte(licenses.expiryDate, lastExpiringDay),
      );
    case "expired":
      return and(notAuto, or(isNull(licenses.expiryDate), lt(licenses.expiryDate, today)));
  }
}

const lowerName = sql`lower(${licenses.name})`;

/**
 * The list's sorts (keys in domain/schemas/licenses.ts): each key, then name, then id, all in the
 * chosen direction (a keyset page is one index bound only so); no date or no cost last either
 * way. Each has its index in schema.ts on the same expressions (decision 0040).
 */
export const licenseSorts = {
  name: keysetSort(licenseCursors, "name", [lowerName], licenses.id),
  expiryDate: keysetSort(
    licenseCursors,
    "expiryDate",
    [licenses.expiryDate, lowerName],
    licenses.id,
  ),
  cost: keysetSort(licenseCursors, "cost", [monthlyUsdCostSql(licenses), lowerName], licenses.id),
};

/** ORDER BY for the list in the query's sort and direction. */
export const listOrder = (query: Pick<LicenseListQuery, "sort" | "order">): SQL[] =>
  keysetOrder(licenseSorts[query.sort], query.order);
