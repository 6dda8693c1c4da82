// The inventory lists' section of `npm run bench` (issue 30): users, directories, hardware and
// hardware requests, one listing, item and request per license (inventory-lists-data.ts) beside
// the bench's users, seeded into the server's own database. For each list, page 1 and the last
// page of every sort in both directions, by offset and by cursor once the list answers cursors
// and from the end (list-cases.ts), each filter on its default order, and each search: a few
// matches, many, none, and one too short for a trigram; the licenses search beside them.
import { inventoryListsCounts } from "./inventory-lists-data";
import { type ListBench, listCases } from "./list-cases";
import type { BenchCase, BenchSection } from "./sections";

const BOTH = ["asc", "desc"] as const;

const single = (label: string, url: string, cookie: string): BenchCase => ({
  label,
  urls: [url],
  cookie,
});

export const inventoryListsSection: BenchSection = {
  title:
    "Inventory lists at depth (users; per license: a directory listing, a hardware item, a hardware request; loopback HTTP, SQL = the same statements run directly)",
  async run(context) {
    const seedMs = await context.seed(
      new URL("./inventory-lists-data.ts", import.meta.url).href,
      "seedBenchInventoryLists",
      { licenses: context.counts.licenses },
    );
    const admin = context.adminCookie;
    const user = context.userCookie;
    const lists: ListBench[] = [
      {
        name: "users",
        path: "/api/users",
        cookie: admin,
        sorts: ["username", "fullName", "createdAt"],
        orders: BOTH,
      },
      { name: "users, administrators", path: "/api/users?role=admin", cookie: admin },
      { name: "users, active", path: "/api/users?active=true", cookie: admin },
      {
        name: "directories",
        path: "/api/directories",
        cookie: admin,
        sorts: ["name", "paymentAmount", "nextPaymentDate"],
        orders: BOTH,
      },
      { name: "directories, cancelled", path: "/api/directories?status=cancelled", cookie: admin },
      { name: "directories, one-off", path: "/api/directories?status=one-off", cookie: admin },
      {
        name: "hardware",
        path: "/api/hardware",
        cookie: admin,
        sorts: ["name", "type", "location", "status", "createdAt"],
        orders: BOTH,
      },
      { name: "hardware, assigned", path: "/api/hardware?view=assigned", cookie: admin },
      { name: "hardware, retired", path: "/api/hardware?status=retired", cookie: admin },
      { name: "hardware, laptops", path: "/api/hardware?type=laptop", cookie: admin },
      {
        name: "hardware, Remote",
        path: "/api/hardware?location=Remote",
        cookie: admin,
        sorts: ["location"],
        orders: BOTH,
      },
      { name: "hardware (ordinary user)", path: "/api/hardware", cookie: user },
      {
        name: "hardware requests",
        path: "/api/hardware-requests",
        cookie: admin,
        sorts: ["createdAt", "status"],
        orders: BOTH,
      },
      {
        name: "hardware requests, pending",
        path: "/api/hardware-requests?status=pending",
        cookie: admin,
      },
      { name: "hardware requests (ordinary user)", path: "/api/hardware-requests", cookie: user },
    ];
    const cases: BenchCase[] = [];
    for (const list of lists) cases.push(...(await listCases(context, list)));
    const n = inventoryListsCounts(context.counts);
    const some = (count: number, share: number) => Math.floor(count * share);
    const searches: [string, string, string[]][] = [
      [
        "users",
        "/api/users?limit=50&search=",
        [
          `user ${some(context.counts.users, 0.7)}`,
          `bench.user${some(context.counts.users, 0.3)}@`,
          "finance",
          "zq",
          "zzz-nothing",
        ],
      ],
      [
        "directories",
        "/api/directories?limit=50&search=",
        [`listing${some(n.directories, 0.4)}`, "city 47", "city 470", "zzz-nothing"],
      ],
      [
        "hardware",
        "/api/hardware?limit=50&search=",
        [`HW-${String(some(n.hardware, 0.5)).padStart(6, "0")}`, "thinkpad", "zzz-nothing"],
      ],
      [
        // The bench's own licenses ("Product <i mod 977> Suite <i>"): one match, a few, none.
        "licenses",
        "/api/licenses?limit=50&search=",
        [`suite ${some(context.counts.licenses, 0.37)}`, "product 42 suite", "zzz-nothing"],
      ],
      [
        "hardware requests",
        "/api/hardware-requests?limit=50&search=",
        [`number ${some(n.hardwareRequests, 0.6)},`, "new thing 12", "zzz-nothing"],
      ],
    ];
    for (const [name, path, words] of searches) {
      for (const word of words) {
        cases.push(
          single(`${name}, search '${word}'`, `${path}${encodeURIComponent(word)}`, admin),
        );
      }
    }
    const lines = await context.measure(cases);
    return [`seeded in ${(seedMs / 1000).toFixed(1)} s`, ...lines];
  },
};
