// The feed's events (decision 0043): one per obligation, except that a day's obligations of one
// kind are one event when there are more than GROUP_ABOVE of them ("12 licenses expire"). An
// administrator's feed at 50,000 licenses was 100,000 events (70 MB); grouped it is a few per
// day. The grouping is done in the database, so only a day's names leave it, not a row per
// obligation; where the kind's list can show exactly that day (obligationDayListPath), only its
// first FEED_GROUP_NAMES names, and the event links there for the rest (decision 0053). A feed may
// ask for some kinds only. The rows read are also what the ETag is a digest of: one read.
import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { addDays, type IsoDate } from "../../domain/dates";
import { RENEWAL_REMINDER_DAYS } from "../../domain/expenses/schedule";
import {
  compareObligations,
  hostingMonthEnds,
  OBLIGATION_KINDS,
  type ObligationKind,
  obligationDayListPath,
  obligationGroupKey,
  obligationGroupTitle,
  obligationListPath,
} from "../../domain/obligations";
import { FEED_GROUP_ABOVE, FEED_GROUP_NAMES } from "../../domain/schemas/calendar-feed";
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

/**
 * An event of the feed: one obligation, or a day's obligations of one kind: `names` (every one,
 * or the first of `count` when `path` shows exactly that day's).
 */
export type FeedEntry = Pick<
  DatedObligation,
  "key" | "kind" | "date" | "title" | "amount" | "currency" | "path"
> & { names?: string[]; count?: number };

export interface FeedQuery {
  range: { from: IsoDate; to: IsoDate };
  scope: ObligationScope;
  /** Only these kinds (every kind when absent). */
  kinds?: readonly ObligationKind[];
}

// The events of the kinds whose list obligationDayListPath narrows to one day (license expiries
// and their renewal reminders): their groups name only the first few (feed-grouping.test.ts
// checks the two agree).
const DAY_LISTED_EVENTS = sql`('license', 'expiry'), ('license', 'renewal')`;

/**
 * One row per day, source and event kind: how many obligations (n), the first FEED_GROUP_NAMES
 * names and item ids in the licenses list's name order, and (a few, for the singles) amounts and currencies; a kind
 * whose list cannot show one day gets every name and id. Arrays, not JSON built per row: a name
 * holding a line break or a comma stays one name, and only the names told leave the database.
 */
function feedRowsSql({ range, scope, kinds }: FeedQuery): SQL {
  const userId = scope === "all" ? null : scope.userId;
  // The licenses list's order by name (lower(name), id): the names told are its first rows.
  const order = sql`order by lower(o.name), o.item_id`;
  const limited = sql`(o.source, o.kind) in (${DAY_LISTED_EVENTS})`;
  const told = (column: SQL, many: number) =>
    sql`case when bool_or(${limited}) then (array_agg(${column} ${order}))[1:${sql.raw(String(many))}]
      else array_agg(${column} ${order}) end`;
  return sql`
    select o.date, o.kind, o.source, count(*)::int as n,
      ${told(sql`o.item_id`, FEED_GROUP_NAMES)} as ids,
      ${told(sql`o.name`, FEED_GROUP_NAMES)} as names,
      (array_agg(o.amount ${order}))[1:${sql.raw(String(GROUP_ABOVE))}] as amounts,
      (array_agg(o.currency ${order}))[1:${sql.raw(String(GROUP_ABOVE))}] as currencies
    from (${obligationRowsSql(range, userId, false, kinds)}) o
    group by o.date, o.kind, o.source
    order by o.date, o.kind, o.source`;
}

type FeedRow = Pick<ObligationRow, "date" | "kind" | "source"> & {
  n: number;
  ids: (number | null)[];
  names: string[];
  amounts: (string | null)[];
  currencies: (string | null)[];
};

/** What the feed is made of, read in one statement (and whether hosting month ends are shown). */
export interface FeedRows {
  rows: FeedRow[];
  hosting: boolean;
}

/** License expiries and renewal reminders: the same licenses, the reminder days before. */
const LICENSE_DAY_KINDS = [
  { kind: "license_expiry", eventKind: "expiry", before: 0 },
  { kind: "license_renewal", eventKind: "renewal", before: RENEWAL_REMINDER_DAYS },
] as const;

/**
 * The administrator's license expiries and renewal reminders, in feedRowsSql's shape, read by
 * day instead of by license: each day's count from the expiry index alone, then that day's first
 * FEED_GROUP_NAMES licenses in the list's name order, an index walk of the same index (expiry
 * date, lower(name), id) stopped after them. At 50,000 licenses the grouping read every license
 * of the window and sorted all their names to tell ten a day (decision 0053). The same rows as
 * eventsSql's license expiry and renewal events (no other condition there either).
 */
function licenseDaysSql(range: FeedQuery["range"], kind: (typeof LICENSE_DAY_KINDS)[number]): SQL {
  const first = sql`${addDays(range.from, kind.before)}::date`;
  const last = sql`${addDays(range.to, kind.before)}::date`;
  return sql`
    select to_char(d.expiry - ${kind.before}::int, 'YYYY-MM-DD') as date,
      ${kind.eventKind}::text as kind, 'license'::text as source, d.n,
      t.ids, t.names, t.amounts[1:${sql.raw(String(GROUP_ABOVE))}] as amounts,
      t.currencies[1:${sql.raw(String(GROUP_ABOVE))}] as currencies
    from (
      select l.expiry_date as expiry, count(*)::int as n
      from licenses l where l.expiry_date between ${first} and ${last}
      group by l.expiry_date
    ) d
    cross join lateral (
      select array_agg(x.id order by x.k, x.id) as ids, array_agg(x.name order by x.k, x.id) as names,
        array_agg(x.amount order by x.k, x.id) as amounts,
        array_agg(x.currency order by x.k, x.id) as currencies
      from (
        select l.id, l.name, lower(l.name) as k, round(l.payment_amount, 2)::text as amount,
          l.payment_currency::text as currency
        from licenses l where l.expiry_date = d.expiry
        order by lower(l.name), l.id
        limit ${sql.raw(String(FEED_GROUP_NAMES))}
      ) x
    ) t`;
}

export async function readFeedRows(db: Executor, query: FeedQuery): Promise<FeedRows> {
  const wanted = query.kinds ?? OBLIGATION_KINDS;
  // A person's feed is small (their own licenses): the one grouped statement reads it.
  const byDay =
    query.scope === "all" ? LICENSE_DAY_KINDS.filter((k) => wanted.includes(k.kind)) : [];
  const others = wanted.filter((kind) => !byDay.some((k) => k.kind === kind));
  const rows: FeedRow[] = [];
  if (others.length > 0) {
    rows.push(...rowsOf<FeedRow>(await db.execute(feedRowsSql({ ...query, kinds: others }))));
  }
  for (const kind of byDay) {
    rows.push(...rowsOf<FeedRow>(await db.execute(licenseDaysSql(query.range, kind))));
  }
  const wantsHosting = wanted.includes("hosting_month_end");
  const hosting = query.scope === "all" && wantsHosting && (await usesHosting(db));
  return { rows, hosting };
}

/**
 * A digest of the rows: the same digest means the same events (the rows hold everything the
 * events show). Taken from the rows the body is written from, so a poll and a new body each read
 * them once (decision 0053; they were read twice, a digest in SQL and the rows again).
 */
export function feedDigest({ rows, hosting }: FeedRows): string {
  const hash = createHash("sha256");
  // Sorted: the statements return their rows in whatever order the plan gives (a parallel
  // aggregate may change it), and the same rows must give the same ETag.
  for (const line of rows.map((row) => JSON.stringify(row)).sort()) hash.update(line).update("\n");
  return hash.update(hosting ? "hosting" : "no hosting").digest("base64url");
}

const byLocale = new Intl.Collator().compare;

/** The feed's events in the obligations' order (date, kind, title, key). */
export function feedEntriesOf({ rows, hosting }: FeedRows, query: FeedQuery): FeedEntry[] {
  const { range, scope } = query;
  const userId = scope === "all" ? null : scope.userId;
  const entries: FeedEntry[] = [];
  for (const row of rows) {
    const kind = kindOfRow(row);
    if (!kind) continue;
    if (row.n <= GROUP_ABOVE) {
      row.names.forEach((name, i) => {
        const single = {
          ...row,
          item_id: row.ids[i] ?? null,
          name,
          amount: row.amounts[i] ?? null,
          currency: row.currencies[i] ?? null,
          persons: null,
        };
        entries.push(obligationOfRow(single, kind, userId, false));
      });
      continue;
    }
    const dayList = obligationDayListPath(kind, row.date);
    entries.push({
      key: obligationGroupKey(kind, row.date),
      kind,
      date: row.date,
      title: obligationGroupTitle(kind, row.n),
      amount: null,
      currency: null,
      path: dayList ?? obligationListPath(kind),
      // In the order the single events' titles sort in.
      names: [...row.names].sort(byLocale),
      count: row.n,
    });
  }
  if (hosting) {
    // One a month: never more than one a day.
    for (const date of hostingMonthEnds(range.from, range.to)) {
      entries.push(hostingMonthEndObligation(date, false));
    }
  }
  return entries.sort(compareObligations);
}
