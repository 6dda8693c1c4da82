// The data of the lists and filters issues 33-35 added (admin-lists-section.ts), in proportion to
// the licenses seeded first by seedBenchLicenses, into the same database:
// - sign-ins as a workspace sync leaves them: one seat, office account and G Suite account in 10
//   signed in 0-119 days ago (so three in four of those are unused at 30 days), one in 200 of them
//   held by a suspended person; the rest unknown (null), as seats no sync keeps;
// - a low-seat threshold on one license in 20 (the triggers set their low_seats flag);
// - every other person SCIM-managed (bench0 and bench1, who sign in, left alone);
// - 5 chat/webhook channels, a notification delivery per license among two mail reminders per
//   license in the same outbox table;
// - an import history and integration runs of one row per 10 licenses (each provider), and the
//   budgets.
// The office and G Suite accounts are the account lists' (account-lists-data.ts), seeded here
// only if no section did before.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { rowsOf } from "../../src/server/db/rows-of";
import type { Secrets } from "../../src/server/lib/secrets";
import { seedBenchAccountLists } from "./account-lists-data";

const SIGNED_IN = sql.raw(
  "last_sign_in_at = now() - make_interval(days => id % 120), holder_suspended = (id % 2000 = 0)",
);

/**
 * The sign-ins and low-seat thresholds (and the account lists' accounts, if missing): the same
 * rows whichever section asks first, and again (every update sets the same values).
 */
export async function seedBenchSignIns(db: Db, secrets: Secrets, counts: { licenses: number }) {
  const [gsuite] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from gsuite_accounts limit 1) t`),
  );
  if (gsuite?.n === 0) await seedBenchAccountLists(db, secrets, counts);
  for (const table of ["license_assignments", "accounts", "gsuite_accounts"]) {
    await db.execute(sql`
      update ${sql.identifier(table)} set ${SIGNED_IN}
      where id % 10 = 0 and last_sign_in_at is null`);
  }
  await db.execute(sql`
    update licenses set low_seat_threshold = 5 where id % 20 = 0 and low_seat_threshold is null`);
}

/** Everything above: the sign-ins, then the admin lists' own rows (once per database). */
export async function seedBenchAdminLists(db: Db, secrets: Secrets, counts: { licenses: number }) {
  await seedBenchSignIns(db, secrets, counts);
  await db.execute(sql`
    update users set scim_managed = true, scim_external_id = 'ext-' || id
    where id % 2 = 0 and username not in ('bench0', 'bench1')`);

  await db.execute(sql`
    insert into notification_channels (kind, name, url_sealed, url_masked, signing_secret_sealed, events)
    select (array['slack', 'teams', 'webhook'])[1 + i % 3], 'Bench channel ' || i, 'sealed',
      'https://hooks.example.com/…' || i, 'sealed', '{reminder,seat_threshold,budget}'
    from generate_series(1, 5) as i`);
  const [channel] = rowsOf<{ first: number }>(
    await db.execute(sql`select min(id)::int as first from notification_channels`),
  );
  const first = channel!.first;
  // In id order as the outbox fills: a notification, then two reminders, license after license.
  await db.execute(sql`
    insert into reminder_deliveries (key, kind, channel_id, recipient, subject, text_body,
      html_body, day, status, attempts, sent_at)
    select 'bench:' || i || ':' || k,
      case when k = 0 then 'notification' else 'reminder' end,
      case when k = 0 then ${first} + i % 5 end,
      case when k = 0 then 'Bench channel ' || (1 + i % 5) else 'bench.user' || (i % 500) || '@example.com' end,
      'Renewal of Product ' || i,
      case when k = 0 then json_build_object('type', 'reminder', 'eventId', null,
        'occurredAt', now()::text, 'title', 'Renewal of Product ' || i, 'text', 'Due soon',
        'item', null, 'link', '/licenses')::text else 'Due soon' end,
      '', current_date - (i % 365),
      (array['sent', 'sent', 'sent', 'failed', 'pending'])[1 + i % 5], 1 + i % 3,
      case when i % 5 < 3 then now() - make_interval(days => i % 365) end
    from generate_series(1, ${counts.licenses}) as i, generate_series(0, 2) as k
    order by i, k`);

  const runs = Math.max(1, Math.round(counts.licenses / 10));
  await db.execute(sql`
    insert into csv_imports (area, user_id, started_at, finished_at, outcome, rows, message,
      file_name, created_ids)
    select (array['licenses', 'users', 'hardware', 'accounts', 'gsuite-accounts'])[1 + i % 5],
      (select id from users where username = 'bench0'), now() - make_interval(hours => i),
      now() - make_interval(hours => i) + interval '3 seconds',
      case when i % 7 = 0 then 'error' else 'success' end, case when i % 7 = 0 then 0 else 100 end,
      'Imported 100 rows.', 'bench-' || i || '.csv', case when i % 7 <> 0 then '{}'::int[] end
    from generate_series(1, ${runs}) as i`);
  await db.execute(sql`
    insert into integration_runs (provider, trigger, started_at, finished_at, outcome, counts)
    select provider, 'scheduled', now() - make_interval(days => i),
      now() - make_interval(days => i) + interval '20 seconds', 'succeeded',
      '{"created": 1, "changed": 10, "retired": 0, "unmatched": 2}'::jsonb
    from generate_series(1, ${runs}) as i, unnest(array['google-workspace', 'microsoft-365']) as provider`);
  await db.execute(sql`
    insert into budgets (id, currency, total, licenses, directories, gsuite, hosting)
    values (1, 'AUD', 100000, 60000, 10000, 20000, 10000)
    on conflict (id) do nothing`);
}
