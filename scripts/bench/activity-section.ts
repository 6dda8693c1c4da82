// The activity log's section of `npm run bench` (issue 15): a log of 20 records per license
// (200,000 at the default 10,000 licenses), spread over the last year, written in one INSERT ...
// SELECT over generate_series into the server's own database; then the Activity page's calls
// and an item's History tab, timed like the main table (loopback HTTP, the same statements run
// directly). The mix: licenses 35% (edits, seats, key views, renewals), sign-ins 20%, the other
// areas the rest. Each person and each license has records, spread over the year (a prime
// stride over the ids, coprime with the bench's round counts).
import type { BenchCase, BenchSection } from "./sections";

export const RECORDS_PER_LICENSE = 20;
/**
 * BENCH_ACTIVITY_RECORDS seeds that many records instead, whatever the licenses: the log's own
 * size without a slow run of every other section at that size (e.g. 1,000,000 for the keyset
 * figures of decision 0029 over `--licenses 1000`).
 */
const recordsOverride = Number(process.env.BENCH_ACTIVITY_RECORDS ?? 0);
const DAY_MS = 86_400_000;

const AREAS = [
  ...Array(7).fill("licenses"),
  ...Array(4).fill("auth"),
  "hardware",
  "hardware",
  "hardware_requests",
  "office_accounts",
  "users",
  "directories",
  "gsuite",
  "trust_reviews",
  "settings",
] as const;

// Ten actions per area, picked in turn: most records are edits, fewer are the rarer actions.
const ACTIONS: Record<string, string[]> = {
  licenses: [
    "update",
    "update",
    "update",
    "create",
    "assign",
    "assign",
    "unassign",
    "reveal",
    "reveal",
    "renew",
  ],
  auth: [...Array(7).fill("sign_in"), "sign_out", "sign_out", "sign_in_failed"],
  hardware_requests: [
    ...Array(5).fill("create"),
    "approve",
    "approve",
    "approve",
    "reject",
    "reject",
  ],
  settings: Array(10).fill("settings_change"),
  other: [
    "update",
    "update",
    "update",
    "update",
    "create",
    "create",
    "assign",
    "unassign",
    "update",
    "delete",
  ],
};

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;
const actionCase = Object.entries(ACTIONS)
  .filter(([area]) => area !== "other")
  .map(([area, actions]) => `when '${area}' then (${textArray(actions)})[1 + (g / 20) % 10]`)
  .join(" ");

/** The log's INSERT: bench licenses and users have consecutive ids (a fresh database). */
export function activitySeedSql(records: number) {
  const secondsApart = (365 * 86_400) / records;
  return `
insert into activity_log (occurred_at, user_id, via, ip_address, user_agent, action, area, item_id,
  item_label, changes, detail)
select
  now() - (${records} - r.g) * interval '${secondsApart.toFixed(3)} seconds',
  case when r.action = 'sign_in_failed' then null else r.actor_id end,
  'session',
  '10.' || (r.g % 200) || '.' || (r.g % 250) || '.' || (r.g % 7 + 1),
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  r.action,
  r.area,
  r.item_id,
  case r.area
    when 'licenses' then l.name
    when 'auth' then case when r.action = 'sign_in_failed' then u.username end
    when 'settings' then 'Currency rates'
    else replace(r.area, '_', ' ') || ' item ' || r.item_id
  end,
  case r.action
    when 'update' then jsonb_build_object('notes',
      jsonb_build_object('before', 'Note ' || (r.g - 1), 'after', 'Note ' || r.g))
    when 'settings_change' then jsonb_build_object('USD/AUD',
      jsonb_build_object('before', 1.5, 'after', 1.52))
    when 'create' then jsonb_build_object('name',
      jsonb_build_object('before', null, 'after', coalesce(l.name, 'item ' || r.item_id)))
  end,
  case
    when r.area = 'auth' and r.action <> 'sign_out' then jsonb_build_object('method', 'password')
    when r.action in ('assign', 'unassign') then jsonb_build_object('userId', r.actor_id)
    when r.action = 'reveal' then '{"field":"licenseKey"}'::jsonb
    when r.action = 'renew' then jsonb_build_object('renewalAmount', 100 + r.g % 900)
  end
from (
  select g, a.area, b.action,
    case a.area
      when 'licenses' then lic.first + ((g / 20) * 7919) % lic.n
      when 'auth' then people.first + (g * 7) % people.n
      when 'settings' then null
      else 1 + (g * 13) % 5000
    end as item_id,
    people.first + (g * 7) % people.n as actor_id
  from generate_series(1, ${records}) as g
  cross join (select min(id) as first, count(*) as n from licenses) as lic
  cross join (select min(id) as first, count(*) as n from users) as people
  cross join lateral (select (${textArray(AREAS)})[1 + g % 20] as area) as a
  cross join lateral (
    select case a.area ${actionCase}
      else (${textArray(ACTIONS.other!)})[1 + (g / 20) % 10] end as action
  ) as b
) as r
left join licenses l on r.area = 'licenses' and l.id = r.item_id
left join users u on r.area = 'auth' and u.id = r.item_id`;
}

const isoDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

export const activitySection: BenchSection = {
  title: `Activity log (${RECORDS_PER_LICENSE} records per license over a year; loopback HTTP, SQL = the same statements run directly)`,
  async run({ appUrl, adminCookie, counts, exec, measure }) {
    const records =
      Number.isInteger(recordsOverride) && recordsOverride > 0
        ? recordsOverride
        : counts.licenses * RECORDS_PER_LICENSE;
    const seedMs = await exec(activitySeedSql(records));
    // As bench-server.ts does for its tables: what autovacuum does soon after a bulk load.
    await exec("vacuum (analyze) activity_log");

    // A person and a license that have records: from the newest page itself.
    const newest = await fetch(`${appUrl}/api/activity?limit=50`, {
      headers: { cookie: adminCookie },
    });
    const page = (await newest.json()) as {
      userId: number | null;
      area: string;
      itemId: number | null;
      itemLabel: string | null;
    }[];
    const person = page.find((record) => record.userId !== null)!.userId!;
    const license = page.find((record) => record.area === "licenses" && record.itemId !== null)!;
    const word = license.itemLabel!.split(" ").at(-1)!;

    // Keyset pages (decision 0029, amended): the cursor the page before hands out, as the
    // Activity page asks for the next page; beside the same page by offset.
    const cursorAt = async (query: string, header = "x-next-cursor") => {
      const response = await fetch(`${appUrl}/api/activity?${query}`, {
        headers: { cookie: adminCookie },
      });
      await response.arrayBuffer();
      return response.headers.get(header)!;
    };
    // Offsets within the log at every size: at 1,000 licenses the licenses area holds 7,000
    // records, and a cursor asked for past its end is none (the run stopped there).
    const licenseRecords = Math.floor(
      (records * AREAS.filter((area) => area === "licenses").length) / AREAS.length,
    );
    const near = Math.min(10_000, records - 100);
    const deep = Math.min(100_000, records - 100);
    const areaNear = Math.min(10_000, licenseRecords - 100);
    const after10k = await cursorAt(`limit=50&offset=${near - 50}&withTotal=false`);
    const afterDeep = await cursorAt(`limit=50&offset=${deep - 50}&withTotal=false`);
    const before10k = await cursorAt(
      `limit=50&offset=${near + 50}&withTotal=false`,
      "x-prev-cursor",
    );
    const licenses10k = await cursorAt(
      `area=licenses&limit=50&offset=${areaNear - 50}&withTotal=false`,
    );
    const n = (value: number) => value.toLocaleString("en");

    const get = (label: string, url: string): BenchCase => ({
      label,
      urls: [url],
      cookie: adminCookie,
    });
    const lines = await measure([
      get("page 1 of 50", "/api/activity?limit=50"),
      get("one person's, page 1", `/api/activity?userId=${person}&limit=50`),
      get("area licenses + action renew", "/api/activity?area=licenses&action=renew&limit=50"),
      get(
        "area hardware + action unassign",
        "/api/activity?area=hardware&action=unassign&limit=50",
      ),
      get(
        "one month (from/to), page 1",
        `/api/activity?from=${isoDay(60 * DAY_MS)}&to=${isoDay(31 * DAY_MS)}&limit=50`,
      ),
      get(`offset ${n(near)}, total kept`, `/api/activity?limit=50&offset=${near}&withTotal=false`),
      get(`offset ${n(near)}, counted`, `/api/activity?limit=50&offset=${near}`),
      get(
        `page after offset ${n(near)} by cursor, total kept`,
        `/api/activity?limit=50&after=${after10k}&withTotal=false`,
      ),
      get(
        `page after offset ${n(near)} by cursor, counted`,
        `/api/activity?limit=50&after=${after10k}`,
      ),
      get(
        `page before offset ${n(near + 50)} by cursor, total kept`,
        `/api/activity?limit=50&before=${before10k}&withTotal=false`,
      ),
      get(`offset ${n(deep)}, total kept`, `/api/activity?limit=50&offset=${deep}&withTotal=false`),
      get(
        `page after offset ${n(deep)} by cursor, total kept`,
        `/api/activity?limit=50&after=${afterDeep}&withTotal=false`,
      ),
      get(
        `area licenses, offset ${n(areaNear)}, total kept`,
        `/api/activity?area=licenses&limit=50&offset=${areaNear}&withTotal=false`,
      ),
      get(
        `area licenses, page after offset ${n(areaNear)} by cursor, total kept`,
        `/api/activity?area=licenses&limit=50&after=${licenses10k}&withTotal=false`,
      ),
      get(
        `search 'Suite ${word}'`,
        `/api/activity?search=${encodeURIComponent(`Suite ${word}`)}&limit=50`,
      ),
      get("search with no match", "/api/activity?search=zzz-nothing&limit=50"),
      get(
        "one license's history (History tab, 10)",
        `/api/activity?area=licenses&itemId=${license.itemId}&limit=10`,
      ),
    ]);
    return [`${records} records seeded in ${(seedMs / 1000).toFixed(1)} s`, ...lines];
  },
};
