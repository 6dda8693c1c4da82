// The administrators' lists and settings calls of issues 33-35 in `npm run bench` (issue 30): the
// notification channels and their deliveries, SCIM's Users (a userName filter and paging, with a
// SCIM token as an identity provider calls it), the integrations, the import history and the
// budgets, on the data of admin-lists-data.ts in proportion to the run's licenses. The deliveries'
// and the import history's pages at depth are built as every list's (list-cases.ts); SCIM's pages
// are its own (startIndex and count, the total in the body). The licenses' and assignments'
// unused and low-seat filters are in the licenses' section, the G Suite accounts' unused filter in
// the account lists'.
import { type ListBench, listCases } from "./list-cases";
import type { BenchCase, BenchContext, BenchSection } from "./sections";

const single = (label: string, url: string, cookie: string): BenchCase => ({
  label,
  urls: [url],
  cookie,
});

async function adminPost(context: BenchContext, path: string, body: unknown) {
  const response = await fetch(`${context.appUrl}${path}`, {
    method: "POST",
    headers: {
      cookie: context.adminCookie,
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function firstChannelId(context: BenchContext) {
  const response = await fetch(`${context.appUrl}/api/notification-channels`, {
    headers: { cookie: context.adminCookie },
  });
  const channels = (await response.json()) as { id: number }[];
  return channels[0]!.id;
}

/** SCIM's Users as an identity provider reads them: a userName filter, page 1 and the last page. */
async function scimCases(context: BenchContext): Promise<BenchCase[]> {
  const { token } = (await adminPost(context, "/api/scim-tokens", { name: "Bench IdP" })) as {
    token: string;
  };
  const headers = { authorization: `Bearer ${token}` };
  const read = async (query: string) => {
    const response = await fetch(`${context.appUrl}/scim/v2/Users?${query}`, { headers });
    if (!response.ok) throw new Error(`SCIM Users: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ totalResults: number; Resources: { userName: string }[] }>;
  };
  const { totalResults } = await read("count=0");
  const lastStart = Math.max(1, Math.floor((totalResults - 1) / 100) * 100 + 1);
  // A SCIM-managed person two thirds of the way down the list (admin-lists-data.ts).
  const name = (await read(`startIndex=${Math.ceil(totalResults * 0.66)}&count=1`)).Resources[0]!
    .userName;
  const scim = (label: string, query: string, baseline?: string): BenchCase => ({
    label: `SCIM Users, ${label}`,
    urls: [`/scim/v2/Users?${query}`],
    cookie: "",
    headers,
    ...(baseline && { baseline: `SCIM Users, ${baseline}` }),
  });
  return [
    scim("page 1 of 100", "startIndex=1&count=100"),
    scim(
      `last page (startIndex ${lastStart} of ${totalResults})`,
      `startIndex=${lastStart}&count=100`,
      "page 1 of 100",
    ),
    scim(
      `filter userName eq '${name}'`,
      `filter=${encodeURIComponent(`userName eq "${name}"`)}&startIndex=1&count=100`,
    ),
    scim(
      "filter userName eq, no match",
      `filter=${encodeURIComponent('userName eq "nobody.here"')}&startIndex=1&count=100`,
    ),
  ];
}

export const adminListsSection: BenchSection = {
  title:
    "Administrators' lists (notification channels and deliveries, SCIM Users, integrations, import history, budgets; per license a notification among two mail reminders; loopback HTTP, SQL = the same statements run directly)",
  async run(context) {
    const seedMs = await context.seed(
      new URL("./admin-lists-data.ts", import.meta.url).href,
      "seedBenchAdminLists",
      { licenses: context.counts.licenses },
    );
    const admin = context.adminCookie;
    const channel = await firstChannelId(context);
    const lists: ListBench[] = [
      { name: "notification deliveries", path: "/api/notification-deliveries", cookie: admin },
      {
        name: "notification deliveries, failed",
        path: "/api/notification-deliveries?status=failed",
        cookie: admin,
      },
      {
        name: "notification deliveries, one channel",
        path: `/api/notification-deliveries?channelId=${channel}`,
        cookie: admin,
      },
      {
        name: "import history",
        path: "/api/imports",
        cookie: admin,
        sorts: ["startedAt"],
        orders: ["asc", "desc"],
      },
      { name: "import history, licenses", path: "/api/imports?area=licenses", cookie: admin },
    ];
    const cases: BenchCase[] = [
      single("notification channels (whole list)", "/api/notification-channels", admin),
      single("integrations (each provider's last run)", "/api/integrations", admin),
      single("budgets", "/api/budgets", admin),
    ];
    for (const list of lists) cases.push(...(await listCases(context, list)));
    cases.push(...(await scimCases(context)));
    const lines = await context.measure(cases);
    return [`seeded in ${(seedMs / 1000).toFixed(1)} s`, ...lines];
  },
};
