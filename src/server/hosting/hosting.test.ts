// The hosting API (issue 12) against the DigitalOcean stand-in: configured and unconfigured
// status, import and re-import to the cent, every failure mode leaving the data as it was and
// reported as a failure, imports serialized, the summary at month boundaries, users refused.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type DigitalOceanStandIn,
  dropletItem,
  sampleAccount,
  standInEnv,
  startDigitalOceanStandIn,
} from "../../../tests/support/digitalocean-stand-in";
import { heldCall } from "../../../tests/support/held-call";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import { monthOf, previousMonth } from "../../domain/hosting";
import {
  DIGITALOCEAN_TOKEN_REFUSED_MESSAGE,
  type HostingCost,
  type HostingDroplet,
  type HostingImportResponse,
  type HostingStatusResponse,
  type HostingSummaryResponse,
} from "../../domain/schemas/hosting";
import { systemActor } from "../activity/record";
import { dropletCosts, hostingImports, jobLeases } from "../db/schema";
import { HOSTING_IMPORT_LEASE, runHostingImport } from "./import-service";
import type { HostingProvider } from "./provider";
import { hostingProviderOf } from "./routes";

const running = monthOf(todayIso("UTC"));
const previous = previousMonth(running);

let standIn: DigitalOceanStandIn;
let t: TestApp;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  standIn = await startDigitalOceanStandIn();
  t = await buildTestApp(standInEnv(standIn, 2));
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin", username: "host-admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "host-user" }));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.heal();
  standIn.setAccount(sampleAccount(running, previous));
});

const get = async <T>(url: string, cookie = adminCookie) => {
  const response = await t.request({ method: "GET", url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const post = (url: string, cookie = adminCookie) => t.request({ method: "POST", url, cookie });

async function fetchLatest(): Promise<HostingImportResponse> {
  const response = await post("/api/hosting/fetch-latest");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Everything the page reads, to compare before and after a failed import. */
async function snapshot() {
  return {
    costs: await get<HostingCost[]>("/api/hosting/costs"),
    droplets: (await get<HostingDroplet[]>("/api/hosting/droplets")).map(
      ({ droplet_id, name, project }) => ({ droplet_id, name, project }),
    ),
    summary: await get<HostingSummaryResponse>("/api/hosting/summary"),
  };
}

const monthTotal = (costs: HostingCost[], month: string) =>
  costs
    .filter((cost) => cost.month === month)
    .reduce((cents, cost) => cents + Math.round(Number(cost.amount_usd) * 100), 0) / 100;

describe("access", () => {
  it("refuses ordinary users and anonymous callers on every hosting call", async () => {
    for (const [method, url] of [
      ["GET", "/api/hosting/status"],
      ["GET", "/api/hosting/droplets"],
      ["GET", "/api/hosting/costs"],
      ["GET", "/api/hosting/summary"],
      ["POST", "/api/hosting/fetch-latest"],
      ["POST", "/api/hosting/fetch-previous-month"],
    ] as const) {
      const asUser = await t.request({ method, url, cookie: userCookie });
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json().code).toBe("FORBIDDEN");
      const anonymous = await t.request({ method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing reached DigitalOcean on their behalf.
    expect(standIn.requests).toEqual([]);
  });
});

describe("without a token", () => {
  let bare: TestApp;
  let cookie: string;
  beforeAll(async () => {
    bare = await buildTestApp();
    ({ cookie } = await bare.signedInUser({ role: "admin", username: "bare-admin" }));
  });
  afterAll(() => bare.close());

  it("says not configured and refuses to fetch", async () => {
    const status = await bare.request({ method: "GET", url: "/api/hosting/status", cookie });
    expect(status.json()).toMatchObject({ status: "not_configured", last_import: null });
    for (const url of ["/api/hosting/fetch-latest", "/api/hosting/fetch-previous-month"]) {
      const response = await bare.request({ method: "POST", url, cookie });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "HOSTING_NOT_CONFIGURED",
        message: expect.stringContaining("must be configured"),
      });
    }
    const costs = await bare.request({ method: "GET", url: "/api/hosting/costs", cookie });
    expect(costs.json()).toEqual([]);
    const summary = await bare.request({ method: "GET", url: "/api/hosting/summary", cookie });
    expect(summary.json()).toMatchObject({
      current_month: { total: "0.00", predicted: "0.00" },
      all_time_total: "0.00",
    });
  });
});

describe("import", () => {
  it("imports the running month and the previous one, every page, to the cent", async () => {
    expect(await get<HostingStatusResponse>("/api/hosting/status")).toMatchObject({
      status: "configured",
      last_import: null,
    });
    const result = await fetchLatest();
    expect(result.months).toEqual([running, previous]);
    expect(result.costs).toBe(6);
    expect(result.droplets).toBe(4);

    const costs = await get<HostingCost[]>("/api/hosting/costs");
    expect(monthTotal(costs, running)).toBe(21.39);
    expect(monthTotal(costs, previous)).toBe(46.58);
    // A resized droplet's two items are one row; other products are left out.
    expect(costs.filter((c) => c.month === previous)).toEqual([
      {
        droplet_id: "1001",
        name: "web-1",
        project: "Website",
        month: previous,
        amount_usd: "24.10",
      },
      {
        droplet_id: "1002",
        name: "db-primary",
        project: "Website",
        month: previous,
        amount_usd: "15.15",
      },
      {
        droplet_id: "1003",
        name: "old-worker",
        project: "Batch",
        month: previous,
        amount_usd: "7.33",
      },
    ]);
    // Newest month first.
    expect(costs[0]!.month).toBe(running);

    const droplets = await get<HostingDroplet[]>("/api/hosting/droplets");
    expect(droplets.map((d) => [d.droplet_id, d.name, d.project])).toEqual([
      ["1002", "db-primary", "Website"],
      ["1004", "new-api", "Client Portal"],
      ["1003", "old-worker", "Batch"],
      ["1001", "web-1", "Website"],
    ]);
    // The droplet that is gone is kept for history, last seen when its billing ended.
    const gone = droplets.find((d) => d.droplet_id === "1003")!;
    const listed = droplets.find((d) => d.droplet_id === "1001")!;
    expect(new Date(gone.last_seen).getTime()).toBeLessThan(new Date(listed.last_seen).getTime());

    const summary = await get<HostingSummaryResponse>("/api/hosting/summary");
    expect(summary.current_month.total).toBe("21.39");
    expect(summary.previous_month).toEqual({ month: previous, total: "46.58" });
    expect(summary.all_time_total).toBe("67.97");

    const status = await get<HostingStatusResponse>("/api/hosting/status");
    expect(status).toMatchObject({
      status: "configured",
      importing: false,
      last_import: { kind: "latest", trigger: "manual", outcome: "success" },
    });
    expect(status.last_success_at).not.toBeNull();
    // Every page of the paged lists was read (two items per page in the stand-in).
    expect(standIn.requests.some((r) => r.includes("page=3"))).toBe(true);
  });

  it("re-imports without doubling, and replaces changed and vanished rows", async () => {
    await fetchLatest();
    const before = await snapshot();
    const again = await fetchLatest();
    expect(again).toMatchObject({ droplets: 0, costs: 0 });
    expect(again.message).toContain("no changes");
    expect(await snapshot()).toEqual(before);

    const account = sampleAccount(running, previous);
    account.preview!.items = [
      dropletItem(running, { id: 1001, name: "web-1", project: "Website" }, "13.00"),
      dropletItem(running, { id: 1002, name: "db-1", project: "Website" }, "8.08"),
    ];
    standIn.setAccount(account);
    const changed = await fetchLatest();
    expect(changed.costs).toBe(2);
    const costs = await get<HostingCost[]>("/api/hosting/costs");
    expect(monthTotal(costs, running)).toBe(21.08);
    expect(monthTotal(costs, previous)).toBe(46.58);
    expect(costs.some((c) => c.month === running && c.droplet_id === "1004")).toBe(false);
  });

  it("fetch-previous-month imports only the previous month's invoice", async () => {
    await t.app.db.delete(dropletCosts);
    const response = await post("/api/hosting/fetch-previous-month");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ months: [previous], costs: 3 });
    const costs = await get<HostingCost[]>("/api/hosting/costs");
    expect(new Set(costs.map((c) => c.month))).toEqual(new Set([previous]));
    expect(monthTotal(costs, previous)).toBe(46.58);
  });

  it("reports a missing previous invoice as a failure and changes nothing", async () => {
    await fetchLatest();
    const before = await snapshot();
    const account = sampleAccount(running, previous);
    account.invoices = account.invoices.filter((i) => i.invoice_period !== previous);
    standIn.setAccount(account);
    const response = await post("/api/hosting/fetch-previous-month");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "HOSTING_INVOICE_MISSING",
      message: expect.stringContaining("has no invoice for"),
    });
    expect(await snapshot()).toEqual(before);
    expect((await get<HostingStatusResponse>("/api/hosting/status")).status).toBe("error");
  });

  it("takes the fetch calls without a body, with an empty JSON body or with {}", async () => {
    for (const [headers, payload] of [
      [{ "content-type": "application/json" }, ""],
      [{ "content-type": "application/json" }, "{}"],
    ] as const) {
      const response = await t.request({
        method: "POST",
        url: "/api/hosting/fetch-previous-month",
        cookie: adminCookie,
        headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const broken = await t.request({
      method: "POST",
      url: "/api/hosting/fetch-latest",
      cookie: adminCookie,
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe("INVALID_JSON");
  });

  it("waits out a 429 whose Retry-After is within the bound", async () => {
    standIn.fail({ kind: "status", status: 429, retryAfter: 1 }, { times: 1 });
    const result = await fetchLatest();
    expect(result.months).toEqual([running, previous]);
    expect((await get<HostingStatusResponse>("/api/hosting/status")).status).toBe("configured");
  });
});

describe("failures leave the data as it was", () => {
  const cases: {
    name: string;
    fault: Parameters<DigitalOceanStandIn["fail"]>[0];
    match?: string;
    status: number;
    message: RegExp;
  }[] = [
    {
      name: "401",
      fault: { kind: "status", status: 401 },
      status: 502,
      message: new RegExp(DIGITALOCEAN_TOKEN_REFUSED_MESSAGE),
    },
    {
      name: "429 asking for longer than the bound",
      fault: { kind: "status", status: 429, retryAfter: 3600 },
      status: 502,
      message: /limiting requests \(HTTP 429\); it asked to wait 3600 seconds/,
    },
    {
      name: "500",
      fault: { kind: "status", status: 500 },
      status: 502,
      message: /server error \(HTTP 500\)/,
    },
    {
      name: "503 on the second page of the preview's items",
      fault: { kind: "status", status: 503 },
      match: "page=2",
      status: 502,
      message: /server error \(HTTP 503\)/,
    },
    {
      name: "a malformed body",
      fault: { kind: "malformed" },
      status: 502,
      message: /malformed answer/,
    },
    {
      name: "JSON of the wrong shape on the last page of an invoice",
      fault: { kind: "wrong-shape" },
      match: "page=3",
      status: 502,
      message: /malformed answer/,
    },
    {
      name: "a slow answer",
      fault: { kind: "slow", ms: 5000 },
      status: 502,
      message: /did not answer .* within 1 seconds/,
    },
  ];

  for (const c of cases) {
    it(`on ${c.name}`, async () => {
      await fetchLatest();
      const before = await snapshot();
      // Different data behind the fault: had anything been written, the snapshot would differ.
      const account = sampleAccount(running, previous);
      account.preview!.items[0]!.amount = "99.99";
      account.invoices[0]!.items[0]!.amount = "88.88";
      standIn.setAccount(account);
      standIn.fail(c.fault, { match: c.match });

      const response = await post("/api/hosting/fetch-latest");
      expect(response.statusCode, response.body).toBe(c.status);
      expect(response.json().code).toBe("HOSTING_PROVIDER_FAILED");
      expect(response.json().message).toMatch(c.message);
      expect(await snapshot()).toEqual(before);

      const status = await get<HostingStatusResponse>("/api/hosting/status");
      expect(status.status).toBe("error");
      expect(status.message).toMatch(c.message);
      expect(status.importing).toBe(false);

      // Once DigitalOcean is well again, so is the status.
      standIn.heal();
      await fetchLatest();
      expect((await get<HostingStatusResponse>("/api/hosting/status")).status).toBe("configured");
    });
  }
});

describe("two imports at once", () => {
  /** The real provider, held at its first call until released. */
  function gatedProvider() {
    const real = hostingProviderOf(t.app)!;
    const held = heldCall();
    const provider: HostingProvider = {
      name: real.name,
      async invoices() {
        await held.pass();
        return real.invoices();
      },
      machineCharges: (invoice) => real.machineCharges(invoice),
      machines: () => real.machines(),
    };
    return { provider, release: held.release, started: held.started };
  }

  it("answers 409 to the second while the first runs, and counts nothing twice", async () => {
    await t.app.db.delete(dropletCosts);
    const { provider, release, started } = gatedProvider();
    // As from another server instance: the same database, a separate import.
    const first = runHostingImport(t.app.db, provider, {
      kind: "latest",
      trigger: "scheduled",
      actor: systemActor,
    });
    await started;
    expect((await get<HostingStatusResponse>("/api/hosting/status")).importing).toBe(true);

    const second = await post("/api/hosting/fetch-latest");
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("IMPORT_IN_PROGRESS");

    release();
    expect((await first)?.months).toEqual([running, previous]);
    const costs = await get<HostingCost[]>("/api/hosting/costs");
    expect(monthTotal(costs, running)).toBe(21.39);
    expect(monthTotal(costs, previous)).toBe(46.58);
    // And the slot is free again.
    await fetchLatest();
  });

  it("takes over an import whose server died (its lease ran out)", async () => {
    // What a dead server leaves: its unfinished import row and its lease, held by nobody alive.
    const [dead] = await t.app.db
      .insert(hostingImports)
      .values({ kind: "latest", trigger: "scheduled", startedAt: new Date(Date.now() - 3_600_000) })
      .returning({ id: hostingImports.id });
    const deadLease = { name: HOSTING_IMPORT_LEASE.name, holder: "a-dead-server" };
    await t.app.db
      .insert(jobLeases)
      .values({ ...deadLease, expiresAt: new Date(Date.now() + 60_000) })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { ...deadLease, expiresAt: new Date(Date.now() + 60_000) },
      });

    // While its hold runs, the lease is still its own: a new import waits its turn.
    const refused = await post("/api/hosting/fetch-latest");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("IMPORT_IN_PROGRESS");

    // Once the hold has run out, the next import takes over and marks the dead one interrupted.
    await t.app.db
      .update(jobLeases)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(jobLeases.name, HOSTING_IMPORT_LEASE.name));
    await fetchLatest();
    const [old] = await t.app.db
      .select()
      .from(hostingImports)
      .where(eq(hostingImports.id, dead!.id));
    expect(old?.outcome).toBe("error");
    expect(old?.finishedAt).not.toBeNull();
    expect(old?.message).toMatch(/interrupted/);
  });
});

describe("summary at month boundaries", () => {
  async function seedMonths(rows: [string, string, string][]) {
    await t.app.db.delete(dropletCosts);
    await t.app.db.insert(dropletCosts).values(
      rows.map(([invoiceMonth, dropletId, amount]) => ({
        invoiceMonth,
        dropletId,
        amountUsd: Number(amount),
      })),
    );
  }

  it("on the first day of a month projects one day over the month", async () => {
    await seedMonths([
      ["2027-01", "1", "3.33"],
      ["2026-12", "1", "200.10"],
      ["2026-12", "2", "99.90"],
      ["2026-11", "1", "0.01"],
    ]);
    const summary = await get<HostingSummaryResponse>("/api/hosting/summary?today=2027-01-01");
    expect(summary).toEqual({
      current_month: {
        month: "2027-01",
        total: "3.33",
        predicted: "103.23",
        days_passed: 1,
        days_in_month: 31,
      },
      previous_month: { month: "2026-12", total: "300.00" },
      all_time_total: "303.34",
      percent_change: { formatted: "65.6%", is_increase: false },
    });
  });

  it("uses 29 days in February of a leap year, and sums exactly", async () => {
    // Ten rows of 0.10 and one of 0.20: float addition would not give 1.20 exactly.
    await seedMonths([
      ...Array.from(
        { length: 10 },
        (_, i) => ["2028-02", `d${i}`, "0.10"] as [string, string, string],
      ),
      ["2028-02", "x", "0.20"],
      ["2028-01", "x", "1.00"],
    ]);
    const leapDay = await get<HostingSummaryResponse>("/api/hosting/summary?today=2028-02-29");
    expect(leapDay.current_month).toEqual({
      month: "2028-02",
      total: "1.20",
      predicted: "1.20",
      days_passed: 29,
      days_in_month: 29,
    });
    expect(leapDay.percent_change).toEqual({ formatted: "20.0%", is_increase: true });
    const mid = await get<HostingSummaryResponse>("/api/hosting/summary?today=2028-02-10");
    expect(mid.current_month).toMatchObject({ predicted: "3.48", days_in_month: 29 });
  });

  it("refuses a date that is not one", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/hosting/summary?today=2027-02-29",
      cookie: adminCookie,
    });
    expect(response.statusCode).toBe(400);
  });
});
