// The activity log's vocabulary (issue 15, decision 0021): what was done (action) to which part of
// the system (area). Shared by the server, which writes and filters by them, and the client, which
// labels and filters them. The database stores them as plain text (no PostgreSQL enum), so a value
// added here needs no migration.
import { z } from "zod";

export const ACTIVITY_ACTIONS = [
  "create",
  "update",
  "delete",
  "assign",
  "unassign",
  "approve",
  "reject",
  "renew",
  "reveal",
  "import",
  "export",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "settings_change",
  "password_change",
  "offboard",
  "token_create",
  "token_revoke",
  "two_factor_enable",
  "two_factor_disable",
  "two_factor_reset",
  "passkey_add",
  "passkey_remove",
  "recovery_code_use",
  "recovery_codes_regenerate",
  "restore",
  "pay",
  "prune",
] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof activityActionSchema>;

export const ACTIVITY_AREAS = [
  "licenses",
  "assignments",
  "users",
  "hardware",
  "hardware_requests",
  "office_accounts",
  "directories",
  "gsuite",
  "trust_reviews",
  "hosting",
  "expenses",
  "auth",
  "settings",
  "api_tokens",
  "calendar_feeds",
  "reminders",
  "gsuite_plans",
  "gsuite_organizations",
  "currency_rates",
  "activity_log",
  "scim",
] as const;
export const activityAreaSchema = z.enum(ACTIVITY_AREAS);
export type ActivityArea = z.infer<typeof activityAreaSchema>;

/**
 * How the change reached the server: a browser session, a personal API token, the server itself,
 * or an identity provider's SCIM token (decision 0060; the token in the entry's detail).
 */
// sync: a workspace sync (Google Workspace, Microsoft 365; issue 33).
export const ACTIVITY_VIAS = ["session", "token", "system", "scim", "sync"] as const;
export const activityViaSchema = z.enum(ACTIVITY_VIAS);
export type ActivityVia = z.infer<typeof activityViaSchema>;

/** One changed field: its value before and after (null when it did not exist). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type ActivityChanges = Record<string, FieldChange>;

/** What a secret's value is recorded as: never the value, not even part of it. */
export const SECRET_PLACEHOLDER = "********";

/** Fields that only say when a row was written: the log's own time says that. */
const BOOKKEEPING_FIELDS = ["createdAt", "updatedAt"];

export interface ChangesOptions {
  /** Fields holding secrets (clear or sealed): recorded as SECRET_PLACEHOLDER, or null if empty. */
  secretFields?: readonly string[];
  /** Fields to leave out (createdAt and updatedAt always are). */
  ignore?: readonly string[];
}

/** A value as JSON keeps it: dates as ISO text, undefined as null. */
function comparable(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return value;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  // Plain JSON-like values (arrays, objects such as hardware specs): same JSON, same value.
  return JSON.stringify(a) === JSON.stringify(b);
}

const hidden = (value: unknown) =>
  value === null || value === undefined || value === "" ? null : SECRET_PLACEHOLDER;

/**
 * The fields that differ between two versions of a row, each with its value before and after.
 * `before` null means the row was created (every field of `after` is a change from null), `after`
 * null that it was deleted. Secret fields never carry their value: a changed secret is recorded as
 * SECRET_PLACEHOLDER (null when it was or became empty). Two sealed copies of the same secret
 * differ (each has its own IV), so a secret that was re-sent counts as changed; that is the
 * honest reading of "the key was set again". Returns null when nothing changed.
 */
export function changesBetween(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  options: ChangesOptions = {},
): ActivityChanges | null {
  const secret = new Set(options.secretFields ?? []);
  const ignored = new Set([...BOOKKEEPING_FIELDS, ...(options.ignore ?? [])]);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: ActivityChanges = {};
  for (const key of keys) {
    if (ignored.has(key)) continue;
    const old = comparable(before?.[key]);
    const now = comparable(after?.[key]);
    if (sameValue(old, now)) continue;
    changes[key] = secret.has(key)
      ? { before: hidden(old), after: hidden(now) }
      : { before: old, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
