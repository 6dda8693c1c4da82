// The jumps section of `npm run bench -- --jumps` (issue 30): a page asked for by its address, with
// no cursor at hand, is read by offset from the start or from the end (the client kit's nearer
// end). The middle page is the farthest from both: for every sort of account assignments, G Suite
// accounts and trust reviews in both directions, and for hardware of one location sorted by
// location, page 1 and the middle page by offset and from the end, each ÷ its page 1. It seeds
// the account and inventory lists' rows itself, so it is opt-in: run it alone (`--only jumps`),
// not beside the sections that seed the same rows.
import { type ListBench, listCases } from "./list-cases";
import type { BenchCase, BenchSection } from "./sections";

const BOTH = ["asc", "desc"] as const;

export const jumpsSection: BenchSection = {
  title:
    "Jumps to the middle page by address (one account assignment, G Suite account, trust review and hardware item per license; loopback HTTP, SQL = the same statements run directly)",
  async run(context) {
    const seeded = [
      await context.seed(
        new URL("./account-lists-data.ts", import.meta.url).href,
        "seedBenchAccountLists",
        { licenses: context.counts.licenses },
      ),
      await context.seed(
        new URL("./inventory-lists-data.ts", import.meta.url).href,
        "seedBenchInventoryLists",
        { licenses: context.counts.licenses },
      ),
    ];
    const admin = context.adminCookie;
    const middle = (name: string, path: string, sorts: readonly string[]): ListBench => ({
      name,
      path,
      cookie: admin,
      sorts,
      orders: BOTH,
      depth: 0.5,
      byCursor: false,
    });
    const lists = [
      middle("account assignments", "/api/account-assignments", ["createdAt", "assignedDate"]),
      middle("G Suite accounts", "/api/gsuite-accounts", [
        "email",
        "organization",
        "planType",
        "createdAt",
      ]),
      middle("trust reviews", "/api/trust-reviews", ["createdAt", "clientName", "assignedDate"]),
      middle("hardware, Remote", "/api/hardware?location=Remote", ["location"]),
    ];
    const cases: BenchCase[] = [];
    for (const list of lists) cases.push(...(await listCases(context, list)));
    const lines = await context.measure(cases);
    const seconds = seeded.map((ms) => (ms / 1000).toFixed(1)).join(" s + ");
    return [`seeded in ${seconds} s`, ...lines];
  },
};
