// The licenses and license assignments lists at depth (issue 30, decision 0040): for each sort in
// both directions, page 1, the page at 80% depth and the last page, by offset and by the cursor of
// the page before (list-cases.ts), and the last page as the pager asks for it, read from the end
// (fromEnd=true). Each deep page is divided by its page 1 per round. The bench's own licenses and
// assignments (--licenses N; assignments x5) are the rows: nothing is seeded here.
import { type ListBench, listCases } from "./list-cases";
import type { BenchCase, BenchContext, BenchSection } from "./sections";

const BOTH = ["asc", "desc"] as const;

/** The last page read from the end, as the client's pager asks for it once it knows the total. */
function fromEndCases(context: BenchContext, list: ListBench, total: number): BenchCase[] {
  const limit = 50;
  const last = total % limit || limit;
  const orders = list.sorts
    ? BOTH.flatMap((order) => list.sorts!.map((sort) => ({ sort, order })))
    : [];
  const variants = orders.length
    ? orders.map(({ sort, order }) => ({
        label: `by ${sort} ${order}`,
        query: `sort=${sort}&order=${order}&`,
      }))
    : [{ label: "default order", query: "" }];
  const sep = list.path.includes("?") ? "&" : "?";
  return variants.map((variant) => ({
    label: `${list.name}, ${variant.label}, last page from the end (fromEnd)`,
    urls: [`${list.path}${sep}${variant.query}limit=${last}&offset=0&fromEnd=true`],
    cookie: list.cookie,
    baseline: `${list.name}, ${variant.label}, page 1`,
  }));
}

export const licenseListsSection: BenchSection = {
  title:
    "Licenses and assignments at depth (page 1, 80% and last page by offset, by cursor, and from the end; loopback HTTP, SQL = the same statements run directly)",
  async run(context) {
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
    cases.push(...fromEndCases(context, licenses, context.counts.licenses));
    cases.push(...fromEndCases(context, assignments, context.counts.assignments));
    return context.measure(cases);
  },
};
