// Directory listings and trust reviews for the bench scripts, written in SQL (generate_series):
// spread over the four currencies, the payment frequencies, statuses and a year of dates. The
// reviews go round the first `overLicenses` licenses, which must be seeded first.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

export async function seedBenchDirectories(
  db: Db,
  counts: {
    listings: number;
    reviews: number;
    /** Distinct 'City N' locations: fewer make a location search match more rows. */
    locations: number;
    overLicenses: number;
  },
) {
  await db.execute(sql`
    insert into directories (name, url, location, payment_frequency_months, payment_amount,
      payment_currency, is_one_time, is_cancelled, next_payment_date)
    select 'Listing ' || i, 'https://listing' || i || '.example', 'City ' || (i % ${counts.locations}),
      (array[1,3,6,12])[1 + i % 4], (i % 900) + 9.99, (array['USD','AUD','EUR','GBP'])[1 + i % 4],
      i % 10 = 0, i % 7 = 0, current_date + (i % 365) - 60
    from generate_series(1, ${counts.listings}) as i`);
  await db.execute(sql`
    insert into trust_reviews (license_id, client_name, domain, assigned_date, payment_status,
      client_payment_amount, client_payment_currency, payment_frequency, is_active,
      approval_status, notes)
    select l.id, 'Client ' || i, 'client' || i || '.example', current_date - (i % 700),
      (array['paying','not_paying','partial'])[1 + i % 3], (i % 300) + 5,
      (array['USD','AUD','EUR','GBP'])[1 + i % 4], (array['monthly','annually'])[1 + i % 2],
      i % 9 <> 0, (array['pending','approved','rejected','keep'])[1 + i % 4],
      'Domain: notes' || i || '.example'
    from generate_series(1, ${counts.reviews}) as i
    join (select id, row_number() over (order by id) as n from licenses) l
      on l.n = 1 + i % ${counts.overLicenses}`);
}
