// The DigitalOcean billing client (API v2): invoices, invoice items and droplets, every page
// followed, each request with a timeout, 429 waited out within a bound, and one clear message per
// way it can fail. It knows nothing about the database; the import (import-service.ts) does.
import { z } from "zod";
import { isBillingMonth, parseCents } from "../../domain/hosting";
import { DIGITALOCEAN_TOKEN_REFUSED_MESSAGE } from "../../domain/schemas/hosting";
import { retryAfterMs } from "../lib/retry-after";
import {
  type HostingProvider,
  HostingProviderError,
  type InvoiceList,
  type InvoiceRef,
  type Machine,
  type MachineCharge,
} from "./provider";

export { retryAfterMs };

export interface DigitalOceanOptions {
  token: string;
  /** https://api.digitalocean.com, or a stand-in / proxy. */
  apiUrl: string;
  timeoutMs: number;
  /** The longest Retry-After an import waits out, in all, before giving up on 429s. */
  maxRetryWaitMs: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const PER_PAGE = 200;
const MAX_PAGES = 500;
const MAX_RATE_LIMIT_RETRIES = 3;

const pagesSchema = z
  .object({
    links: z.object({ pages: z.object({ next: z.string().optional() }).nullish() }).nullish(),
    meta: z.object({ total: z.number().int().nonnegative() }).nullish(),
  })
  .loose();

const invoiceRefSchema = z
  .object({
    invoice_uuid: z.string().min(1),
    invoice_period: z.string().refine(isBillingMonth),
  })
  .loose();

const invoicesPageSchema = pagesSchema.extend({
  invoices: z.array(invoiceRefSchema),
  // The preview without a uuid is still read, through the 'preview' keyword.
  invoice_preview: invoiceRefSchema.extend({ invoice_uuid: z.string().nullish() }).nullish(),
});

// A decimal string in the real API; a bare number is read the same way rather than refused.
const amountSchema = z
  .union([z.string(), z.number().finite()])
  .transform(String)
  .refine((value) => parseCents(value) !== null);
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

const invoiceItemSchema = z
  .object({
    product: nullableText,
    resource_id: z.union([z.string(), z.number()]).nullish(),
    resource_uuid: nullableText,
    group_description: nullableText,
    description: nullableText,
    amount: amountSchema,
    project_name: nullableText,
  })
  .loose();

const invoiceItemsPageSchema = pagesSchema.extend({ invoice_items: z.array(invoiceItemSchema) });

const dropletsPageSchema = pagesSchema.extend({
  droplets: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() }).loose()),
});

type Page<K extends string, T> = { [key in K]: T[] } & z.infer<typeof pagesSchema>;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

/** The name of a droplet on its invoice item: '<name> (<size>)' is DigitalOcean's description. */
export function dropletNameOf(item: {
  description: string;
  group_description: string;
  resource_id: string;
}): string {
  const described = /^(.*\S)\s+\([^()]*\)$/.exec(item.description.trim());
  if (described) return described[1]!;
  if (item.group_description.trim()) return item.group_description.trim();
  if (item.description.trim()) return item.description.trim();
  return `droplet ${item.resource_id}`;
}

export function createDigitalOceanProvider(options: DigitalOceanOptions): HostingProvider {
  const base = new URL(options.apiUrl.endsWith("/") ? options.apiUrl : `${options.apiUrl}/`);
  const doFetch = options.fetch ?? fetch;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let retryBudgetMs = options.maxRetryWaitMs;

  /** An absolute URL on the configured API; a next link elsewhere keeps only its path and query. */
  function resolve(pathOrUrl: string): URL {
    if (/^https?:\/\//i.test(pathOrUrl)) {
      const link = new URL(pathOrUrl);
      if (link.origin === base.origin) return link;
      // The token is never sent anywhere but the configured API.
      return new URL(`${link.pathname.replace(/^\//, "")}${link.search}`, base);
    }
    return new URL(pathOrUrl.replace(/^\//, ""), base);
  }

  async function getJson(url: URL, attempt = 0): Promise<unknown> {
    const where = url.pathname;
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { authorization: `Bearer ${options.token}`, accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new HostingProviderError(
          `DigitalOcean did not answer ${where} within ${seconds(options.timeoutMs)}`,
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
      throw new HostingProviderError(
        `Could not reach DigitalOcean at ${base.origin}: ${cause?.code ?? cause?.message ?? (error as Error)?.message ?? "network error"}`,
      );
    }

    if (response.status === 429) {
      await response.body?.cancel().catch(() => {});
      const waitMs = retryAfterMs(response.headers.get("retry-after"));
      if (attempt < MAX_RATE_LIMIT_RETRIES && waitMs <= retryBudgetMs) {
        retryBudgetMs -= waitMs;
        await sleep(waitMs);
        return getJson(url, attempt + 1);
      }
      const asked = response.headers.get("retry-after");
      throw new HostingProviderError(
        `DigitalOcean is limiting requests (HTTP 429)${asked ? `; it asked to wait ${asked} seconds` : ""}. Try again later.`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      if (response.status === 401)
        throw new HostingProviderError(DIGITALOCEAN_TOKEN_REFUSED_MESSAGE);
      if (response.status === 403) {
        throw new HostingProviderError(
          "the DigitalOcean token may not read billing (HTTP 403); it needs read access to billing and droplets",
        );
      }
      if (response.status >= 500) {
        throw new HostingProviderError(
          `DigitalOcean answered with a server error (HTTP ${response.status}) for ${where}. Try again later.`,
        );
      }
      throw new HostingProviderError(
        `DigitalOcean answered HTTP ${response.status} for ${where}`,
        response.status,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new HostingProviderError(`DigitalOcean did not finish its answer for ${where}`);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw malformed(where);
    }
  }

  function malformed(where: string, detail?: string) {
    return new HostingProviderError(
      `DigitalOcean sent a malformed answer for ${where}${detail ? ` (${detail})` : ""}`,
    );
  }

  /** Every page of a list, by links.pages.next; checks the count against meta.total. */
  async function all<K extends string, T>(
    path: string,
    schema: z.ZodType<Page<K, T>>,
    key: K,
    onFirst?: (page: Page<K, T>) => void,
  ): Promise<T[]> {
    const first = resolve(path);
    first.searchParams.set("per_page", String(PER_PAGE));
    const rows: T[] = [];
    const seen = new Set<string>();
    let url: URL | null = first;
    let total: number | undefined;
    while (url) {
      if (seen.has(url.toString()) || seen.size >= MAX_PAGES) {
        throw malformed(first.pathname, "its pages do not end");
      }
      seen.add(url.toString());
      const parsed = schema.safeParse(await getJson(url));
      if (!parsed.success) throw malformed(url.pathname);
      const page = parsed.data;
      if (seen.size === 1) onFirst?.(page);
      rows.push(...page[key]);
      total = page.meta?.total ?? total;
      const next = page.links?.pages?.next;
      url = next ? resolve(next) : null;
    }
    if (total !== undefined && rows.length < total) {
      throw malformed(first.pathname, `it listed ${total} but sent ${rows.length}`);
    }
    return rows;
  }

  async function invoiceItems(id: string) {
    return all(
      `v2/customers/my/invoices/${encodeURIComponent(id)}`,
      invoiceItemsPageSchema as unknown as z.ZodType<
        Page<"invoice_items", z.infer<typeof invoiceItemSchema>>
      >,
      "invoice_items",
    );
  }

  return {
    name: "DigitalOcean",

    async invoices(): Promise<InvoiceList> {
      let running: InvoiceRef | null = null;
      const closed = await all(
        "v2/customers/my/invoices",
        invoicesPageSchema as unknown as z.ZodType<
          Page<"invoices", z.infer<typeof invoiceRefSchema>> & {
            invoice_preview?: { invoice_uuid?: string | null; invoice_period: string } | null;
          }
        >,
        "invoices",
        (page) => {
          const preview = (
            page as {
              invoice_preview?: { invoice_uuid?: string | null; invoice_period: string } | null;
            }
          ).invoice_preview;
          if (preview) {
            running = {
              id: preview.invoice_uuid || "preview",
              month: preview.invoice_period,
              preview: true,
            };
          }
        },
      );
      return {
        running,
        closed: closed.map((invoice) => ({
          id: invoice.invoice_uuid,
          month: invoice.invoice_period,
        })),
      };
    },

    async machineCharges(invoice: InvoiceRef): Promise<MachineCharge[]> {
      let items: z.infer<typeof invoiceItemSchema>[];
      try {
        items = await invoiceItems(invoice.id);
      } catch (error) {
        // The running month is also reachable as 'preview', DigitalOcean's documented keyword.
        const notFound = error instanceof HostingProviderError && error.status === 404;
        if (!(invoice.preview && notFound)) throw error;
        items = await invoiceItems("preview");
      }
      return items
        .filter((item) => item.product === "Droplets")
        .map((item) => {
          const machineId = String(item.resource_id ?? "").trim() || item.resource_uuid.trim();
          return { item, machineId };
        })
        .filter(({ machineId }) => machineId !== "")
        .map(({ item, machineId }) => ({
          machineId,
          name: dropletNameOf({ ...item, resource_id: machineId }),
          project: item.project_name.trim() || null,
          amount: item.amount,
          raw: item,
        }));
    },

    async machines(): Promise<Machine[]> {
      const droplets = await all(
        "v2/droplets",
        dropletsPageSchema as unknown as z.ZodType<
          Page<"droplets", { id: number | string; name: string }>
        >,
        "droplets",
      );
      return droplets.map((droplet) => ({ machineId: String(droplet.id), name: droplet.name }));
    },
  };
}
