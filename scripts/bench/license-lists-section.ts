// The licenses and license assignments lists at depth (issue 30, decision 0040): for each sort in
// both directions, page 1, the page at 80% depth and the last page, by offset, by the cursor of
// the page before and from the end (fromEnd=true), as the pager asks for them (list-cases.ts).
// Each deep page is divided by its page 1 per round. The bench's own licenses and assignments
// (--licenses N; assignments x5) are the rows; the filters of issues 33-34 (lowSeats, unused) get
// sign-ins on one seat in 10 and a low-seat threshold on one license in 20 (admin-lists-data.ts).
import { type ListBench, listCases } from "./list-cases";
import type { BenchCase, BenchSection } from "./sections";

const BOTH = ["asc", "desc"] as const;

export const licenseListsSection: BenchSection = {
  title:
    "Licenses and assignments at depth (page 1, 80% and last page by offset, by cursor, and from the end; loopback HTTP, SQL = the same statements run directly)",
  async run(context) {
    const seedMs = await context.seed(
      new URL("./admin-lists-data.ts", import.meta.url).href,
      "seedBenchSignIns",
      { licenses: context.counts.licenses },
    );
    const admin = context.adminCookie;
    const licenses: ListBench = {
      name: "licenses",
      path: "/api/licenses",
      cookie: admin,
      sorts: ["name", "expiryDate", "cost"],
      orders: BOTH,
    };
    const assignments: ListBench = { name: "assignments", path: "/api/assignments", cookie: admin };
    const cases: BenchCase[] = [];
    for (const list of [licenses, assignments]) {
      const last = await listCases(context, list);
      const deep = await listCases(context, { ...list, depth: 0.8 });
      cases.push(...last, ...deep.filter((item) => item.baseline !== undefined));
    }
    const filters: ListBench[] = [
      {
        name: "licenses, low on seats",
        path: "/api/licenses?lowSeats=true",
        cookie: admin,
        sorts: ["name", "cost"],
      },
      {
        name: "licenses, with an unused seat",
        path: "/api/licenses?unused=true",
        cookie: admin,
        sorts: ["name", "cost"],
      },
      { name: "assignments, unused", path: "/api/assignments?unused=true", cookie: admin },
    ];
    for (const list of filters) cases.push(...(await listCases(context, list)));
    const lines = await context.measure(cases);
    return [`sign-ins and thresholds seeded in ${(seedMs / 1000).toFixed(1)} s`, ...lines];
  },
};
