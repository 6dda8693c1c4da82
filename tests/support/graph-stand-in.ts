// A local stand-in for the Microsoft identity platform's token endpoint and the parts of Microsoft
// Graph v1.0 the Microsoft 365 sync reads, answering in the shapes of Microsoft's published
// reference (microsoftgraph/microsoft-graph-docs, and the identity platform's documentation):
//
//   POST /{tenant}/oauth2/v2.0/token   client credentials grant with a shared secret
//        ("Microsoft identity platform and the OAuth 2.0 client credentials flow"): a form body of
//        client_id, scope, client_secret, grant_type=client_credentials; success
//        {token_type: "Bearer", expires_in, ext_expires_in, access_token}; failure
//        {error, error_description: "AADSTSnnnn: ...", error_codes: [nnnn], timestamp, trace_id,
//        correlation_id} ("Microsoft Entra authentication and authorization error codes"):
//        unknown tenant 400 invalid_request AADSTS90002, unknown client 400 unauthorized_client
//        AADSTS700016, wrong secret 401 invalid_client AADSTS7000215.
//   GET /v1.0/subscribedSkus   api-reference/v1.0/api/subscribedsku-list.md,
//        resources/subscribedsku.md: {"@odata.context", value: [{capabilityStatus, consumedUnits,
//        id: "<tenant>_<skuId>", prepaidUnits: {enabled, suspended, warning}, servicePlans,
//        skuId, skuPartNumber, appliesTo}]}; application permission Organization.Read.All or
//        Directory.Read.All.
//   GET /v1.0/users            api-reference/v1.0/api/user-list.md, resources/user.md,
//        resources/assignedlicense.md, resources/signinactivity.md: only the $select-ed properties
//        (the default set without it), $top 1..999, pages linked by an absolute
//        "@odata.nextLink" carrying an opaque $skiptoken (concepts/paging.md). signInActivity
//        needs AuditLog.Read.All and a premium tenant: 403 Authorization_RequestDenied, or 403
//        Authentication_RequestFromNonPremiumTenantOrB2CTenant ("Neither tenant is B2C or
//        tenant doesn't have premium license").
//
// Errors use Graph's body (concepts/errors.md): {"error": {"code", "message", "innerError":
// {"date", "request-id", "client-request-id"}}}; a missing or wrong token is 401
// InvalidAuthenticationToken, a missing permission 403 Authorization_RequestDenied
// ("Insufficient privileges to complete the operation."). Throttling (concepts/throttling.md) is
// 429 with Retry-After and {"error": {"code": "TooManyRequests", ...}}; a 503 may carry
// Retry-After too. Tests add faults by request path.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInSku {
  skuId: string;
  skuPartNumber: string;
  enabled: number;
  consumedUnits: number;
  capabilityStatus?: "Enabled" | "Warning" | "Suspended" | "Deleted" | "LockedOut";
}

export interface StandInUser {
  id: string;
  displayName: string;
  mail: string | null;
  userPrincipalName: string;
  accountEnabled: boolean;
  /** skuIds assigned. */
  licenses: string[];
  /** ISO time, or null when never signed in. */
  lastSignInDateTime: string | null;
}

export interface StandInTenant {
  skus: StandInSku[];
  users: StandInUser[];
}

export type GraphFault =
  | { kind: "status"; status: number; retryAfter?: number; body?: unknown }
  | { kind: "malformed" }
  | { kind: "wrong-shape" }
  /** Answers normally once `until` settles. */
  | { kind: "hold"; until: Promise<unknown> };

interface FaultRule {
  fault: GraphFault;
  match?: string;
  times?: number;
}

export interface GraphStandIn {
  /** MICROSOFT_LOGIN_URL and MICROSOFT_GRAPH_URL (one server answers both). */
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  tenant: StandInTenant;
  setTenant(tenant: StandInTenant): void;
  /** The application permissions granted (with administrator consent). */
  permissions: Set<string>;
  /** Whether the tenant has Entra ID P1/P2 (signInActivity answers). */
  premium: boolean;
  /** Users per page at most, whatever $top asks (small, so paging is always exercised). */
  pageSize: number;
  fail(fault: GraphFault, options?: { match?: string; times?: number }): void;
  heal(): void;
  /** Method, path and query of each request, oldest first. */
  requests: string[];
  /** Every request body and header seen, for the test that a secret goes only where it should. */
  seen: string[];
  close(): Promise<void>;
}

const ALL_PERMISSIONS = ["Organization.Read.All", "User.Read.All", "AuditLog.Read.All"];
// The properties user-list.md says come back without $select.
const DEFAULT_USER_PROPERTIES = [
  "businessPhones",
  "displayName",
  "givenName",
  "jobTitle",
  "mail",
  "mobilePhone",
  "officeLocation",
  "preferredLanguage",
  "surname",
  "userPrincipalName",
  "id",
];

export async function startGraphStandIn(
  options: { tenant?: StandInTenant; pageSize?: number } = {},
): Promise<GraphStandIn> {
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const clientSecret = `stand-in~secret-${randomUUID()}`;
  const issued = new Set<string>();
  let tenant: StandInTenant = options.tenant ?? { skus: [], users: [] };
  let rules: FaultRule[] = [];
  const requests: string[] = [];
  const seen: string[] = [];
  // $skiptoken → the offset it stands for (opaque to the client, as Graph's are).
  const skipTokens = new Map<string, number>();

  const state = {
    permissions: new Set(ALL_PERMISSIONS),
    premium: true,
    pageSize: options.pageSize ?? 2,
  };

  function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  const graphError = (code: string, message: string) => ({
    error: {
      code,
      message,
      innerError: {
        date: new Date().toISOString().slice(0, 19),
        "request-id": randomUUID(),
        "client-request-id": randomUUID(),
      },
    },
  });

  const tokenError = (error: string, code: number, description: string) => ({
    error,
    error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${new Date().toISOString().replace("T", " ").slice(0, 19)}Z`,
    error_codes: [code],
    timestamp: `${new Date().toISOString().replace("T", " ").slice(0, 19)}Z`,
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });

  function tokenRequest(res: http.ServerResponse, tenantSegment: string, body: string) {
    const form = new URLSearchParams(body);
    if (tenantSegment !== tenantId) {
      return send(
        res,
        400,
        tokenError(
          "invalid_request",
          90002,
          `Tenant '${tenantSegment}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
        ),
      );
    }
    if (form.get("grant_type") !== "client_credentials") {
      return send(
        res,
        400,
        tokenError("unsupported_grant_type", 70003, "The app requested an unsupported grant type."),
      );
    }
    if (form.get("client_id") !== clientId) {
      return send(
        res,
        400,
        tokenError(
          "unauthorized_client",
          700016,
          `Application with identifier '${form.get("client_id")}' was not found in the directory '${tenantId}'.`,
        ),
      );
    }
    if (form.get("client_secret") !== clientSecret) {
      return send(
        res,
        401,
        tokenError(
          "invalid_client",
          7000215,
          "Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.",
        ),
      );
    }
    if (form.get("scope") !== "https://graph.microsoft.com/.default") {
      return send(
        res,
        400,
        tokenError(
          "invalid_scope",
          1002012,
          `The provided value for scope ${form.get("scope")} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.`,
        ),
      );
    }
    const accessToken = `eyJ0.${randomUUID()}`;
    issued.add(accessToken);
    return send(res, 200, {
      token_type: "Bearer",
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: accessToken,
    });
  }

  const can = (...any: string[]) => any.some((p) => state.permissions.has(p));

  function pageOf<T>(items: T[], url: URL, base: string, top: number) {
    const skip = url.searchParams.get("$skiptoken");
    const offset = skip ? skipTokens.get(skip) : 0;
    if (offset === undefined) return null;
    const size = Math.min(top, state.pageSize);
    const slice = items.slice(offset, offset + size);
    let nextLink: string | undefined;
    if (offset + size < items.length) {
      const token = randomUUID().replace(/-/g, "");
      skipTokens.set(token, offset + size);
      const next = new URL(url.pathname, base);
      for (const [key, value] of url.searchParams)
        if (key !== "$skiptoken") next.searchParams.set(key, value);
      next.searchParams.set("$skiptoken", token);
      nextLink = next.toString();
    }
    return { slice, nextLink };
  }

  function graphRequest(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    base: string,
  ) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !issued.has(bearer)) {
      return send(
        res,
        401,
        graphError(
          "InvalidAuthenticationToken",
          bearer ? "Access token validation failure. Invalid audience." : "Access token is empty.",
        ),
      );
    }
    if (req.method !== "GET") {
      return send(res, 405, graphError("Request_BadRequest", "Method not allowed."));
    }
    const path = url.pathname.replace(/\/+$/, "");
    if (path === "/v1.0/subscribedSkus") {
      if (!can("Organization.Read.All", "Directory.Read.All", "LicenseAssignment.Read.All")) {
        return send(
          res,
          403,
          graphError(
            "Authorization_RequestDenied",
            "Insufficient privileges to complete the operation.",
          ),
        );
      }
      return send(res, 200, {
        "@odata.context": `${base}/v1.0/$metadata#subscribedSkus`,
        value: tenant.skus.map((sku) => ({
          capabilityStatus: sku.capabilityStatus ?? "Enabled",
          consumedUnits: sku.consumedUnits,
          id: `${tenantId}_${sku.skuId}`,
          prepaidUnits: { enabled: sku.enabled, suspended: 0, warning: 0, lockedOut: 0 },
          servicePlans: [
            {
              servicePlanId: "8c098270-9dd4-4350-9b30-ba4703f3b36b",
              servicePlanName: "EXCHANGE_S_ENTERPRISE",
              provisioningStatus: "Success",
              appliesTo: "User",
            },
          ],
          skuId: sku.skuId,
          skuPartNumber: sku.skuPartNumber,
          appliesTo: "User",
        })),
      });
    }
    if (path === "/v1.0/users") {
      if (!can("User.Read.All", "Directory.Read.All")) {
        return send(
          res,
          403,
          graphError(
            "Authorization_RequestDenied",
            "Insufficient privileges to complete the operation.",
          ),
        );
      }
      const select = url.searchParams.get("$select");
      const fields = select ? select.split(",").map((f) => f.trim()) : DEFAULT_USER_PROPERTIES;
      if (fields.includes("signInActivity")) {
        if (!state.permissions.has("AuditLog.Read.All")) {
          return send(
            res,
            403,
            graphError(
              "Authorization_RequestDenied",
              "Insufficient privileges to complete the operation.",
            ),
          );
        }
        if (!state.premium) {
          return send(
            res,
            403,
            graphError(
              "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
              "Neither tenant is B2C or tenant doesn't have premium license",
            ),
          );
        }
      }
      const topText = url.searchParams.get("$top");
      const top = topText === null ? 100 : Number(topText);
      if (!Number.isInteger(top) || top < 1 || top > 999) {
        return send(
          res,
          400,
          graphError(
            "Request_UnsupportedQuery",
            `Invalid page size specified: '${topText}'. Must be between 1 and 999 inclusive.`,
          ),
        );
      }
      const page = pageOf(tenant.users, url, base, top);
      if (!page) {
        return send(
          res,
          400,
          graphError(
            "Directory_ExpiredPageToken",
            "The specified page token value has expired and can no longer be included in your request.",
          ),
        );
      }
      const full = (user: StandInUser): Record<string, unknown> => ({
        businessPhones: [],
        displayName: user.displayName,
        givenName: user.displayName.split(" ")[0] ?? null,
        jobTitle: null,
        mail: user.mail,
        mobilePhone: null,
        officeLocation: null,
        preferredLanguage: "en-US",
        surname: user.displayName.split(" ").slice(1).join(" ") || null,
        userPrincipalName: user.userPrincipalName,
        id: user.id,
        accountEnabled: user.accountEnabled,
        assignedLicenses: user.licenses.map((skuId) => ({ disabledPlans: [], skuId })),
        signInActivity: {
          lastSignInDateTime: user.lastSignInDateTime,
          lastSignInRequestId: user.lastSignInDateTime ? randomUUID() : null,
          lastNonInteractiveSignInDateTime: user.lastSignInDateTime,
          lastNonInteractiveSignInRequestId: null,
        },
      });
      const value = page.slice.map((user) => {
        const all = full(user);
        return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
      });
      return send(res, 200, {
        "@odata.context": `${base}/v1.0/$metadata#users(${fields.join(",")})`,
        ...(page.nextLink ? { "@odata.nextLink": page.nextLink } : {}),
        value,
      });
    }
    return send(
      res,
      404,
      graphError("Request_ResourceNotFound", `Resource '${path}' does not exist.`),
    );
  }

  function answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    base: string,
    body: string,
  ) {
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    if (tokenPath) {
      if (req.method !== "POST")
        return send(
          res,
          405,
          tokenError("invalid_request", 900561, "The endpoint only accepts POST requests."),
        );
      return tokenRequest(res, decodeURIComponent(tokenPath[1]!), body);
    }
    return graphRequest(req, res, url, base);
  }

  const server = http.createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    const url = new URL(req.url ?? "/", base);
    const target = `${url.pathname}${url.search}`;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push(`${req.method} ${target}`);
      // The body decoded too, so that a form-encoded secret is found as it is.
      let decoded = body;
      try {
        decoded = decodeURIComponent(body.replace(/\+/g, " "));
      } catch {}
      seen.push(`${req.method} ${target}\n${JSON.stringify(req.headers)}\n${body}\n${decoded}`);
      const rule = rules.find((r) => !r.match || target.includes(r.match));
      if (rule && rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
      }
      const fault = rule?.fault;
      if (!fault) return answer(req, res, url, base, body);
      switch (fault.kind) {
        case "status": {
          const throttled = fault.status === 429;
          return send(
            res,
            fault.status,
            fault.body ??
              (throttled
                ? {
                    error: {
                      code: "TooManyRequests",
                      message: "Please retry again later.",
                      innerError: {
                        code: "429",
                        date: new Date().toISOString().slice(0, 19),
                        message: "Please retry after",
                        "request-id": randomUUID(),
                        status: "429",
                      },
                    },
                  }
                : graphError("serviceNotAvailable", "Service unavailable.")),
            fault.retryAfter === undefined ? {} : { "retry-after": String(fault.retryAfter) },
          );
        }
        case "malformed":
          return send(res, 200, '{"value": [{"skuId": "trunc');
        case "wrong-shape":
          return send(res, 200, { value: "none" });
        case "hold":
          void fault.until.then(() => {
            if (!res.destroyed) answer(req, res, url, base, body);
          });
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    tenantId,
    clientId,
    clientSecret,
    get tenant() {
      return tenant;
    },
    setTenant(next) {
      tenant = next;
    },
    get permissions() {
      return state.permissions;
    },
    set permissions(next) {
      state.permissions = next;
    },
    get premium() {
      return state.premium;
    },
    set premium(next) {
      state.premium = next;
    },
    get pageSize() {
      return state.pageSize;
    },
    set pageSize(next) {
      state.pageSize = next;
    },
    fail(fault, { match, times } = {}) {
      rules.push({ fault, match, times });
    },
    heal() {
      rules = [];
    },
    requests,
    seen,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A small tenant: two products, five people over three pages (one disabled, one never signed in). */
export function sampleTenant(): StandInTenant {
  const e3 = "05e9a617-0261-4cee-bb44-138d3ef5d965";
  const visio = "c5928f49-12ba-48f7-ada3-0d743a3601d5";
  return {
    skus: [
      { skuId: e3, skuPartNumber: "SPE_E3", enabled: 10, consumedUnits: 4 },
      { skuId: visio, skuPartNumber: "VISIOCLIENT", enabled: 2, consumedUnits: 1 },
    ],
    users: [
      {
        id: "6e7b768e-07e2-4810-8459-485f84f8f204",
        displayName: "Ana Silva",
        mail: "Ana@example.com",
        userPrincipalName: "ana@example.onmicrosoft.com",
        accountEnabled: true,
        licenses: [e3, visio],
        lastSignInDateTime: "2026-11-20T09:00:00Z",
      },
      {
        id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd",
        displayName: "Ben Okafor",
        mail: "ben@example.com",
        userPrincipalName: "ben@example.onmicrosoft.com",
        accountEnabled: true,
        licenses: [e3],
        lastSignInDateTime: "2026-06-01T09:00:00Z",
      },
      {
        id: "1fdd6b2f-5bd4-4a1b-8b5d-3c1a0e1b7b10",
        displayName: "Cleo Park",
        mail: null,
        userPrincipalName: "cleo@example.com",
        accountEnabled: false,
        licenses: [e3],
        lastSignInDateTime: "2026-11-01T09:00:00Z",
      },
      {
        id: "f1c0a1e2-6a4d-4f7e-9a52-2d7e5b0c9d31",
        displayName: "Dev Unknown",
        mail: "dev@example.com",
        userPrincipalName: "dev@example.com",
        accountEnabled: true,
        licenses: [e3],
        lastSignInDateTime: null,
      },
      {
        id: "0a4f3d6e-8b1c-4d2e-9f3a-5b6c7d8e9f00",
        displayName: "Meeting Room",
        mail: "room@example.com",
        userPrincipalName: "room@example.com",
        accountEnabled: true,
        licenses: [],
        lastSignInDateTime: null,
      },
    ],
  };
}
