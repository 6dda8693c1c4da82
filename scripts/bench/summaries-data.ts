// The summaries' data of the benchmarks (issue 30 item 7), in proportion to the licenses seeded
// first by seedBenchLicenses, as the lists' sections seed it: per license a trust review, a G Suite
// account and an office account (account-lists-data.ts) and a directory listing, plus 24 months of
// droplet costs for 50 droplets. A part another section already seeded into the same database is
// not seeded twice, so the summaries read the same proportions whichever sections ran first.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { rowsOf } from "../../src/server/db/rows-of";
import type { Secrets } from "../../src/server/lib/secrets";
import { seedBenchAccountLists } from "./account-lists-data";
import { seedBenchDirectories } from "./directories-data";

async function isEmpty(db: Db, table: string) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`select count(*)::int as n from (select 1 from ${table} limit 1) t`)),
  );
  return row?.n === 0;
}

export async function seedBenchSummaries(db: Db, secrets: Secrets, counts: { licenses: number }) {
  if (await isEmpty(db, "trust_reviews")) await seedBenchAccountLists(db, secrets, counts);
  if (await isEmpty(db, "directories")) {
    await seedBenchDirectories(db, {
      listings: counts.licenses,
      reviews: 0,
      locations: 50,
      overLicenses: counts.licenses,
    });
  }
  if (await isEmpty(db, "droplet_costs")) {
    await db.execute(sql`
      insert into droplets (droplet_id, name, project)
      select 'd' || i, 'droplet-' || i, 'Project ' || (i % 5) from generate_series(1, 50) as i`);
    await db.execute(sql`
      insert into droplet_costs (invoice_month, droplet_id, amount_usd)
      select to_char(date_trunc('month', current_date) - make_interval(months => m), 'YYYY-MM'),
        'd' || i, 4 + (i * m) % 40
      from generate_series(0, 23) as m, generate_series(1, 50) as i`);
  }
}
