// The feed's events (decision 0043): one per obligation, except that a day's obligations of one
// kind are one event when there are more than GROUP_ABOVE of them ("12 licenses expire", every
// name in its description). An administrator's feed at 50,000 licenses was 100,000 events
// (70 MB); grouped it is a few per day. The grouping is done in the database, so only a day's
// names leave it, not a row per obligation. A feed may ask for some kinds only.
import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import {
  compareObligations,
  hostingMonthEnds,
  type ObligationKind,
  obligationGroupKey,
  obligationGroupTitle,
  obligationListPath,
} from "../../domain/obligations";
import { FEED_GROUP_ABOVE } from "../../domain/schemas/calendar-feed";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows-of";
import {
  type DatedObligation,
  hostingMonthEndObligation,
  kindOfRow,
  type ObligationRow,
  type ObligationScope,
  obligationOfRow,
  obligationRowsSql,
  usesHosting,
} from "../obligations/read-service";

/** A day's obligations of one kind are told one by one up to this many, as one event above. */
export const GROUP_ABOVE = FEED_GROUP_ABOVE;

/** An event of the feed: one obligation, or a day's obligations of one kind (`names`). */
export type FeedEntry = Pick<
  DatedObligation,
  "key" | "kind" | "date" | "title" | "amount" | "currency" | "path"
> & { names?: string[] };

export interface FeedQuery {
  range: { from: IsoDate; to: IsoDate };
  scope: ObligationScope;
  /** Only these kinds (every kind when absent). */
  kinds?: readonly ObligationKind[];
}

/**
 * One row per day, source and event kind: how many obligations (n) and each one's item id, name,
 * amount and currency (a JSON array as text, so a name holding a line break or a comma stays one
 * name). One grouping pass: no window over every row, and the names sorted bytewise (readFeedEntries
 * sorts them again as the titles sort).
 */
function feedRowsSql({ range, scope, kinds }: FeedQuery): SQL {
  const userId = scope === "all" ? null : scope.userId;
  return sql`
    select o.date, o.kind, o.source, count(*)::int as n,
      json_agg(json_build_array(o.item_id, o.name, o.amount, o.currency)
        order by o.name collate "C", o.item_id)::text as items
    from (${obligationRowsSql(range, userId, false, kinds)}) o
    group by o.date, o.kind, o.source`;
}

/**
 * A digest of the feed's rows computed in the database (no row leaves it): the same digest means
 * the same events. Read it and the entries in one snapshot (a repeatable-read transaction).
 */
export async function feedDigest(db: Executor, query: FeedQuery): Promise<string> {
  const hosting = !query.kinds || query.kinds.includes("hosting_month_end");
  const result = await db.execute(sql`
    select md5(coalesce(string_agg(f::text, ',' order by f::text), '')
      || ${hosting ? sql`exists (select 1 from droplet_costs)::text` : sql`'no hosting'`}) as digest
    from (${feedRowsSql(query)}) f`);
  return rowsOf<{ digest: string }>(result)[0]!.digest;
}

const byLocale = new Intl.Collator().compare;

/** The feed's events in the obligations' order (date, kind, title, key). */
export async function readFeedEntries(db: Executor, query: FeedQuery): Promise<FeedEntry[]> {
  const { range, scope, kinds } = query;
  const userId = scope === "all" ? null : scope.userId;
  const result = await db.execute(feedRowsSql(query));
  const entries: FeedEntry[] = [];
  type Item = [itemId: number | null, name: string, amount: string | null, currency: string | null];
  type Row = Pick<ObligationRow, "date" | "kind" | "source"> & { n: number; items: string };
  for (const row of rowsOf<Row>(result)) {
    const kind = kindOfRow(row);
    if (!kind) continue;
    const items = JSON.parse(row.items) as Item[];
    if (row.n <= GROUP_ABOVE) {
      for (const [itemId, name, amount, currency] of items) {
        const single = { ...row, item_id: itemId, name, amount, currency, persons: null };
        entries.push(obligationOfRow(single, kind, userId, false));
      }
      continue;
    }
    entries.push({
      key: obligationGroupKey(kind, row.date),
      kind,
      date: row.date,
      title: obligationGroupTitle(kind, row.n),
      amount: null,
      currency: null,
      path: obligationListPath(kind),
      // In the order the single events' titles sort in.
      names: items.map(([, name]) => name).sort(byLocale),
    });
  }
  const hosting = !kinds || kinds.includes("hosting_month_end");
  if (userId === null && hosting && (await usesHosting(db))) {
    // One a month: never more than one a day.
    for (const date of hostingMonthEnds(range.from, range.to)) {
      entries.push(hostingMonthEndObligation(date, false));
    }
  }
  return entries.sort(compareObligations);
}
