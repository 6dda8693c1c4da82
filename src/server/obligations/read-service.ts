// The list of obligations between two dates (both included), for everyone (administrators) or for
// one person (what concerns them: licenses they hold a seat of, office accounts they use, hardware
// they hold). The dates come from the expense calendar's SQL (eventsSql, amounts left in their own
// currency), plus trust review payments and hosting month ends; see domain/obligations.ts.
import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import {
  EVENT_KINDS,
  EVENT_SOURCES,
  type EventKind,
  type EventSource,
} from "../../domain/expenses/schedule";
import {
  compareObligations,
  hostingMonthEnds,
  OBLIGATION_AREAS,
  type Obligation,
  type ObligationKind,
  obligationKey,
  obligationKindOfEvent,
  obligationPath,
  obligationTitle,
  TRUST_REVIEW_PAYING_STATUSES,
} from "../../domain/obligations";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { eventsSql } from "./events-sql";

export type ObligationScope = { userId: number } | "all";

/** Every calendar event that is an obligation: its source and event kind, and which kind it is. */
const EVENT_PAIRS = EVENT_SOURCES.flatMap((source) =>
  EVENT_KINDS.flatMap((eventKind) => {
    const kind = obligationKindOfEvent(source, eventKind);
    return kind ? [{ source, eventKind, kind }] : [];
  }),
);

export interface ObligationRow {
  date: string;
  kind: EventKind | "trust_review_payment";
  source: EventSource | "trust_review";
  item_id: number | null;
  name: string;
  amount: string | null;
  currency: string | null;
  persons: number[] | null;
}

// No conversion: an obligation keeps the amount in the item's own currency.
const sameCurrency = () => sql`1::numeric`;

/**
 * One row per obligation event of the range (the calendar's events, trust review payments), with
 * everyone assigned to its item (`persons`) unless `people` is false. The people are aggregated
 * once per item, in one grouped join per source: for a person's list only the items they hold,
 * for the full list the items with an event in the range. (A subquery per event read the same
 * seats again for a license's expiry and its renewal, and at 20,000 licenses its estimated cost
 * was high enough for PostgreSQL to spend seconds compiling the statement: JIT.) The full list
 * without people, the administrator's calendar feed, reads the events alone.
 */
export function obligationRowsSql(
  range: { from: IsoDate; to: IsoDate },
  userId: number | null,
  people: boolean,
  kinds?: readonly ObligationKind[],
): SQL {
  // A person's list needs only the sources that can be assigned to someone; a list of some kinds
  // only their sources.
  const personal: readonly EventSource[] = ["license", "account", "hardware"];
  const wantedPairs = kinds && EVENT_PAIRS.filter((pair) => kinds.includes(pair.kind));
  const sources = [...new Set(wantedPairs?.map((pair) => pair.source) ?? EVENT_SOURCES)].filter(
    (source) => userId === null || personal.includes(source),
  );
  const events = eventsSql({
    from: range.from,
    to: range.to,
    // Recurring payments (G Suite) are counted from the start of the range: up to 12 a plan.
    today: range.from,
    rate: sameCurrency,
    withoutLicensePayments: true,
    sources,
  });
  const wantsTrustReviews = !kinds || kinds.includes("trust_review_payment");
  // Within a wanted source, only the wanted kinds' events (a license's expiry without its renewal).
  const pairs = [
    ...(wantedPairs ?? []).map((pair) => sql`(${pair.source}::text, ${pair.eventKind}::text)`),
    ...(wantsTrustReviews ? [sql`('trust_review', 'trust_review_payment')`] : []),
  ];
  const onlyKinds = !wantedPairs
    ? sql``
    : pairs.length === 0
      ? sql`where false`
      : sql`where (e.source, e.kind) in (${sql.join(pairs, sql`, `)})`;
  const trustReviews =
    userId === null && wantsTrustReviews
      ? sql`union all
        select t.next_payment_date as date, 'trust_review_payment' as kind,
          'trust_review' as source, t.client_name as name, t.client_payment_amount as amount,
          t.id as item_id, t.client_payment_currency::text as currency
        from trust_reviews t
        where t.is_active and t.next_payment_date between ${range.from}::date and ${range.to}::date
          and t.payment_status in (${sql.join(
            TRUST_REVIEW_PAYING_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})`
      : sql``;
  const columns = sql`to_char(e.date, 'YYYY-MM-DD') as date, e.kind, e.source, e.item_id, e.name,
    e.amount::text as amount, e.currency`;
  if (userId === null && !people) {
    return sql`with e as (${events} ${trustReviews})
      select ${columns}, null::int[] as persons from e ${onlyKinds}`;
  }
  // The items whose people are needed: the person's own, or every item with an event.
  const items =
    userId === null
      ? {
          license: sql`(select e.item_id from e where e.source = 'license')`,
          account: sql`(select e.item_id from e where e.source = 'account')`,
          hardware: sql`(select e.item_id from e where e.source = 'hardware')`,
        }
      : {
          license: sql`(select mine.license_id from license_assignments mine
            where mine.user_id = ${userId}::int and mine.is_active)`,
          account: sql`(select mine.account_id from account_assignments mine
            where mine.user_id = ${userId}::int and mine.is_active)`,
          hardware: sql`(select mine.id from hardware mine
            where mine.assigned_to_user_id = ${userId}::int)`,
        };
  return sql`
    with e as (${events} ${trustReviews}),
    people as (
      select 'license' as source, la.license_id as item_id,
        array_agg(la.user_id order by la.user_id) as persons
      from license_assignments la
      where la.is_active and la.user_id is not null and la.license_id in ${items.license}
      group by la.license_id
      union all
      select 'account', aa.account_id, array_agg(distinct aa.user_id order by aa.user_id)
      from account_assignments aa
      where aa.is_active and aa.user_id is not null and aa.account_id in ${items.account}
      group by aa.account_id
      union all
      select 'hardware', h.id, array[h.assigned_to_user_id]
      from hardware h
      where h.assigned_to_user_id is not null and h.id in ${items.hardware}
    )
    select ${columns}, p.persons
    from (select e.* from e ${onlyKinds}) e
    left join people p on p.source = e.source and p.item_id = e.item_id
    ${userId === null ? sql`` : sql`where ${userId}::int = any(p.persons)`}`;
}

export async function listObligations(
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: ObligationScope,
): Promise<Obligation[]> {
  // With people, every obligation has personUserId and personUserIds.
  return (await readObligations(db, range, scope, true)) as Obligation[];
}

/** What an obligation is without the people it concerns: all a calendar event shows. */
export type DatedObligation = Omit<Obligation, "personUserId" | "personUserIds">;

/** Which obligation a row of obligationRowsSql is (null: an event that is not one). */
export function kindOfRow(row: Pick<ObligationRow, "kind" | "source">): ObligationKind | null {
  return row.kind === "trust_review_payment"
    ? "trust_review_payment"
    : obligationKindOfEvent(row.source as EventSource, row.kind);
}

/** A row of obligationRowsSql as its obligation, with its people when they were read. */
export function obligationOfRow(
  row: ObligationRow,
  kind: ObligationKind,
  userId: number | null,
  people: boolean,
): DatedObligation {
  const persons = row.persons ?? [];
  return build(kind, row.date, {
    itemId: row.item_id,
    name: row.name,
    // Amounts are for administrators: a person's own list (their feed, their mails) names the
    // item and the date only, as their license list shows no payment amounts.
    amount: userId === null ? row.amount : null,
    currency: userId === null && row.amount !== null ? row.currency : null,
    ...(people && {
      personUserIds: persons,
      personUserId: userId ?? (persons.length === 1 ? persons[0]! : null),
    }),
  });
}

/** A hosting month end (administrators' lists, once hosting costs exist). */
export function hostingMonthEndObligation(date: IsoDate, people: boolean): DatedObligation {
  return build("hosting_month_end", date, {
    itemId: null,
    name: date.slice(0, 7),
    amount: null,
    currency: null,
    ...(people && { personUserIds: [], personUserId: null }),
  });
}

async function readObligations(
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: ObligationScope,
  people: boolean,
): Promise<DatedObligation[]> {
  const userId = scope === "all" ? null : scope.userId;
  const result = await db.execute(obligationRowsSql(range, userId, people));
  const list: DatedObligation[] = [];
  for (const row of rowsOf<ObligationRow>(result)) {
    const kind = kindOfRow(row);
    if (kind) list.push(obligationOfRow(row, kind, userId, people));
  }
  if (userId === null && (await usesHosting(db))) {
    for (const date of hostingMonthEnds(range.from, range.to)) {
      list.push(hostingMonthEndObligation(date, people));
    }
  }
  return list.sort(compareObligations);
}

function build(
  kind: ObligationKind,
  date: IsoDate,
  item: Pick<Obligation, "itemId" | "amount" | "currency"> &
    Partial<Pick<Obligation, "personUserId" | "personUserIds">> & { name: string },
): DatedObligation {
  const { name, ...rest } = item;
  return {
    key: obligationKey(kind, item, date),
    kind,
    area: OBLIGATION_AREAS[kind],
    title: obligationTitle(kind, name),
    date,
    path: obligationPath(kind, name),
    ...rest,
  };
}

/** Hosting month ends matter once costs have been imported (a DigitalOcean account is in use). */
export async function usesHosting(db: Executor): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from droplet_costs) as used`);
  return Boolean(rowsOf<{ used: boolean }>(result)[0]?.used);
}
