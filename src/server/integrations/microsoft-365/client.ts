// The Microsoft 365 client (issue 33, decision 0054): an app-only token by the client-credentials
// grant of the Microsoft identity platform, then Microsoft Graph v1.0's subscribed SKUs and users,
// every page followed by @odata.nextLink, 429 and 503 waited out by their Retry-After within a
// bound, and every failure turned into an IntegrationError whose message says what to do. It
// knows nothing about the database; the planner (plan.ts) does.
//
// The secret goes only to the configured login address, the token only to the configured Graph
// address (a next link elsewhere keeps only its path and query); neither is ever in a message.
import { z } from "zod";
import { retryAfterMs } from "../../lib/retry-after";
import { IntegrationError, type ProviderPerson } from "../connector";

export interface Microsoft365Options {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com, or a stand-in. */
  loginUrl: string;
  /** https://graph.microsoft.com, or a stand-in. */
  graphUrl: string;
  timeoutMs: number;
  /** The longest Retry-After waited out, in all, over one read before giving up. */
  maxRetryWaitMs: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** A subscribed product (Graph's subscribedSku), as the sync needs it. */
export interface GraphSku {
  skuId: string;
  skuPartNumber: string;
  /** prepaidUnits.enabled: the seats paid for and usable. */
  enabledUnits: number;
  consumedUnits: number;
  capabilityStatus: string;
}

/** A Graph user with the SKUs assigned to them. */
export interface GraphPerson extends ProviderPerson {
  skuIds: string[];
}

export interface Microsoft365Snapshot {
  skus: GraphSku[];
  people: GraphPerson[];
  /** False when the tenant would not tell sign-ins (no Entra ID P1/P2, or no AuditLog.Read.All). */
  signInKnown: boolean;
}

const GRAPH_SCOPE = "https://graph.microsoft.com/.default";
const MAX_RETRIES = 4;
const MAX_PAGES = 2000;
/** Graph allows up to 999 users a page; with signInActivity selected it allows fewer. */
const USERS_PAGE_SIZE = 100;
const USER_FIELDS = "id,displayName,mail,userPrincipalName,accountEnabled,assignedLicenses";

// Shapes from Microsoft's reference: resources/subscribedsku.md, resources/user.md,
// resources/assignedlicense.md, resources/signinactivity.md. Extra properties are ignored.
const skuSchema = z
  .object({
    skuId: z.string().min(1),
    skuPartNumber: z.string().nullish(),
    consumedUnits: z.number().int().nonnegative().nullish(),
    capabilityStatus: z.string().nullish(),
    prepaidUnits: z.object({ enabled: z.number().int().nonnegative().nullish() }).loose().nullish(),
  })
  .loose();

const userSchema = z
  .object({
    id: z.string().min(1),
    displayName: z.string().nullish(),
    mail: z.string().nullish(),
    userPrincipalName: z.string().nullish(),
    accountEnabled: z.boolean().nullish(),
    assignedLicenses: z.array(z.object({ skuId: z.string().min(1) }).loose()).nullish(),
    signInActivity: z.object({ lastSignInDateTime: z.string().nullish() }).loose().nullish(),
  })
  .loose();

const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ value: z.array(item), "@odata.nextLink": z.string().nullish() }).loose();

const tokenSchema = z.object({ access_token: z.string().min(1) }).loose();
const tokenErrorSchema = z
  .object({
    error: z.string(),
    error_description: z.string().nullish(),
    error_codes: z.array(z.number()).nullish(),
  })
  .loose();
// Graph's error body (concepts/errors.md): {"error": {"code", "message", "innerError"}}.
const graphErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string().nullish() }).loose() })
  .loose();

// AADSTS codes (Microsoft Entra authentication and authorization error codes reference).
const UNKNOWN_TENANT_CODES = new Set([90002, 900023, 90072]);
const CLIENT_UNKNOWN_CODES = new Set([700016]);
const SECRET_REFUSED_CODES = new Set([7000215, 7000222, 7000216]);

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

/** The first line of an AADSTS description ("AADSTS7000215: Invalid client secret provided..."). */
const firstLine = (text: string | null | undefined) =>
  (text ?? "").split(/\r?\n/)[0]!.trim().slice(0, 300);

/** What a Graph call needs, named for the administrator. */
export const GRAPH_PERMISSIONS = {
  skus: "Organization.Read.All (or Directory.Read.All)",
  users: "User.Read.All (or Directory.Read.All)",
  signIns: "AuditLog.Read.All",
} as const;

export function createMicrosoft365Client(options: Microsoft365Options) {
  const doFetch = options.fetch ?? fetch;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const graphBase = new URL(
    options.graphUrl.endsWith("/") ? options.graphUrl : `${options.graphUrl}/`,
  );
  const loginBase = new URL(
    options.loginUrl.endsWith("/") ? options.loginUrl : `${options.loginUrl}/`,
  );
  let retryBudgetMs = options.maxRetryWaitMs;
  let token: string | null = null;

  /** Sends, mapping the network's failures; 429 and 503 are waited out within the bound. */
  async function send(
    url: URL,
    init: RequestInit,
    service: "Microsoft Graph" | "the Microsoft sign-in service",
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        const name = (error as Error)?.name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new IntegrationError(
            "INTEGRATION_UNREACHABLE",
            `${service} did not answer ${url.pathname} within ${seconds(options.timeoutMs)}. Try again later.`,
          );
        }
        const cause = (error as { cause?: { code?: string } })?.cause;
        throw new IntegrationError(
          "INTEGRATION_UNREACHABLE",
          `Could not reach ${service} at ${url.origin}: ${cause?.code ?? (error as Error)?.message ?? "network error"}`,
        );
      }
      if (response.status !== 429 && response.status !== 503) return response;
      await response.body?.cancel().catch(() => {});
      const waitMs = retryAfterMs(response.headers.get("retry-after"));
      if (attempt < MAX_RETRIES && waitMs <= retryBudgetMs) {
        retryBudgetMs -= waitMs;
        await sleep(waitMs);
        continue;
      }
      if (response.status === 429) {
        throw new IntegrationError(
          "INTEGRATION_THROTTLED",
          `${service} kept limiting requests (HTTP 429) longer than the sync waits (INTEGRATIONS_MAX_RETRY_WAIT_SECONDS). Try again later.`,
        );
      }
      throw new IntegrationError(
        "INTEGRATION_UNREACHABLE",
        `${service} is unavailable (HTTP 503) for ${url.pathname}. Try again later.`,
      );
    }
  }

  async function readJson(response: Response, where: string, service: string): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new IntegrationError(
        "INTEGRATION_UNREACHABLE",
        `${service} did not finish its answer for ${where}`,
      );
    }
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  const badAnswer = (where: string, detail?: string) =>
    new IntegrationError(
      "INTEGRATION_BAD_ANSWER",
      `Microsoft Graph sent an answer that is not its documented shape for ${where}${detail ? ` (${detail})` : ""}`,
    );

  /** The app-only token (identity platform: OAuth 2.0 client credentials flow, shared secret). */
  async function accessToken(): Promise<string> {
    if (token) return token;
    const url = new URL(`${encodeURIComponent(options.tenantId)}/oauth2/v2.0/token`, loginBase);
    const body = new URLSearchParams({
      client_id: options.clientId,
      scope: GRAPH_SCOPE,
      client_secret: options.clientSecret,
      grant_type: "client_credentials",
    });
    const response = await send(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body,
      },
      "the Microsoft sign-in service",
    );
    const json = await readJson(response, url.pathname, "the Microsoft sign-in service");
    if (response.ok) {
      const parsed = tokenSchema.safeParse(json);
      if (!parsed.success) {
        throw new IntegrationError(
          "INTEGRATION_BAD_ANSWER",
          "The Microsoft sign-in service answered without an access token",
        );
      }
      token = parsed.data.access_token;
      return token;
    }
    if (response.status >= 500) {
      throw new IntegrationError(
        "INTEGRATION_UNREACHABLE",
        `The Microsoft sign-in service failed (HTTP ${response.status}). Try again later.`,
      );
    }
    const failure = tokenErrorSchema.safeParse(json);
    if (!failure.success) {
      throw new IntegrationError(
        "INTEGRATION_BAD_ANSWER",
        `The Microsoft sign-in service refused the token request (HTTP ${response.status}) without saying why`,
      );
    }
    const codes = new Set(failure.data.error_codes ?? []);
    const said = firstLine(failure.data.error_description);
    const has = (known: Set<number>) => [...codes].some((code) => known.has(code));
    if (has(UNKNOWN_TENANT_CODES)) {
      throw new IntegrationError(
        "INTEGRATION_UNKNOWN_TENANT",
        `Microsoft does not know the tenant in MICROSOFT_TENANT_ID; set it to the directory (tenant) ID of your Microsoft Entra ID. (${said})`,
      );
    }
    if (has(CLIENT_UNKNOWN_CODES)) {
      throw new IntegrationError(
        "INTEGRATION_CREDENTIALS_REFUSED",
        `The tenant has no application with the MICROSOFT_CLIENT_ID given; check the app registration's application (client) ID. (${said})`,
      );
    }
    if (has(SECRET_REFUSED_CODES) || failure.data.error === "invalid_client") {
      throw new IntegrationError(
        "INTEGRATION_CREDENTIALS_REFUSED",
        `Microsoft refused the client secret (MICROSOFT_CLIENT_SECRET): it is wrong, expired or was deleted. Create a new secret under the app registration's Certificates & secrets. (${said})`,
      );
    }
    throw new IntegrationError(
      "INTEGRATION_CREDENTIALS_REFUSED",
      `Microsoft refused the token request (${failure.data.error}). (${said})`,
    );
  }

  /** A URL on the configured Graph address; a next link elsewhere keeps only its path and query. */
  function onGraph(pathOrUrl: string): URL {
    if (/^https?:\/\//i.test(pathOrUrl)) {
      const link = new URL(pathOrUrl);
      if (link.origin === graphBase.origin) return link;
      return new URL(`${link.pathname.replace(/^\//, "")}${link.search}`, graphBase);
    }
    return new URL(pathOrUrl.replace(/^\//, ""), graphBase);
  }

  /** A Graph GET answered 2xx, as JSON; a refusal as an IntegrationError (or `onRefused`'s). */
  async function graphGet(url: URL, permission: string): Promise<unknown> {
    const response = await send(
      url,
      {
        headers: { authorization: `Bearer ${await accessToken()}`, accept: "application/json" },
      },
      "Microsoft Graph",
    );
    const json = await readJson(response, url.pathname, "Microsoft Graph");
    if (response.ok) return json;
    const graphError = graphErrorSchema.safeParse(json);
    const code = graphError.success ? graphError.data.error.code : null;
    if (response.status === 401) {
      throw new IntegrationError(
        "INTEGRATION_CREDENTIALS_REFUSED",
        `Microsoft Graph refused the app's token (HTTP 401${code ? `, ${code}` : ""}); check MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET.`,
      );
    }
    if (response.status === 403) {
      throw new GraphForbidden(
        code,
        `The app may not read ${url.pathname.replace(/^.*\/v1\.0\//, "")} (HTTP 403${code ? `, ${code}` : ""}): grant it the Microsoft Graph application permission ${permission}, with administrator consent.`,
      );
    }
    if (response.status >= 500) {
      throw new IntegrationError(
        "INTEGRATION_UNREACHABLE",
        `Microsoft Graph failed (HTTP ${response.status}) for ${url.pathname}. Try again later.`,
      );
    }
    throw badAnswer(url.pathname, `HTTP ${response.status}${code ? `, ${code}` : ""}`);
  }

  /** Every page of a collection, by @odata.nextLink (concepts/paging.md). */
  async function all<T extends z.ZodType>(
    first: URL,
    item: T,
    permission: string,
  ): Promise<z.infer<T>[]> {
    const schema = pageSchema(item);
    const rows: z.infer<T>[] = [];
    const seen = new Set<string>();
    let url: URL | null = first;
    while (url) {
      if (seen.has(url.toString()) || seen.size >= MAX_PAGES) {
        throw badAnswer(first.pathname, "its pages do not end");
      }
      seen.add(url.toString());
      const parsed = schema.safeParse(await graphGet(url, permission));
      if (!parsed.success) throw badAnswer(url.pathname);
      rows.push(...(parsed.data.value as z.infer<T>[]));
      const next = parsed.data["@odata.nextLink"];
      url = next ? onGraph(next) : null;
    }
    return rows;
  }

  async function subscribedSkus(): Promise<GraphSku[]> {
    const rows = await all(onGraph("v1.0/subscribedSkus"), skuSchema, GRAPH_PERMISSIONS.skus);
    return rows.map((sku) => ({
      skuId: sku.skuId.toLowerCase(),
      skuPartNumber: sku.skuPartNumber?.trim() || sku.skuId,
      enabledUnits: sku.prepaidUnits?.enabled ?? 0,
      consumedUnits: sku.consumedUnits ?? 0,
      capabilityStatus: sku.capabilityStatus ?? "Enabled",
    }));
  }

  function usersUrl(withSignIns: boolean): URL {
    const url = onGraph("v1.0/users");
    url.searchParams.set("$select", withSignIns ? `${USER_FIELDS},signInActivity` : USER_FIELDS);
    url.searchParams.set("$top", String(USERS_PAGE_SIZE));
    return url;
  }

  /** The users; sign-ins when the tenant tells them (Entra ID P1/P2 and AuditLog.Read.All). */
  async function users(): Promise<{ people: GraphPerson[]; signInKnown: boolean }> {
    let rows: z.infer<typeof userSchema>[];
    let signInKnown = true;
    try {
      rows = await all(usersUrl(true), userSchema, GRAPH_PERMISSIONS.users);
    } catch (error) {
      // signInActivity needs a premium tenant and AuditLog.Read.All: without them Graph answers
      // 403 (Authentication_RequestFromNonPremiumTenantOrB2CTenant, Authorization_RequestDenied).
      // The users are read again without it; unused seats then rest on accountEnabled alone.
      if (!(error instanceof GraphForbidden)) throw error;
      signInKnown = false;
      rows = await all(usersUrl(false), userSchema, GRAPH_PERMISSIONS.users);
    }
    const people: GraphPerson[] = [];
    for (const user of rows) {
      const address = (user.mail || user.userPrincipalName || "").trim().toLowerCase();
      if (!address.includes("@")) continue;
      const at = user.signInActivity?.lastSignInDateTime;
      const lastSignInAt = at ? new Date(at) : null;
      if (lastSignInAt && Number.isNaN(lastSignInAt.getTime())) {
        throw badAnswer("/v1.0/users", `sign-in time '${at}'`);
      }
      people.push({
        externalId: user.id,
        email: address,
        name: user.displayName?.trim() || null,
        enabled: user.accountEnabled !== false,
        lastSignInAt,
        signInKnown,
        skuIds: [...new Set((user.assignedLicenses ?? []).map((l) => l.skuId.toLowerCase()))],
      });
    }
    return { people, signInKnown };
  }

  return {
    accessToken,
    subscribedSkus,
    users,
    /** Everything a sync reads, or an IntegrationError having read only. */
    async read(): Promise<Microsoft365Snapshot> {
      try {
        const skus = await subscribedSkus();
        const { people, signInKnown } = await users();
        return { skus, people, signInKnown };
      } catch (error) {
        if (error instanceof GraphForbidden) {
          throw new IntegrationError("INTEGRATION_PERMISSION_MISSING", error.message);
        }
        throw error;
      }
    },
  };
}

/** A 403 from Graph, kept apart so that the users' read can retry without sign-ins. */
class GraphForbidden extends Error {
  constructor(
    readonly graphCode: string | null,
    message: string,
  ) {
    super(message);
  }
}
