// The inventory lists' data of the benchmarks (issue 30), in proportion to the licenses and users
// seeded first by seedBenchLicenses: per license one directory listing, one hardware item and one
// hardware request, written in SQL (generate_series). Hardware spreads over the types, six
// locations and the statuses, 60% held by the seeded people; a request is for an item (3 in 4) or
// for something new, by one of the people, pending, approved or rejected; a person's pending
// requests are for distinct items (the one-pending-per-item index), since the items requested go
// round all of them. Creation times differ (a second apart), as rows entered over time do.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { seedBenchDirectories } from "./directories-data";

export interface InventoryListsCounts {
  licenses: number;
}

export const inventoryListsCounts = ({ licenses }: InventoryListsCounts) => ({
  directories: licenses,
  hardware: licenses,
  hardwareRequests: licenses,
});

export async function seedBenchInventoryLists(
  db: Db,
  _secrets: unknown,
  counts: InventoryListsCounts,
) {
  const n = inventoryListsCounts(counts);
  await seedBenchDirectories(db, {
    listings: n.directories,
    reviews: 0,
    locations: 50,
    overLicenses: counts.licenses,
  });
  await db.execute(sql`
    with people as (select id, row_number() over (order by id) as n, count(*) over () as total
      from users)
    insert into hardware (name, type, identifier, location, status, assigned_to_user_id, pc_name,
      warranty_expiry, created_at)
    select (array['ThinkPad X1', 'MacBook Pro', 'Dell Latitude', 'UltraSharp', 'iPhone', 'Galaxy',
        'Jabra'])[1 + i % 7] || ' ' || i,
      (array['laptop', 'desktop', 'monitor', 'phone', 'tablet', 'keyboard', 'mouse',
        'headset'])[1 + i % 8],
      'HW-' || lpad(i::text, 6, '0') || '-' || (i * 7919) % 100000,
      (array['Sydney HQ', 'Melbourne Office', 'Remote', 'Server Room', 'IT Storage',
        'Brisbane'])[1 + i % 6],
      (array['active', 'active', 'active', 'maintenance', 'reserved', 'retired'])[1 + i % 6],
      case when i % 5 < 3 then p.id end,
      case when i % 3 = 0 then 'PC-' || i end,
      make_date(2027 + i % 3, 1 + i % 9, 15),
      now() - make_interval(secs => ${n.hardware} - i)
    from generate_series(1, ${n.hardware}) as i
    join people p on p.n = 1 + i % p.total`);
  await db.execute(sql`
    with people as (select id, row_number() over (order by id) as n, count(*) over () as total
        from users),
      items as (select id, row_number() over (order by id) as n, count(*) over () as total
        from hardware)
    insert into hardware_requests (requested_by_user_id, type, hardware_id, name, hardware_type,
      reason, status, created_at)
    select p.id, case when i % 4 <> 0 then 'existing' else 'new' end,
      case when i % 4 <> 0 then h.id end,
      case when i % 4 = 0 then 'New thing ' || i end,
      case when i % 4 = 0 then 'peripheral' end,
      'Needed for project number ' || i || ', the current one is too slow.',
      (array['pending', 'approved', 'rejected'])[1 + i % 3],
      now() - make_interval(secs => ${n.hardwareRequests} - i)
    from generate_series(1, ${n.hardwareRequests}) as i
    join people p on p.n = 1 + i % p.total
    join items h on h.n = 1 + i % h.total`);
}
