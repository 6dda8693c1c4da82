// The list of obligations between two dates (both included), for everyone (administrators) or for
// one person (what concerns them: licenses they hold a seat of, office accounts they use, hardware
// they hold). The dates come from the expense calendar's SQL (eventsSql, amounts left in their own
// currency), plus trust review payments and hosting month ends; see domain/obligations.ts.
import { sql } from "drizzle-orm";
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
import { eventsSql } from "../expenses/events-sql";

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

export async function listObligations(
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: ObligationScope,
): Promise<Obligation[]> {
  const userId = scope === "all" ? null : scope.userId;
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
  const result = await db.execute(sql`
    with e as (${events} ${trustReviews})
    select * from (
      select to_char(e.date, 'YYYY-MM-DD') as date, e.kind, e.source, e.item_id, e.name,
        e.amount::text as amount, e.currency,
        case e.source
          when 'license' then (select array_agg(la.user_id order by la.user_id)
            from license_assignments la
            where la.license_id = e.item_id and la.is_active and la.user_id is not null)
          when 'account' then (select array_agg(distinct aa.user_id order by aa.user_id)
            from account_assignments aa
            where aa.account_id = e.item_id and aa.is_active and aa.user_id is not null)
          when 'hardware' then (select array[h.assigned_to_user_id] from hardware h
            where h.id = e.item_id and h.assigned_to_user_id is not null)
        end as persons
      from e
    ) o
    ${userId === null ? sql`` : sql`where ${userId}::int = any(o.persons)`}`);
  const rows = (result as unknown as { rows: Row[] }).rows;

  const list: Obligation[] = [];
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
        personUserIds: persons,
        personUserId: userId ?? (persons.length === 1 ? persons[0]! : null),
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
          personUserIds: [],
          personUserId: null,
        }),
      );
    }
  }
  return list.sort(compareObligations);
}

function build(
  kind: ObligationKind,
  date: IsoDate,
  item: Pick<Obligation, "itemId" | "amount" | "currency" | "personUserId" | "personUserIds"> & {
    name: string;
  },
): Obligation {
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
  return Boolean((result as unknown as { rows: { used: boolean }[] }).rows[0]?.used);
}
