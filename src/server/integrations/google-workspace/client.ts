// The Google Workspace client (issue 33, decision 0055): a service account with domain-wide
// delegation gets a token by the JWT-bearer grant (RFC 7523, as Google's "Using OAuth 2.0 for
// Server to Server Applications" describes: an RS256 assertion signed with the key file's private
// key, `sub` = the administrator it acts as), then reads the Admin SDK Directory API (domains,
// users) and the Enterprise License Manager (assignments per product), following nextPageToken,
// waiting out throttling within a bound, and mapping every failure to one IntegrationError that
// says what to do. It knows nothing about the database; the planner and the connector do.
import { createSign } from "node:crypto";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { retryAfterMs } from "../../lib/retry-after";
import { IntegrationError, type IntegrationErrorCode, type ProviderPerson } from "../connector";

export const GOOGLE_WORKSPACE_SCOPES = [
  "https://www.googleapis.com/auth/admin.directory.user.readonly",
  "https://www.googleapis.com/auth/admin.directory.domain.readonly",
  "https://www.googleapis.com/auth/apps.licensing",
] as const;

export interface GoogleWorkspaceOptions {
  /** The service account key file's JSON (as Google Cloud console downloads it). */
  keyFileJson: string;
  /** The administrator the service account acts as (the assertion's `sub`). */
  admin: string;
  /** https://admin.googleapis.com, or a stand-in. */
  adminApiUrl: string;
  /** https://licensing.googleapis.com, or a stand-in. */
  licensingApiUrl: string;
  /** The Admin console customer ID; unset, my_customer (the administrator's own). */
  customerId?: string;
  /** License Manager product ids whose assignments are read, in order of preference. */
  licenseProducts: string[];
  timeoutMs: number;
  /** The longest the client waits, in all, for throttling before giving up. */
  maxRetryWaitMs: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  signal?: AbortSignal;
}

/** One license: a user's assignment of a product's SKU. */
export interface GoogleLicenseAssignment {
  productId: string;
  productName: string | null;
  skuId: string;
  skuName: string | null;
  /** The holder's primary address, lower-cased (the License Manager's userId). */
  email: string;
}

export interface GoogleWorkspaceDomain {
  /** Lower-cased. */
  name: string;
  primary: boolean;
}

/** Everything a sync needs, read in one go before anything is written. */
export interface GoogleWorkspaceSnapshot {
  provider: "google-workspace";
  customerId: string;
  domains: GoogleWorkspaceDomain[];
  people: ProviderPerson[];
  assignments: GoogleLicenseAssignment[];
  /** The products read, in order of preference (a person holding two gets the first's plan). */
  products: string[];
}

const keyFileSchema = z.object({
  type: z.literal("service_account"),
  client_email: z.string().min(1),
  private_key: z.string().includes("PRIVATE KEY"),
  private_key_id: z.string().optional(),
  token_uri: z.url({ protocol: /^https?$/ }),
});
export type ServiceAccountKey = z.infer<typeof keyFileSchema>;

/** The key file, or CREDENTIALS_REFUSED saying what is wrong with it (never its contents). */
export function parseKeyFile(json: string): ServiceAccountKey {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new IntegrationError(
      "INTEGRATION_CREDENTIALS_REFUSED",
      "GOOGLE_WORKSPACE_CREDENTIALS_FILE is not JSON: download a JSON key for the service account in the Google Cloud console.",
    );
  }
  const parsed = keyFileSchema.safeParse(value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    throw new IntegrationError(
      "INTEGRATION_CREDENTIALS_REFUSED",
      `GOOGLE_WORKSPACE_CREDENTIALS_FILE is not a service account key (${fields.join(", ")} missing or wrong): download a JSON key for the service account.`,
    );
  }
  return parsed.data;
}

export async function readKeyFile(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string })?.code ?? "unreadable";
    throw new IntegrationError(
      "INTEGRATION_CREDENTIALS_REFUSED",
      `GOOGLE_WORKSPACE_CREDENTIALS_FILE cannot be read (${code}): check the path and that the server may read it.`,
    );
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * The signed assertion of the JWT-bearer grant: header {alg RS256, typ JWT, kid}, claims iss (the
 * service account), sub (the administrator), scope (space separated), aud (the token URI), iat and
 * exp (at most an hour later).
 */
export function signAssertion(key: ServiceAccountKey, admin: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = {
    alg: "RS256",
    typ: "JWT",
    ...(key.private_key_id ? { kid: key.private_key_id } : {}),
  };
  const claims = {
    iss: key.client_email,
    sub: admin,
    scope: GOOGLE_WORKSPACE_SCOPES.join(" "),
    aud: key.token_uri,
    iat,
    exp: iat + 3600,
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  let signature: Buffer;
  try {
    signature = createSign("RSA-SHA256").update(input).sign(key.private_key);
  } catch {
    throw new IntegrationError(
      "INTEGRATION_CREDENTIALS_REFUSED",
      "The private key in GOOGLE_WORKSPACE_CREDENTIALS_FILE cannot sign: download a new JSON key for the service account.",
    );
  }
  return `${input}.${base64url(signature)}`;
}

const MAX_ATTEMPTS = 5;
const MAX_PAGES = 1000;

/** Google's error body (the "Standard Error Responses" of the Google APIs). */
const googleErrorSchema = z
  .object({
    error: z
      .object({
        code: z.number().optional(),
        message: z.string().optional(),
        status: z.string().optional(),
        errors: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
      })
      .loose(),
  })
  .loose();

/** The token endpoint's error body (RFC 6749 section 5.2). */
const tokenErrorSchema = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .loose();

const tokenSchema = z.object({ access_token: z.string().min(1) }).loose();

const usersPageSchema = z
  .object({
    users: z
      .array(
        z
          .object({
            id: z.string().min(1),
            primaryEmail: z.string().min(3),
            name: z.object({ fullName: z.string().nullish() }).loose().nullish(),
            suspended: z.boolean().nullish(),
            lastLoginTime: z.string().nullish(),
            customerId: z.string().nullish(),
          })
          .loose(),
      )
      .optional(),
    nextPageToken: z.string().nullish(),
  })
  .loose();

const domainsSchema = z
  .object({
    domains: z
      .array(z.object({ domainName: z.string().min(1), isPrimary: z.boolean().nullish() }).loose())
      .optional(),
  })
  .loose();

const assignmentsPageSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            productId: z.string().min(1),
            productName: z.string().nullish(),
            skuId: z.string().min(1),
            skuName: z.string().nullish(),
            userId: z.string().min(3),
          })
          .loose(),
      )
      .optional(),
    nextPageToken: z.string().nullish(),
  })
  .loose();

/**
 * Google answers "never signed in" with the epoch (1970-01-01T00:00:00.000Z), not with nothing:
 * read as null, like a missing or unreadable time.
 */
export function lastLoginOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at) || at <= 0) return null;
  return new Date(at);
}

/** Retry-After when Google sends one, else its advice for its APIs: 1 s, 2 s, 4 s ... */
const retryWaitMs = (header: string | null, attempt: number, now: number) =>
  retryAfterMs(header, now, 1000 * 2 ** attempt);

const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded", "quotaExceeded"]);

export function createGoogleWorkspaceClient(options: GoogleWorkspaceOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const key = parseKeyFile(options.keyFileJson);
  let retryBudgetMs = options.maxRetryWaitMs;
  let token: string | null = null;

  const fail = (code: IntegrationErrorCode, message: string) => new IntegrationError(code, message);

  async function send(url: URL, init: RequestInit, what: string): Promise<Response> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await doFetch(url, { ...init, signal });
    } catch (error) {
      const name = (error as Error)?.name;
      if (options.signal?.aborted) throw error;
      if (name === "TimeoutError" || name === "AbortError") {
        throw fail(
          "INTEGRATION_UNREACHABLE",
          `Google did not answer ${what} within ${options.timeoutMs / 1000} seconds. Try again later.`,
        );
      }
      const cause = (error as { cause?: { code?: string } })?.cause?.code ?? "network error";
      throw fail("INTEGRATION_UNREACHABLE", `Could not reach Google at ${url.origin} (${cause}).`);
    }
  }

  /** Waits before another attempt if the budget allows; false when it does not. */
  async function waitToRetry(response: Response, attempt: number): Promise<boolean> {
    if (attempt + 1 >= MAX_ATTEMPTS) return false;
    const waitMs = retryWaitMs(response.headers.get("retry-after"), attempt, now());
    if (waitMs > retryBudgetMs) return false;
    retryBudgetMs -= waitMs;
    await sleep(waitMs);
    return true;
  }

  async function readText(response: Response, what: string): Promise<string> {
    try {
      return await response.text();
    } catch {
      throw fail("INTEGRATION_UNREACHABLE", `Google did not finish its answer for ${what}.`);
    }
  }

  async function getToken(): Promise<string> {
    if (token) return token;
    const url = new URL(key.token_uri);
    for (let attempt = 0; ; attempt++) {
      const body = new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion: signAssertion(key, options.admin, now()),
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
        "the token request",
      );
      if (
        (response.status === 429 || response.status >= 500) &&
        (await waitToRetry(response, attempt))
      ) {
        continue;
      }
      const text = await readText(response, "the token request");
      if (response.ok) {
        const parsed = tokenSchema.safeParse(safeJson(text));
        if (!parsed.success) {
          throw fail(
            "INTEGRATION_BAD_ANSWER",
            "Google's token endpoint answered without an access token.",
          );
        }
        token = parsed.data.access_token;
        return token;
      }
      throw tokenFailure(response.status, tokenErrorSchema.safeParse(safeJson(text)).data);
    }
  }

  function tokenFailure(
    status: number,
    body: { error: string; error_description?: string } | undefined,
  ): IntegrationError {
    if (status === 429) {
      return fail("INTEGRATION_THROTTLED", "Google kept limiting token requests. Try again later.");
    }
    if (status >= 500) {
      return fail(
        "INTEGRATION_UNREACHABLE",
        `Google's token endpoint failed (HTTP ${status}). Try again later.`,
      );
    }
    const error = body?.error ?? "";
    const description = body?.error_description ?? "";
    if (error === "unauthorized_client" || error === "access_denied") {
      // Domain-wide delegation is missing for this client, or lacks one of the scopes.
      return fail(
        "INTEGRATION_PERMISSION_MISSING",
        `Google refused to let the service account act for ${options.admin}: in the Admin console (Security › API controls › Domain-wide delegation) allow its client ID these scopes: ${GOOGLE_WORKSPACE_SCOPES.join(", ")}.`,
      );
    }
    if (error === "invalid_grant" && /email|user/i.test(description)) {
      return fail(
        "INTEGRATION_CREDENTIALS_REFUSED",
        `Google does not know GOOGLE_WORKSPACE_ADMIN (${options.admin}) as a user it may act as: set it to an administrator of the Workspace account.`,
      );
    }
    if (
      error === "invalid_grant" ||
      error === "invalid_client" ||
      status === 401 ||
      status === 400
    ) {
      return fail(
        "INTEGRATION_CREDENTIALS_REFUSED",
        "Google refused the service account key (it may be deleted, disabled or for another account): create a new JSON key and set GOOGLE_WORKSPACE_CREDENTIALS_FILE to it.",
      );
    }
    return fail("INTEGRATION_BAD_ANSWER", `Google's token endpoint answered HTTP ${status}.`);
  }

  /** A GET on an API, as JSON, retried on throttling and 5xx within the bound. */
  async function getJson(url: URL, what: string, scope: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const response = await send(
        url,
        { headers: { authorization: `Bearer ${await getToken()}`, accept: "application/json" } },
        what,
      );
      const text = await readText(response, what);
      if (response.ok) {
        const value = safeJson(text);
        if (value === undefined)
          throw fail("INTEGRATION_BAD_ANSWER", `Google sent a malformed answer for ${what}.`);
        return value;
      }
      const error = googleErrorSchema.safeParse(safeJson(text)).data?.error;
      const reasons = (error?.errors ?? []).map((item) => item.reason ?? "");
      const throttled =
        response.status === 429 ||
        (response.status === 403 && reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)));
      if ((throttled || response.status >= 500) && (await waitToRetry(response, attempt))) continue;
      if (throttled) {
        throw fail(
          "INTEGRATION_THROTTLED",
          `Google kept limiting requests for ${what} past the ${options.maxRetryWaitMs / 1000} seconds a sync waits. Try again later.`,
        );
      }
      if (response.status >= 500) {
        throw fail(
          "INTEGRATION_UNREACHABLE",
          `Google failed (HTTP ${response.status}) for ${what}. Try again later.`,
        );
      }
      if (response.status === 401) {
        throw fail(
          "INTEGRATION_CREDENTIALS_REFUSED",
          "Google refused the service account's token: check GOOGLE_WORKSPACE_CREDENTIALS_FILE and GOOGLE_WORKSPACE_ADMIN.",
        );
      }
      if (response.status === 403) {
        throw fail(
          "INTEGRATION_PERMISSION_MISSING",
          `Google refused ${what} (${error?.message ?? "forbidden"}): ${options.admin} must be an administrator who may read it, and the service account's domain-wide delegation must allow ${scope}.`,
        );
      }
      if (response.status === 404 || response.status === 400) {
        // The requests are fixed but for the customer: Google answers an unknown one with a bare
        // 400 Bad Request that names nothing, so the customer is what the message points at.
        throw fail(
          "INTEGRATION_UNKNOWN_TENANT",
          `Google refused the customer ${customer()} for ${what} (${error?.message ?? `HTTP ${response.status}`}): check GOOGLE_WORKSPACE_CUSTOMER_ID (the Admin console's Account settings show it, like C01ab2cd3; not the organization's name), or unset it to use the administrator's own account.`,
        );
      }
      throw fail(
        "INTEGRATION_BAD_ANSWER",
        `Google answered HTTP ${response.status} for ${what}${error?.message ? ` (${error.message})` : ""}.`,
      );
    }
  }

  function apiUrl(base: string, path: string, query: Record<string, string | undefined>): URL {
    const url = new URL(path.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    return url;
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw fail(
        "INTEGRATION_BAD_ANSWER",
        `Google's answer for ${what} is not the documented shape.`,
      );
    }
    return parsed.data;
  }

  /** Every page of a list by nextPageToken (a token seen twice is a loop, refused). */
  async function allPages<T>(
    page: (
      pageToken: string | undefined,
    ) => Promise<{ items: T[]; next: string | null | undefined }>,
    what: string,
  ): Promise<T[]> {
    const rows: T[] = [];
    const seen = new Set<string>();
    let pageToken: string | undefined;
    for (let pages = 0; ; pages++) {
      if (pages >= MAX_PAGES)
        throw fail("INTEGRATION_BAD_ANSWER", `Google sent too many pages for ${what}.`);
      const { items, next } = await page(pageToken);
      rows.push(...items);
      if (!next) return rows;
      if (seen.has(next))
        throw fail("INTEGRATION_BAD_ANSWER", `Google's pages for ${what} repeat.`);
      seen.add(next);
      pageToken = next;
    }
  }

  const customer = () => options.customerId ?? "my_customer";
  const USER_SCOPE = GOOGLE_WORKSPACE_SCOPES[0];
  const DOMAIN_SCOPE = GOOGLE_WORKSPACE_SCOPES[1];
  const LICENSING_SCOPE = GOOGLE_WORKSPACE_SCOPES[2];

  async function listUsers() {
    const what = "the Directory API's users";
    return allPages(async (pageToken) => {
      const url = apiUrl(options.adminApiUrl, "admin/directory/v1/users", {
        customer: customer(),
        maxResults: "500",
        projection: "basic",
        pageToken,
      });
      const body = parse(usersPageSchema, await getJson(url, what, USER_SCOPE), what);
      return { items: body.users ?? [], next: body.nextPageToken };
    }, what);
  }

  async function listDomains(): Promise<GoogleWorkspaceDomain[]> {
    const what = "the Directory API's domains";
    const url = apiUrl(
      options.adminApiUrl,
      `admin/directory/v1/customer/${encodeURIComponent(customer())}/domains`,
      {},
    );
    const body = parse(domainsSchema, await getJson(url, what, DOMAIN_SCOPE), what);
    return (body.domains ?? []).map((domain) => ({
      name: domain.domainName.trim().toLowerCase(),
      primary: domain.isPrimary === true,
    }));
  }

  async function listAssignments(productId: string, customerId: string) {
    const what = `the License Manager's assignments of ${productId}`;
    return allPages(async (pageToken) => {
      const url = apiUrl(
        options.licensingApiUrl,
        `apps/licensing/v1/product/${encodeURIComponent(productId)}/users`,
        { customerId, maxResults: "1000", pageToken },
      );
      const body = parse(assignmentsPageSchema, await getJson(url, what, LICENSING_SCOPE), what);
      return { items: body.items ?? [], next: body.nextPageToken };
    }, what);
  }

  /** Reads domains, users and every product's assignments: the snapshot a sync plans from. */
  async function read(): Promise<GoogleWorkspaceSnapshot> {
    const users = await listUsers();
    const domains = await listDomains();
    // The License Manager wants the real customer ID (C0…), not my_customer: each user carries it.
    const customerId =
      options.customerId ?? users.find((user) => user.customerId)?.customerId ?? null;
    const assignments: GoogleLicenseAssignment[] = [];
    if (customerId) {
      for (const productId of options.licenseProducts) {
        for (const item of await listAssignments(productId, customerId)) {
          assignments.push({
            productId: item.productId,
            productName: item.productName ?? null,
            skuId: item.skuId,
            skuName: item.skuName ?? null,
            email: item.userId.trim().toLowerCase(),
          });
        }
      }
    }
    const people: ProviderPerson[] = users.map((user) => {
      const lastSignInAt = lastLoginOf(user.lastLoginTime);
      return {
        externalId: user.id,
        email: user.primaryEmail.trim().toLowerCase(),
        name: user.name?.fullName?.trim() || null,
        enabled: user.suspended !== true,
        lastSignInAt,
        signInKnown: true,
      };
    });
    return {
      provider: "google-workspace",
      customerId: customerId ?? customer(),
      domains,
      people,
      assignments,
      products: [...options.licenseProducts],
    };
  }

  return { getToken, listUsers, listDomains, listAssignments, read };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
