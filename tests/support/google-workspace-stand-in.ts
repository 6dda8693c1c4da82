// A local stand-in for the parts of Google Workspace a sync reads, written from Google's published
// references (not from what our client sends):
//   POST <token_uri>  the OAuth 2.0 JWT-bearer grant of "Using OAuth 2.0 for Server to Server
//       Applications" (developers.google.com/identity/protocols/oauth2/service-account, RFC 7523):
//       form fields grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer and assertion, an RS256
//       JWT whose claims are iss, sub, scope, aud (= the token URI), iat and exp (at most an hour on).
//       Success {access_token, expires_in, token_type: "Bearer"}; failures as RFC 6749 §5.2
//       {error, error_description}: invalid_grant "Invalid JWT Signature." (bad signature),
//       invalid_grant "Invalid email or User ID" (a sub the domain does not have), 401
//       unauthorized_client (domain-wide delegation missing a scope).
//   GET /admin/directory/v1/users        Admin SDK Directory API users.list
//       (developers.google.com/workspace/admin/directory/reference/rest/v1/users/list): customer
//       (or my_customer), maxResults 1..500, pageToken; answers {kind "admin#directory#users", etag,
//       users[], nextPageToken}; a User carries id, primaryEmail, name.fullName, suspended,
//       lastLoginTime (the epoch when never signed in), customerId, orgUnitPath.
//   GET /admin/directory/v1/customer/{customer}/domains   domains.list: {kind
//       "admin#directory#domains", etag, domains[{kind, etag, domainName, isPrimary, verified,
//       creationTime}]}, not paged.
//   GET /apps/licensing/v1/product/{productId}/users   Enterprise License Manager
//       licenseAssignments.listForProduct (developers.google.com/workspace/admin/licensing/reference/
//       rest/v1/licenseAssignments/listForProduct): customerId required, maxResults 1..1000 (default
//       100), pageToken; answers LicenseAssignmentList {kind "licensing#licenseAssignmentList",
//       etag, items[LicenseAssignment {kind "licensing#licenseAssignment", etags, selfLink, userId,
//       productId, productName, skuId, skuName}], nextPageToken}.
// Errors are Google's standard error body ("Standard Error Responses" of the Google APIs):
// {error: {code, message, errors: [{message, domain, reason}], status}}; throttling is 429
// RESOURCE_EXHAUSTED, or 403 with reason rateLimitExceeded / userRateLimitExceeded (the Admin
// SDK's own limit errors). Every list is paged small so paging is always exercised.
import { createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInGoogleUser {
  id: string;
  primaryEmail: string;
  fullName: string;
  suspended?: boolean;
  /** ISO time; unset = never signed in (Google answers the epoch). */
  lastLoginTime?: string;
  orgUnitPath?: string;
}

export interface StandInGoogleAssignment {
  productId: string;
  productName: string;
  skuId: string;
  skuName: string;
  userId: string;
}

export interface StandInGoogleTenant {
  customerId: string;
  domains: { domainName: string; isPrimary: boolean }[];
  users: StandInGoogleUser[];
  assignments: StandInGoogleAssignment[];
}

export type GoogleStandInFault =
  | { kind: "status"; status: number; reason: string; message?: string; retryAfter?: number }
  /** 200 with a body that is not JSON. */
  | { kind: "malformed" }
  /** 200 with JSON of another shape. */
  | { kind: "wrong-shape" };

interface FaultRule {
  fault: GoogleStandInFault;
  match?: string;
  times?: number;
}

export interface GoogleWorkspaceStandIn {
  url: string;
  /** The token URI written into the key file. */
  tokenUri: string;
  /** A service account key file's JSON whose token_uri is the stand-in's. */
  keyFileJson: string;
  /** Another key pair's file for the same service account: its signature must be refused. */
  wrongKeyFileJson: string;
  /** The administrators `sub` may name. */
  admins: string[];
  tenant: StandInGoogleTenant;
  setTenant(tenant: StandInGoogleTenant): void;
  /** The scopes domain-wide delegation allows (all three by default). */
  setDelegatedScopes(scopes: string[]): void;
  fail(fault: GoogleStandInFault, options?: { match?: string; times?: number }): void;
  heal(): void;
  /** Method, path and query of every request, oldest first. */
  requests: string[];
  /** The claims of every assertion whose signature verified. */
  assertions: Record<string, unknown>[];
  close(): Promise<void>;
}

export const ALL_SCOPES = [
  "https://www.googleapis.com/auth/admin.directory.user.readonly",
  "https://www.googleapis.com/auth/admin.directory.domain.readonly",
  "https://www.googleapis.com/auth/apps.licensing",
];

// Which scope each API requires (the "Authorization scopes" section of each method's reference;
// a wider read-write scope would do too).
const REQUIRED_SCOPE = {
  users: [
    "https://www.googleapis.com/auth/admin.directory.user.readonly",
    "https://www.googleapis.com/auth/admin.directory.user",
  ],
  domains: [
    "https://www.googleapis.com/auth/admin.directory.domain.readonly",
    "https://www.googleapis.com/auth/admin.directory.domain",
  ],
  licensing: ["https://www.googleapis.com/auth/apps.licensing"],
};

function keyFile(privateKey: string, clientEmail: string, tokenUri: string) {
  return JSON.stringify({
    type: "service_account",
    project_id: "quartermaster-test",
    private_key_id: randomUUID().replace(/-/g, ""),
    private_key: privateKey,
    client_email: clientEmail,
    client_id: "109876543210987654321",
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: tokenUri,
  });
}

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/** Google's standard error body. */
export function googleError(code: number, reason: string, message: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: reason.endsWith("Exceeded") ? "usageLimits" : "global", reason }],
      status: STATUS_NAMES[code] ?? "UNKNOWN",
    },
  };
}

export function sampleTenant(): StandInGoogleTenant {
  const sku = (skuId: string, skuName: string, userId: string): StandInGoogleAssignment => ({
    productId: "Google-Apps",
    productName: "Google Workspace",
    skuId,
    skuName,
    userId,
  });
  return {
    customerId: "C03az79cb",
    domains: [
      { domainName: "example.com", isPrimary: true },
      { domainName: "example.org", isPrimary: false },
    ],
    users: [
      {
        id: "100000000000000000001",
        primaryEmail: "ana@example.com",
        fullName: "Ana Admin",
        lastLoginTime: "2026-11-20T09:00:00.000Z",
      },
      {
        id: "100000000000000000002",
        primaryEmail: "bo@example.com",
        fullName: "Bo Builder",
        lastLoginTime: "2026-08-01T09:00:00.000Z",
      },
      {
        id: "100000000000000000003",
        primaryEmail: "cy@example.org",
        fullName: "Cy Sales",
        suspended: true,
        lastLoginTime: "2026-10-01T09:00:00.000Z",
      },
      { id: "100000000000000000004", primaryEmail: "dee@example.com", fullName: "Dee New" },
      {
        id: "100000000000000000005",
        primaryEmail: "eve@example.com",
        fullName: "Eve Unlicensed",
        lastLoginTime: "2026-11-25T09:00:00.000Z",
      },
    ],
    assignments: [
      sku("1010020028", "Google Workspace Business Standard", "ana@example.com"),
      sku("1010020028", "Google Workspace Business Standard", "bo@example.com"),
      sku("1010020027", "Google Workspace Business Starter", "cy@example.org"),
      sku("1010020027", "Google Workspace Business Starter", "dee@example.com"),
    ],
  };
}

export async function startGoogleWorkspaceStandIn(
  options: { tenant?: StandInGoogleTenant; perPage?: number; admins?: string[] } = {},
): Promise<GoogleWorkspaceStandIn> {
  const perPage = options.perPage ?? 2;
  const clientEmail = "quartermaster-sync@quartermaster-test.iam.gserviceaccount.com";
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const wrongPair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privatePem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const wrongPem = wrongPair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const admins = options.admins ?? ["admin@example.com"];
  let tenant = options.tenant ?? sampleTenant();
  let delegated = [...ALL_SCOPES];
  let rules: FaultRule[] = [];
  const requests: string[] = [];
  const assertions: Record<string, unknown>[] = [];
  const tokens = new Map<string, string[]>();

  function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  function readBody(req: http.IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  }

  function decode(part: string): Record<string, unknown> | null {
    try {
      return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    } catch {
      return null;
    }
  }

  function grant(res: http.ServerResponse, form: URLSearchParams, tokenUri: string) {
    const invalid = (description: string, status = 400) =>
      send(res, status, { error: "invalid_grant", error_description: description });
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      return send(res, 400, {
        error: "unsupported_grant_type",
        error_description: "Invalid grant_type: ",
      });
    }
    const parts = (form.get("assertion") ?? "").split(".");
    if (parts.length !== 3) return invalid("Not a valid email or user ID.");
    const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
    const header = decode(headerPart);
    const claims = decode(claimsPart);
    if (!header || !claims || header.alg !== "RS256") return invalid("Invalid JWT Signature.");
    const verified = createVerify("RSA-SHA256")
      .update(`${headerPart}.${claimsPart}`)
      .verify(pair.publicKey, Buffer.from(signaturePart, "base64url"));
    if (!verified) return invalid("Invalid JWT Signature.");
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (!(exp > now && iat <= now + 300 && exp - iat <= 3600)) {
      return invalid(
        "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.",
      );
    }
    if (claims.aud !== tokenUri) return invalid("Invalid JWT: Failed audience check.");
    if (claims.iss !== clientEmail) return invalid("Invalid JWT Signature.");
    if (typeof claims.sub !== "string" || !admins.includes(claims.sub)) {
      return invalid("Invalid email or User ID");
    }
    const asked = String(claims.scope ?? "")
      .split(" ")
      .filter(Boolean);
    if (asked.length === 0 || asked.some((scope) => !delegated.includes(scope))) {
      return send(res, 401, {
        error: "unauthorized_client",
        error_description:
          "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.",
      });
    }
    assertions.push(claims);
    const token = `ya29.stand-in-${randomUUID()}`;
    tokens.set(token, asked);
    return send(res, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
  }

  function page<T>(items: T[], url: URL, max: number, fallback: number) {
    const asked = Number(url.searchParams.get("maxResults")) || fallback;
    const size = Math.max(1, Math.min(perPage, Math.min(max, asked)));
    const start = Number(url.searchParams.get("pageToken")?.replace(/^page-/, "") || 0);
    const slice = items.slice(start, start + size);
    const next = start + size < items.length ? `page-${start + size}` : undefined;
    return { slice, next };
  }

  const ISO_EPOCH = "1970-01-01T00:00:00.000Z";

  function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const auth = req.headers.authorization ?? "";
    const scopes = auth.startsWith("Bearer ") ? tokens.get(auth.slice(7)) : undefined;
    if (!scopes) {
      return send(res, 401, googleError(401, "authError", "Invalid Credentials"));
    }
    const allowed = (needed: string[]) => needed.some((scope) => scopes.includes(scope));
    const notAuthorized = () =>
      send(res, 403, googleError(403, "forbidden", "Not Authorized to access this resource/api"));
    // A customer ID Google does not have is answered with a bare 400 Bad Request (reason
    // badRequest) that names neither the field nor the value, as administrators report it
    // (github.com/refractionPOINT/documentation/pull/335; googleworkspace/go-samples#10). The
    // License Manager's answer to an unknown customerId is not documented: assumed the same.
    const unknownCustomer = () => send(res, 400, googleError(400, "badRequest", "Bad Request"));
    const path = url.pathname.replace(/\/+$/, "");
    const knownCustomer = (value: string | null) =>
      value === "my_customer" || value === tenant.customerId;

    if (path === "/admin/directory/v1/users") {
      if (!allowed(REQUIRED_SCOPE.users)) return notAuthorized();
      const customer = url.searchParams.get("customer");
      if (!customer && !url.searchParams.get("domain")) {
        return send(res, 400, googleError(400, "badRequest", "Bad Request"));
      }
      if (!knownCustomer(customer)) return unknownCustomer();
      const { slice, next } = page(tenant.users, url, 500, 100);
      return send(res, 200, {
        kind: "admin#directory#users",
        etag: '"stand-in-users"',
        users: slice.map((user) => ({
          kind: "admin#directory#user",
          id: user.id,
          etag: `"user-${user.id}"`,
          primaryEmail: user.primaryEmail,
          name: {
            givenName: user.fullName.split(" ")[0],
            familyName: user.fullName.split(" ").slice(1).join(" "),
            fullName: user.fullName,
          },
          isAdmin: false,
          suspended: user.suspended ?? false,
          lastLoginTime: user.lastLoginTime ?? ISO_EPOCH,
          creationTime: "2024-01-01T00:00:00.000Z",
          customerId: tenant.customerId,
          orgUnitPath: user.orgUnitPath ?? "/",
        })),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    const domains = /^\/admin\/directory\/v1\/customer\/([^/]+)\/domains$/.exec(path);
    if (domains) {
      if (!allowed(REQUIRED_SCOPE.domains)) return notAuthorized();
      if (!knownCustomer(decodeURIComponent(domains[1]!))) return unknownCustomer();
      return send(res, 200, {
        kind: "admin#directory#domains",
        etag: '"stand-in-domains"',
        domains: tenant.domains.map((domain) => ({
          kind: "admin#directory#domain",
          etag: `"domain-${domain.domainName}"`,
          domainName: domain.domainName,
          isPrimary: domain.isPrimary,
          verified: true,
          creationTime: "1704067200000",
        })),
      });
    }
    const licensing = /^\/apps\/licensing\/v1\/product\/([^/]+)\/users$/.exec(path);
    if (licensing) {
      if (!allowed(REQUIRED_SCOPE.licensing)) return notAuthorized();
      const customerId = url.searchParams.get("customerId");
      if (!customerId) {
        return send(res, 400, googleError(400, "required", "Required parameter: customerId"));
      }
      // The License Manager takes the customer's ID (C0…), not the my_customer alias.
      if (customerId !== tenant.customerId) return unknownCustomer();
      const productId = decodeURIComponent(licensing[1]!);
      const items = tenant.assignments.filter((item) => item.productId === productId);
      const { slice, next } = page(items, url, 1000, 100);
      return send(res, 200, {
        kind: "licensing#licenseAssignmentList",
        etag: '"stand-in-assignments"',
        items: slice.map((item) => ({
          kind: "licensing#licenseAssignment",
          etags: `"${item.skuId}-${item.userId}"`,
          selfLink: `${url.origin}/apps/licensing/v1/product/${item.productId}/sku/${item.skuId}/user/${item.userId}`,
          userId: item.userId,
          productId: item.productId,
          productName: item.productName,
          skuId: item.skuId,
          skuName: item.skuName,
        })),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    return send(res, 404, googleError(404, "notFound", "Not Found"));
  }

  let tokenUri = "";
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const target = `${req.method} ${url.pathname}${url.search}`;
    requests.push(target);
    const rule = rules.find((r) => !r.match || target.includes(r.match));
    if (rule) {
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
      }
      const fault = rule.fault;
      if (fault.kind === "malformed") return send(res, 200, "<html>not json");
      if (fault.kind === "wrong-shape")
        return send(res, 200, { users: "nope", items: 3, domains: {} });
      const body =
        req.method === "POST"
          ? { error: fault.reason, error_description: fault.message ?? "stand-in failure" }
          : googleError(fault.status, fault.reason, fault.message ?? "Stand-in failure");
      return send(
        res,
        fault.status,
        body,
        fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {},
      );
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readBody(req));
      return grant(res, form, tokenUri);
    }
    if (req.method !== "GET")
      return send(res, 405, googleError(405, "httpMethodNotAllowed", "Method Not Allowed"));
    return api(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  tokenUri = `${url}/token`;

  const standIn: GoogleWorkspaceStandIn = {
    url,
    tokenUri,
    keyFileJson: keyFile(privatePem, clientEmail, tokenUri),
    wrongKeyFileJson: keyFile(wrongPem, clientEmail, tokenUri),
    admins,
    get tenant() {
      return tenant;
    },
    setTenant(next) {
      tenant = next;
    },
    setDelegatedScopes(scopes) {
      delegated = [...scopes];
    },
    fail(fault, { match, times } = {}) {
      rules.push({ fault, match, times });
    },
    heal() {
      rules = [];
    },
    requests,
    assertions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
