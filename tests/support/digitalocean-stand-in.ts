// A local stand-in for the parts of the DigitalOcean API the hosting import reads, serving the
// real shapes (https://docs.digitalocean.com/reference/api/, Billing and Droplets):
//   GET /v2/customers/my/invoices                 invoices[], invoice_preview, links.pages, meta.total
//   GET /v2/customers/my/invoices/{uuid|preview}  invoice_items[], links.pages, meta.total
//   GET /v2/droplets                              droplets[], links.pages, meta.total
// Every list is paged (?page, ?per_page, small pages by default so paging is always exercised) and
// answers only to `Authorization: Bearer <token>`. Tests can make it answer 401, 429 with
// Retry-After, 500, a malformed body or slowly, for every request or only matching ones.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInInvoiceItem {
  product: string;
  resource_id: string;
  resource_uuid: string;
  group_description: string;
  description: string;
  amount: string;
  duration: string;
  duration_unit: string;
  start_time: string;
  end_time: string;
  project_name: string;
  category: string;
}

export interface StandInInvoice {
  invoice_uuid: string;
  /** 'YYYY-MM' */
  invoice_period: string;
  items: StandInInvoiceItem[];
}

export interface StandInDroplet {
  id: number;
  name: string;
  created_at: string;
}

export interface StandInAccount {
  /** Closed invoices, newest first (as DigitalOcean lists them). */
  invoices: StandInInvoice[];
  /** The running month's preview. */
  preview: StandInInvoice | null;
  droplets: StandInDroplet[];
}

export type StandInFault =
  | { kind: "status"; status: number; retryAfter?: number; body?: unknown }
  /** 200 with a body that is not JSON. */
  | { kind: "malformed" }
  /** 200 with JSON of the wrong shape. */
  | { kind: "wrong-shape" }
  /** Answers normally after `ms` milliseconds. */
  | { kind: "slow"; ms: number }
  /** Answers normally once `until` settles (a test's gate: no dependence on wall-clock speed). */
  | { kind: "hold"; until: Promise<unknown> };

interface FaultRule {
  fault: StandInFault;
  /** Only requests whose path and query contain this text. */
  match?: string;
  /** How many requests it applies to (then it is spent); every request when unset. */
  times?: number;
}

export interface DigitalOceanStandIn {
  /** The base URL to configure as DIGITALOCEAN_API_URL. */
  url: string;
  token: string;
  account: StandInAccount;
  /** Replaces the data served. */
  setAccount(account: StandInAccount): void;
  /** Makes matching requests fail (rules are checked in the order added). */
  fail(fault: StandInFault, options?: { match?: string; times?: number }): void;
  /** Removes every fault. */
  heal(): void;
  /** Paths (with query) requested so far, oldest first. */
  requests: string[];
  close(): Promise<void>;
}

const PREFIX = "/v2/customers/my/invoices";

function page<T>(
  items: T[],
  url: URL,
  base: string,
  defaultPerPage: number,
): { slice: T[]; links: unknown; meta: { total: number } } {
  // Like DigitalOcean (200 at most), the page size asked for is capped, here at a small size.
  const asked = Number(url.searchParams.get("per_page")) || defaultPerPage;
  const perPage = Math.max(1, Math.min(defaultPerPage, asked));
  const pageNumber = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number) => {
    const next = new URL(url.pathname, base);
    next.searchParams.set("page", String(n));
    next.searchParams.set("per_page", String(perPage));
    return next.toString();
  };
  const pages: Record<string, string> = {};
  if (pageNumber > 1) {
    pages.first = link(1);
    pages.prev = link(pageNumber - 1);
  }
  if (pageNumber < last) {
    pages.next = link(pageNumber + 1);
    pages.last = link(last);
  }
  return {
    slice: items.slice((pageNumber - 1) * perPage, pageNumber * perPage),
    links: { pages },
    meta: { total: items.length },
  };
}

export async function startDigitalOceanStandIn(
  options: { token?: string; account?: StandInAccount; perPage?: number } = {},
): Promise<DigitalOceanStandIn> {
  const token = options.token ?? "do-stand-in-token";
  const perPage = options.perPage ?? 2;
  let account: StandInAccount = options.account ?? { invoices: [], preview: null, droplets: [] };
  let rules: FaultRule[] = [];
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse, url: URL, base: string) {
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, { id: "Unauthorized", message: "Unable to authenticate you" });
    }
    if (req.method !== "GET") {
      return send(res, 405, { id: "method_not_allowed", message: "Method not allowed" });
    }
    const path = url.pathname.replace(/\/+$/, "");
    if (path === PREFIX) {
      const { slice, links, meta } = page(account.invoices, url, base, perPage);
      const ref = ({ invoice_uuid, invoice_period, items }: StandInInvoice) => ({
        invoice_uuid,
        invoice_id: invoice_uuid.replace(/-/g, "").slice(0, 9),
        amount: sumAmounts(items),
        invoice_period,
        updated_at: `${invoice_period}-01T06:00:00Z`,
      });
      return send(res, 200, {
        invoices: slice.map(ref),
        invoice_preview: account.preview ? ref(account.preview) : undefined,
        links,
        meta,
      });
    }
    if (path.startsWith(`${PREFIX}/`)) {
      const id = decodeURIComponent(path.slice(PREFIX.length + 1));
      const invoice =
        id === "preview"
          ? account.preview
          : [account.preview, ...account.invoices].find((i) => i?.invoice_uuid === id);
      if (!invoice) {
        return send(res, 404, {
          id: "not_found",
          message: "The resource you were accessing could not be found.",
        });
      }
      const { slice, links, meta } = page(invoice.items, url, base, perPage);
      return send(res, 200, { invoice_items: slice, links, meta });
    }
    if (path === "/v2/droplets") {
      const { slice, links, meta } = page(account.droplets, url, base, perPage);
      return send(res, 200, { droplets: slice.map(dropletShape), links, meta });
    }
    return send(res, 404, {
      id: "not_found",
      message: "The resource you were accessing could not be found.",
    });
  }

  const server = http.createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    const url = new URL(req.url ?? "/", base);
    const target = `${url.pathname}${url.search}`;
    requests.push(target);
    const rule = rules.find((r) => !r.match || target.includes(r.match));
    if (rule && rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
    }
    const fault = rule?.fault;
    if (!fault) return answer(req, res, url, base);
    switch (fault.kind) {
      case "status":
        return send(
          res,
          fault.status,
          fault.body ?? { id: `status_${fault.status}`, message: "Stand-in failure" },
          fault.retryAfter === undefined ? {} : { "retry-after": String(fault.retryAfter) },
        );
      case "malformed":
        return send(res, 200, '{"invoices": [{"invoice_uuid": "trunc');
      case "wrong-shape":
        return send(res, 200, { invoices: "none", invoice_items: 42, droplets: { id: 1 } });
      case "hold": {
        void fault.until.then(() => {
          if (!res.destroyed) answer(req, res, url, base);
        });
        return;
      }
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer(req, res, url, base);
        }, fault.ms);
        timers.add(timer);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    get account() {
      return account;
    },
    setAccount(next) {
      account = next;
    },
    fail(fault, { match, times } = {}) {
      rules.push({ fault, match, times });
    },
    heal() {
      rules = [];
    },
    requests,
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function dropletShape(droplet: StandInDroplet) {
  return {
    id: droplet.id,
    name: droplet.name,
    memory: 1024,
    vcpus: 1,
    disk: 25,
    locked: false,
    status: "active",
    created_at: droplet.created_at,
    size_slug: "s-1vcpu-1gb",
    region: { slug: "syd1", name: "Sydney 1" },
    tags: [],
  };
}

function sumAmounts(items: StandInInvoiceItem[]) {
  const cents = items.reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0);
  return (cents / 100).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Sample data
// ---------------------------------------------------------------------------------------------

let uuidCounter = 0;
export function standInUuid() {
  uuidCounter += 1;
  const hex = uuidCounter.toString(16).padStart(12, "0");
  return `5e1f0c2a-7b3d-4e8f-9a6b-${hex}`;
}

/** A Droplets invoice item as DigitalOcean writes it: description '<name> (<size>)'. */
export function dropletItem(
  month: string,
  droplet: { id: number | string; name: string; project?: string; size?: string },
  amount: string,
  extra: Partial<StandInInvoiceItem> = {},
): StandInInvoiceItem {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const next =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
  return {
    product: "Droplets",
    resource_id: String(droplet.id),
    resource_uuid: `uuid-${droplet.id}`,
    group_description: "",
    description: `${droplet.name} (${droplet.size ?? "s-1vcpu-1gb"})`,
    amount,
    duration: "672",
    duration_unit: "Hours",
    start_time: `${month}-01T00:00:00Z`,
    end_time: `${next}-01T00:00:00Z`,
    project_name: droplet.project ?? "Default",
    category: "iaas",
    ...extra,
  };
}

/** An item that is not a droplet (the import must leave it out). */
export function otherItem(month: string, product: string, amount: string): StandInInvoiceItem {
  return {
    ...dropletItem(month, { id: "", name: product }, amount),
    product,
    resource_id: "",
    resource_uuid: "",
    description: `${product} usage`,
    category: "paas",
  };
}

/**
 * Two months of an account: the running month's preview and the previous month's invoice, each
 * with several pages of items; a droplet ('old-worker') billed last month that no longer exists.
 *   previous month: web-1 20.00 + web-1 (resized) 4.10 + db-1 15.15 + old-worker 7.33 = 46.58 in droplets
 *   running month:  web-1 12.34 + db-1 8.08 + new-api 0.97 = 21.39 in droplets
 */
export function sampleAccount(running: string, previous: string): StandInAccount {
  const web = { id: 1001, name: "web-1", project: "Website" };
  const db = { id: 1002, name: "db-1", project: "Website", size: "s-2vcpu-4gb" };
  const old = { id: 1003, name: "old-worker", project: "Batch" };
  const api = { id: 1004, name: "new-api", project: "Client Portal" };
  return {
    invoices: [
      {
        invoice_uuid: standInUuid(),
        invoice_period: previous,
        items: [
          dropletItem(previous, web, "20.00"),
          otherItem(previous, "Spaces Subscription", "5.00"),
          dropletItem(previous, db, "15.15"),
          dropletItem(previous, { ...web, size: "s-2vcpu-2gb" }, "4.10"),
          otherItem(previous, "Load Balancers", "12.00"),
          dropletItem(previous, old, "7.33"),
        ],
      },
      {
        invoice_uuid: standInUuid(),
        invoice_period: shift(previous, -1),
        items: [dropletItem(shift(previous, -1), web, "24.00")],
      },
    ],
    preview: {
      invoice_uuid: standInUuid(),
      invoice_period: running,
      items: [
        dropletItem(running, web, "12.34"),
        dropletItem(running, db, "8.08"),
        otherItem(running, "Spaces Subscription", "2.50"),
        dropletItem(running, api, "0.97"),
      ],
    },
    droplets: [
      { id: web.id, name: "web-1", created_at: "2024-03-01T10:00:00Z" },
      { id: db.id, name: "db-primary", created_at: "2024-03-02T10:00:00Z" },
      { id: api.id, name: "new-api", created_at: `${running}-05T09:00:00Z` },
    ],
  };
}

function shift(month: string, offset: number) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + m - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The server's settings that point it at the stand-in, with a short timeout for the fault tests. */
export function standInEnv(standIn: DigitalOceanStandIn, maxRetryWaitSeconds: number) {
  return {
    DIGITALOCEAN_TOKEN: standIn.token,
    DIGITALOCEAN_API_URL: standIn.url,
    DIGITALOCEAN_TIMEOUT_SECONDS: "1",
    DIGITALOCEAN_MAX_RETRY_WAIT_SECONDS: String(maxRetryWaitSeconds),
  };
}
