// Environment → typed configuration, validated once at start with a clear message per bad value.
import path from "node:path";
import { z } from "zod";
import { DEFAULT_UNUSED_AFTER_DAYS } from "../domain/unused-seats";
import { parseKey } from "./lib/secrets/key";

function isValidKey(value: string) {
  try {
    parseKey(value);
    return true;
  } catch {
    return false;
  }
}

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be one of true, false, 1, 0, yes, no",
  })
  .transform((value) => ["true", "1", "yes"].includes(value));

/** Every environment variable the server reads; .env.example names each (deploy-files.test.ts). */
export const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  // 32 bytes, base64 or hex. Required with DATABASE_URL; on the embedded database a key file
  // in DATA_DIR is generated once when this is unset.
  ENCRYPTION_KEY: z
    .string()
    .refine(isValidKey, "must be 32 bytes, given as 64 hex characters or base64")
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(7),
  // 'auto' sets Secure when the request arrived over HTTPS (directly or via a trusted proxy).
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  TRUST_PROXY: booleanFromEnv.default(false),
  // Extra origins allowed to send state-changing requests (comma separated), e.g. the public URL.
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // One line per answered request at level info; false leaves only warnings and errors.
  LOG_REQUESTS: booleanFromEnv.default(true),
  // Append the log to this file instead of standard output.
  LOG_FILE: z.string().min(1).optional(),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  CLIENT_DIR: z.string().default("./dist/client"),
  // Hosting costs (issue 12): a read-only DigitalOcean API token; no token, no import.
  DIGITALOCEAN_TOKEN: z.string().trim().optional(),
  DIGITALOCEAN_API_URL: z
    .string()
    .url("must be a URL such as https://api.digitalocean.com")
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .default("https://api.digitalocean.com"),
  DIGITALOCEAN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  // Longest Retry-After (seconds) an import waits out before giving up on a 429.
  DIGITALOCEAN_MAX_RETRY_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(30),
  // Import the running month once a day by itself (one instance does it).
  DIGITALOCEAN_DAILY_REFRESH: booleanFromEnv.default(true),
  // Microsoft 365 sync (issue 33, decision 0054): an app registration's client-credentials grant.
  MICROSOFT_TENANT_ID: z.string().trim().optional(),
  MICROSOFT_CLIENT_ID: z.string().trim().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().trim().optional(),
  MICROSOFT_LOGIN_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://login.microsoftonline.com"),
  MICROSOFT_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://graph.microsoft.com"),
  // Each provider request's timeout, and the longest Retry-After (seconds, in all) a sync waits out.
  INTEGRATIONS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  INTEGRATIONS_MAX_RETRY_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(60),
  // Sync each configured provider once a day by itself (one instance does it).
  INTEGRATIONS_DAILY_SYNC: booleanFromEnv.default(true),
  // Make a user for each licensed person no user matches by e-mail (otherwise they are listed).
  INTEGRATIONS_CREATE_USERS: booleanFromEnv.default(false),
  // A seat is unused when its holder has not signed in for this many days (or is disabled).
  UNUSED_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_UNUSED_AFTER_DAYS),
  // The address people open the application at (https://assets.example.com); the passkey
  // relying party and other absolute links derive from it.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  // Passkeys: the relying party ID (a domain) and the exact origin the browser shows; both
  // default to PUBLIC_URL's (docs/decisions/0020-passkeys.md).
  WEBAUTHN_RP_ID: z
    .string()
    .regex(
      /^(localhost|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9])$/i,
      "must be a domain name such as assets.example.com (no scheme, port or path)",
    )
    .optional(),
  WEBAUTHN_ORIGIN: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// origin" })
    .optional(),
  WEBAUTHN_RP_NAME: z.string().trim().min(1).max(64).default("Quartermaster"),
  // Sign in with Google (OpenID Connect). Enabled when the client id and secret are both set.
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://accounts.google.com"),
  // Create an account (role user) for a verified Google e-mail that matches no user.
  GOOGLE_AUTO_CREATE: booleanFromEnv.default(false),
  // Sign in through any OpenID Connect issuer (decision 0059). Enabled when the issuer, client id
  // and secret are all set.
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(64).default("Sign in with SSO"),
  OIDC_SCOPES: z
    .string()
    .trim()
    .transform((value) => [...new Set(value.split(/\s+/).filter(Boolean))])
    .refine((scopes) => scopes.includes("openid"), "must include openid")
    .default(["openid", "email", "profile"]),
  // Create an account (role user, or admin by OIDC_ADMIN_GROUPS) for a verified unknown e-mail.
  OIDC_AUTO_CREATE: booleanFromEnv.default(false),
  // Members of any of these groups sign in as administrators, everyone else as a user; unset, the
  // issuer decides no role.
  OIDC_ADMIN_GROUPS: z
    .string()
    .transform((value) =>
      [...new Set(value.split(",").map((group) => group.trim()))].filter(Boolean),
    )
    .optional(),
  // The ID token claim that lists the person's groups (a dotted path reaches a nested claim).
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).default("groups"),
  // SCIM provisioning (decision 0060): link an existing person with the same e-mail on create.
  SCIM_ADOPT_BY_EMAIL: booleanFromEnv.default(false),
  // Requests a minute each SCIM token may make on one instance; past it, 429 with Retry-After.
  SCIM_RATE_LIMIT: z.coerce.number().int().positive().default(1200),
  // Only Google Workspace accounts of this domain (the ID token's hd claim) may sign in.
  GOOGLE_ALLOWED_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "must be a domain name such as example.com")
    .optional(),
  // Google Workspace sync (issue 33, decision 0055): a service account key file with domain-wide
  // delegation and the administrator it acts as; both set, or the provider is not configured.
  GOOGLE_WORKSPACE_CREDENTIALS_FILE: z.string().trim().optional(),
  GOOGLE_WORKSPACE_ADMIN: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an administrator's e-mail address")
    .optional()
    .or(z.literal("")),
  GOOGLE_WORKSPACE_ADMIN_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://admin.googleapis.com"),
  GOOGLE_WORKSPACE_LICENSING_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://licensing.googleapis.com"),
  // The Admin console's customer ID (C0xxxxxxx); unset, the administrator's own (my_customer).
  GOOGLE_WORKSPACE_CUSTOMER_ID: z.string().trim().optional(),
  // Enterprise License Manager products whose assignments become plans (comma separated ids).
  GOOGLE_WORKSPACE_LICENSE_PRODUCTS: z
    .string()
    .default("Google-Apps")
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  // Chat and webhook alerts (issue 34): http:// and loopback receivers allowed (tests, development).
  WEBHOOKS_ALLOW_LOCAL: booleanFromEnv.default(false),
  // E-mail reminders (issue 16): both set, or reminders are off.
  SMTP_URL: z
    .string()
    .trim()
    .regex(
      /^smtps?:\/\/[^/]/,
      "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail:587",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, "must be an address such as Quartermaster <it@example.com>")
    .optional(),
  REMINDER_INTERVAL_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 1440")
    .max(1440, "must be between 1 and 1440")
    .default(60),
  // The embedded database has no autovacuum: how often the server checks its tables and
  // analyzes/vacuums those that changed enough (db/maintenance.ts). Unused with DATABASE_URL.
  EMBEDDED_MAINTENANCE_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 1440")
    .max(1440, "must be between 1 and 1440")
    .default(10),
  // Activity log retention (issue 15): records older than this many days are deleted once a day
  // (by one instance when several share a database). Unset keeps the log forever.
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: "must be a number of days" })
    .int("must be a whole number")
    .min(1, "must be at least 1 day")
    .optional(),
  // GET /metrics (Prometheus) answers only with this bearer token; unset or empty, it is off (404).
  METRICS_TOKEN: z
    .string()
    .trim()
    .refine(
      (token) => token === "" || token.length >= 16,
      "must be at least 16 characters (generate one with: openssl rand -hex 32)",
    )
    .optional(),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const webauthn = relyingPartyFromEnv(values);
  if (values.DATABASE_URL && !values.ENCRYPTION_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  ENCRYPTION_KEY: is required when DATABASE_URL is set (32 bytes, base64 or hex; generate one with: openssl rand -base64 32)",
    );
  }
  const google = googleConfig(values);
  const oidc = oidcConfig(values);
  const mail = mailConfig(values);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    encryptionKey: values.ENCRYPTION_KEY,
    session: {
      idleMs: values.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: values.SESSION_ABSOLUTE_DAYS * 86_400_000,
    },
    cookieSecure: values.COOKIE_SECURE,
    trustProxy: values.TRUST_PROXY,
    allowedOrigins: values.ALLOWED_ORIGINS,
    // Demo data only ever goes into the embedded database.
    seedDemo: values.DATABASE_URL ? false : (values.SEED_DEMO ?? true),
    logLevel: values.LOG_LEVEL,
    logRequests: values.LOG_REQUESTS,
    logFile: values.LOG_FILE ? path.resolve(values.LOG_FILE) : undefined,
    loginThrottle: {
      maxFailuresPerAccount: values.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: values.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockMs: values.LOGIN_LOCK_MINUTES * 60_000,
    },
    clientDir: path.resolve(values.CLIENT_DIR),
    digitalocean: {
      token: values.DIGITALOCEAN_TOKEN || undefined,
      apiUrl: values.DIGITALOCEAN_API_URL.replace(/\/+$/, ""),
      timeoutMs: values.DIGITALOCEAN_TIMEOUT_SECONDS * 1000,
      maxRetryWaitMs: values.DIGITALOCEAN_MAX_RETRY_WAIT_SECONDS * 1000,
      dailyRefresh: values.DIGITALOCEAN_DAILY_REFRESH,
    },
    microsoft365: {
      tenantId: values.MICROSOFT_TENANT_ID || undefined,
      clientId: values.MICROSOFT_CLIENT_ID || undefined,
      clientSecret: values.MICROSOFT_CLIENT_SECRET || undefined,
      loginUrl: values.MICROSOFT_LOGIN_URL.replace(/\/+$/, ""),
      graphUrl: values.MICROSOFT_GRAPH_URL.replace(/\/+$/, ""),
    },
    integrations: {
      timeoutMs: values.INTEGRATIONS_TIMEOUT_SECONDS * 1000,
      maxRetryWaitMs: values.INTEGRATIONS_MAX_RETRY_WAIT_SECONDS * 1000,
      dailySync: values.INTEGRATIONS_DAILY_SYNC,
      createUsers: values.INTEGRATIONS_CREATE_USERS,
    },
    unusedAfterDays: values.UNUSED_AFTER_DAYS,
    publicUrl: values.PUBLIC_URL ? new URL(values.PUBLIC_URL).origin : undefined,
    webauthn,
    google,
    oidc,
    googleWorkspace: {
      credentialsFile: values.GOOGLE_WORKSPACE_CREDENTIALS_FILE
        ? path.resolve(values.GOOGLE_WORKSPACE_CREDENTIALS_FILE)
        : undefined,
      admin: values.GOOGLE_WORKSPACE_ADMIN || undefined,
      adminApiUrl: values.GOOGLE_WORKSPACE_ADMIN_API_URL.replace(/\/+$/, ""),
      licensingApiUrl: values.GOOGLE_WORKSPACE_LICENSING_API_URL.replace(/\/+$/, ""),
      customerId: values.GOOGLE_WORKSPACE_CUSTOMER_ID || undefined,
      licenseProducts: values.GOOGLE_WORKSPACE_LICENSE_PRODUCTS,
    },
    scimAdoptByEmail: values.SCIM_ADOPT_BY_EMAIL,
    scimRateLimitPerMinute: values.SCIM_RATE_LIMIT,
    // SCIM Groups named here make their members administrators (decision 0059), OIDC or not.
    scimAdminGroups: adminGroupsOf(values),
    mail,
    reminderIntervalMs: values.REMINDER_INTERVAL_MINUTES * 60_000,
    webhooksAllowLocal: values.WEBHOOKS_ALLOW_LOCAL,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    metricsToken: values.METRICS_TOKEN || undefined,
    embeddedMaintenanceMs: values.EMBEDDED_MAINTENANCE_MINUTES * 60_000,
  };
}

/** The mailer's settings, or null (reminders off) when neither SMTP_URL nor MAIL_FROM is set. */
function mailConfig(values: z.infer<typeof envSchema>) {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = values;
  if (!smtpUrl && !from) return null;
  const problems: string[] = [];
  if (!smtpUrl) problems.push("SMTP_URL: is required when MAIL_FROM is set");
  if (!from) problems.push("MAIL_FROM: is required when SMTP_URL is set");
  // A mail's links must open the application from wherever the mail is read.
  if (!values.PUBLIC_URL) {
    problems.push("PUBLIC_URL: is required when SMTP_URL is set (reminder mails link to items)");
  }
  if (problems.length > 0 || !smtpUrl || !from || !values.PUBLIC_URL) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  // The client is served at the root of its origin, as config.publicUrl says.
  return { smtpUrl, from, linkBase: new URL(values.PUBLIC_URL).origin };
}

export type MailConfig = NonNullable<ReturnType<typeof mailConfig>>;

export interface FixedRelyingParty {
  rpId: string;
  origin: string;
}

/**
 * The passkey relying party from WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, else from PUBLIC_URL; `fixed`
 * is null when none is set, and the server then serves passkeys only to loopback hosts
 * (auth/webauthn/relying-party.ts).
 */
function relyingPartyFromEnv(values: z.infer<typeof envSchema>) {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  const originText = values.WEBAUTHN_ORIGIN ?? values.PUBLIC_URL;
  const origin = originText ? new URL(originText).origin : undefined;
  if (values.WEBAUTHN_RP_ID && !origin) {
    fail("WEBAUTHN_ORIGIN: is required with WEBAUTHN_RP_ID when PUBLIC_URL is not set");
  }
  let fixed: FixedRelyingParty | null = null;
  if (origin) {
    const host = new URL(origin).hostname.toLowerCase();
    const rpId = (values.WEBAUTHN_RP_ID ?? host).toLowerCase();
    // The browser accepts an RP ID equal to the page's host or a parent domain of it.
    if (host !== rpId && !host.endsWith(`.${rpId}`)) {
      fail(`WEBAUTHN_RP_ID: ${rpId} must be ${host} or a parent domain of it`);
    }
    fixed = { rpId, origin };
  }
  return { rpName: values.WEBAUTHN_RP_NAME, fixed };
}

/** Whether an issuer URL points at this machine (only such an issuer may be plain http). */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function googleConfig(values: z.infer<typeof envSchema>) {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = values;
  if (!clientId && !clientSecret) return null;
  const problems: string[] = [];
  if (!clientId) problems.push("GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set");
  if (!clientSecret) {
    problems.push("GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set");
  }
  const issuer = new URL(values.GOOGLE_ISSUER);
  if (issuer.protocol !== "https:" && !isLoopbackUrl(values.GOOGLE_ISSUER)) {
    problems.push("GOOGLE_ISSUER: must be https:// (plain http only for an issuer on loopback)");
  }
  if (problems.length > 0 || !clientId || !clientSecret) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return {
    clientId,
    clientSecret,
    issuer: values.GOOGLE_ISSUER,
    autoCreate: values.GOOGLE_AUTO_CREATE,
    allowedDomain: values.GOOGLE_ALLOWED_DOMAIN ?? null,
    // Without PUBLIC_URL, the address the sign-in started at (auth/google/routes.ts).
    redirectUri: values.PUBLIC_URL
      ? `${new URL(values.PUBLIC_URL).origin}/api/auth/google/callback`
      : null,
  };
}

export type GoogleConfig = NonNullable<ReturnType<typeof googleConfig>>;

/** OIDC_ADMIN_GROUPS, or null when none is named: for the OIDC sign-in and for SCIM Groups. */
function adminGroupsOf(values: z.infer<typeof envSchema>): string[] | null {
  const groups = values.OIDC_ADMIN_GROUPS ?? [];
  return groups.length > 0 ? groups : null;
}

function oidcConfig(values: z.infer<typeof envSchema>) {
  const {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
  } = values;
  if (!issuer && !clientId && !clientSecret) return null;
  const problems: string[] = [];
  const needed = {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
  };
  for (const [name, value] of Object.entries(needed)) {
    if (!value) {
      const others = Object.keys(needed).filter((other) => other !== name);
      problems.push(`${name}: is required when ${others.join(" or ")} is set`);
    }
  }
  if (issuer && new URL(issuer).protocol !== "https:" && !isLoopbackUrl(issuer)) {
    problems.push("OIDC_ISSUER: must be https:// (plain http only for an issuer on loopback)");
  }
  if (problems.length > 0 || !issuer || !clientId || !clientSecret) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return {
    clientId,
    clientSecret,
    issuer,
    buttonLabel: values.OIDC_BUTTON_LABEL,
    scopes: values.OIDC_SCOPES,
    autoCreate: values.OIDC_AUTO_CREATE,
    // Null: no group rule, roles are left as they are.
    adminGroups: adminGroupsOf(values),
    groupsClaim: values.OIDC_GROUPS_CLAIM,
    redirectUri: values.PUBLIC_URL
      ? `${new URL(values.PUBLIC_URL).origin}/api/auth/oidc/callback`
      : null,
  };
}

export type OidcConfig = NonNullable<ReturnType<typeof oidcConfig>>;
