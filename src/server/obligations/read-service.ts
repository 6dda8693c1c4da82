// The list of obligations between two dates (both included), for everyone (administrators) or for
// one person (what concerns them: licenses they hold a seat of, office accounts they use, hardware
// they hold). The dates come from the expense calendar's SQL (eventsSql, amounts left in their own
// currency), plus trust review payments and hosting month ends; see domain/obligations.ts.
import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import type { EventKind, EventSource } from "../../domain/expenses/schedule";
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

interface Row {
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
function obligationRowsSql(
  range: { from: IsoDate; to: IsoDate },
  userId: number | null,
  people: boolean,
): SQL {
  // A person's list needs only the sources that can be assigned to someone.
  const events = eventsSql({
    from: range.from,
    to: range.to,
    // Recurring payments (G Suite) are counted from the start of the range: up to 12 a plan.
    today: range.from,
    rate: sameCurrency,
    withoutLicensePayments: true,
    ...(userId !== null && { sources: ["license", "account", "hardware"] as const }),
  });
  const trustReviews =
    userId === null
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
    return sql`with e as (${events} ${trustReviews}) select ${columns}, null::int[] as persons from e`;
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
    from e
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

/**
 * The same list as listObligations, without the people each item concerns (a person's list still
 * holds only what concerns them): for the calendar feed, which does not show them.
 */
export function listDatedObligations(
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: ObligationScope,
): Promise<DatedObligation[]> {
  return readObligations(db, range, scope, false);
}

/**
 * A digest of everything listDatedObligations reads for the range and scope, computed in the
 * database (no row leaves it): the same digest means the same list. Read both in one snapshot
 * (a repeatable-read transaction) for the digest to describe the list.
 */
export async function datedObligationsDigest(
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: ObligationScope,
): Promise<string> {
  const userId = scope === "all" ? null : scope.userId;
  const result = await db.execute(sql`
    select md5(coalesce(string_agg(o::text, ',' order by o::text), '')
      || exists (select 1 from droplet_costs)::text) as digest
    from (${obligationRowsSql(range, userId, false)}) o`);
  return rowsOf<{ digest: string }>(result)[0]!.digest;
}

async function readObligations(
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: ObligationScope,
  people: boolean,
): Promise<DatedObligation[]> {
  const userId = scope === "all" ? null : scope.userId;
  const result = await db.execute(obligationRowsSql(range, userId, people));
  const rows = rowsOf<Row>(result);

  const list: DatedObligation[] = [];
  for (const row of rows) {
    const kind =
      row.kind === "trust_review_payment"
        ? "trust_review_payment"
        : obligationKindOfEvent(row.source as EventSource, row.kind);
    if (!kind) continue;
    const persons = row.persons ?? [];
    list.push(
      build(kind, row.date, {
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
      }),
    );
  }
  if (userId === null && (await usesHosting(db))) {
    for (const date of hostingMonthEnds(range.from, range.to)) {
      list.push(
        build("hosting_month_end", date, {
          itemId: null,
          name: date.slice(0, 7),
          amount: null,
          currency: null,
          ...(people && { personUserIds: [], personUserId: null }),
        }),
      );
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
async function usesHosting(db: Executor): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from droplet_costs) as used`);
  return Boolean(rowsOf<{ used: boolean }>(result)[0]?.used);
}
