// The account lists' section of `npm run bench` (issue 30): office accounts, account assignments,
// G Suite accounts, organizations and plans, and trust reviews, one row of each per license
// (account-lists-data.ts), seeded into the server's own database, one G Suite account in 10 with a
// sign-in (admin-lists-data.ts) for the unused filter. For each list, page 1 and the
// last page of every sort in both directions, by offset and by cursor (list-cases.ts), each
// filter on its default order, and each search. The activity log's deep pages are the activity
// section's.

import { type ListBench, listCases } from "./list-cases";
import type { BenchCase, BenchContext, BenchSection } from "./sections";

const BOTH = ["asc", "desc"] as const;

/** One page-1 case of a call with its own query (a search, a whole small list). */
const single = (label: string, url: string, cookie: string): BenchCase => ({
  label,
  urls: [url],
  cookie,
});

async function firstId(context: BenchContext, path: string) {
  const response = await fetch(`${context.appUrl}${path}`, {
    headers: { cookie: context.adminCookie },
  });
  const rows = (await response.json()) as { id: number }[];
  return rows[0]!.id;
}

export const accountListsSection: BenchSection = {
  title:
    "Account lists at depth (per license: an office account, an account assignment, a G Suite account, a trust review; loopback HTTP, SQL = the same statements run directly)",
  async run(context) {
    const seedMs = await context.seed(
      new URL("./account-lists-data.ts", import.meta.url).href,
      "seedBenchAccountLists",
      { licenses: context.counts.licenses },
    );
    // One account in 10 signed in 0-119 days ago, as a workspace sync leaves them (unused filter).
    const signInsMs = await context.seed(
      new URL("./admin-lists-data.ts", import.meta.url).href,
      "seedBenchSignIns",
      { licenses: context.counts.licenses },
    );
    const admin = context.adminCookie;
    const organization = await firstId(context, "/api/gsuite-organizations");
    const lists: ListBench[] = [
      {
        name: "office accounts",
        path: "/api/accounts",
        cookie: admin,
        sorts: ["email", "provider", "status", "renewalDate"],
        orders: BOTH,
      },
      { name: "office accounts, expired", path: "/api/accounts?status=expired", cookie: admin },
      { name: "office accounts, Adobe", path: "/api/accounts?provider=adobe", cookie: admin },
      { name: "office accounts, unused", path: "/api/accounts?unused=true", cookie: admin },
      {
        name: "account assignments",
        path: "/api/account-assignments",
        cookie: admin,
        sorts: ["createdAt", "assignedDate"],
        orders: BOTH,
      },
      {
        name: "account assignments, active",
        path: "/api/account-assignments?active=true",
        cookie: admin,
      },
      {
        name: "G Suite accounts",
        path: "/api/gsuite-accounts",
        cookie: admin,
        sorts: ["email", "organization", "planType", "createdAt"],
        orders: BOTH,
      },
      {
        name: "G Suite accounts, one organization",
        path: `/api/gsuite-accounts?organizationId=${organization}`,
        cookie: admin,
      },
      {
        name: "G Suite accounts, unassigned",
        path: "/api/gsuite-accounts?unassigned=true",
        cookie: admin,
      },
      {
        name: "G Suite accounts, unused",
        path: "/api/gsuite-accounts?unused=true",
        cookie: admin,
      },
      {
        name: "trust reviews",
        path: "/api/trust-reviews",
        cookie: admin,
        sorts: ["createdAt", "clientName", "assignedDate"],
        orders: BOTH,
      },
      {
        name: "trust reviews, inactive",
        path: "/api/trust-reviews?status=inactive",
        cookie: admin,
      },
      { name: "trust reviews, paying", path: "/api/trust-reviews?status=paying", cookie: admin },
    ];
    const cases: BenchCase[] = [];
    for (const list of lists) cases.push(...(await listCases(context, list)));
    const searches: [string, string][] = [
      ["office accounts", "/api/accounts?limit=50&search="],
      ["G Suite accounts", "/api/gsuite-accounts?limit=50&search="],
      ["trust reviews", "/api/trust-reviews?limit=50&search="],
    ];
    const words: Record<string, string[]> = {
      "office accounts": ["office123", "bench-pc-77", "micro", "zzz-nothing"],
      "G Suite accounts": ["ws123@", "bench-org7", "plan 3", "zzz-nothing"],
      "trust reviews": ["client123", "notes77", "zzz-nothing"],
    };
    for (const [name, path] of searches) {
      for (const word of words[name]!) {
        cases.push(
          single(`${name}, search '${word}'`, `${path}${encodeURIComponent(word)}`, admin),
        );
      }
    }
    cases.push(single("G Suite organizations (whole list)", "/api/gsuite-organizations", admin));
    cases.push(single("G Suite plans (whole list)", "/api/gsuite-plans", admin));
    const lines = await context.measure(cases);
    return [`seeded in ${((seedMs + signInsMs) / 1000).toFixed(1)} s`, ...lines];
  },
};
