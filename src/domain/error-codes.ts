// The stable machine codes of every error the API answers with, shared by server and client. The
// client decides what to do by code (and HTTP status), never by message text: messages are for
// people and may change; a code, once shipped, keeps its meaning.
//
// Every error body is { code, message, errors? }. Add a code when the client (or an API caller)
// needs to tell a new case apart; a generic code is fine when nothing depends on the difference.

export const errorCodes = [
  // 400: the request itself is wrong.
  /** A body, query or path parameter failed its schema (field errors in `errors`). */
  "VALIDATION_FAILED",
  /** 400: without PUBLIC_URL, an absolute address was to be made from a malformed Host header. */
  "INVALID_HOST",
  /** The body is not parseable JSON. */
  "INVALID_JSON",
  /** The JSON body nests arrays or objects deeper than any request needs (MAX_JSON_DEPTH). */
  "JSON_TOO_DEEP",
  /** Any other malformed request (bad URL, bad header...). */
  "BAD_REQUEST",
  // 401
  /** No valid session: sign in again. */
  "UNAUTHORIZED",
  /** Sign-in with a wrong username or password. */
  "INVALID_CREDENTIALS",
  /** Sign-in with the right password on a deactivated account. */
  "ACCOUNT_DEACTIVATED",
  /** A Bearer token that is unknown, expired, revoked, or whose owner is deactivated. */
  "INVALID_API_TOKEN",
  // 403
  /** Signed in, but not allowed (role, someone else's record, cross-site request). */
  "FORBIDDEN",
  /** This needs a browser session: an API token cannot create tokens or change sign-in settings. */
  "SESSION_REQUIRED",
  // 404
  /** The record or route does not exist (or the caller may not know it exists). */
  "NOT_FOUND",
  // 409: the request is well formed but conflicts with the data.
  /** A conflict without a more specific code. */
  "CONFLICT",
  /** No seat left on the license. */
  "SEATS_EXHAUSTED",
  /** Total seats lowered below the seats in use. */
  "SEATS_BELOW_ASSIGNED",
  /** The user already has an active assignment of this license. */
  "ALREADY_ASSIGNED",
  /** Something cannot be given to a deactivated user. */
  "USER_INACTIVE",
  "DUPLICATE_USERNAME",
  "DUPLICATE_EMAIL",
  /** A unique value (other than username or email) already exists. */
  "DUPLICATE_RECORD",
  /** The hardware item is held by someone else (assign, request, approve). */
  "HARDWARE_UNAVAILABLE",
  /** The hardware request was already approved or rejected. */
  "REQUEST_NOT_PENDING",
  /** The record is still referenced by other records. */
  "STILL_REFERENCED",
  /** An approval decision on a trust review that is no longer pending. */
  "APPROVAL_NOT_PENDING",
  /** The change would leave no active administrator. */
  "LAST_ADMIN",
  /** The person already holds the most live API tokens allowed (MAX_API_TOKENS_PER_USER). */
  "API_TOKEN_LIMIT",
  /** An administrator tried to delete their own account. */
  "CANNOT_DELETE_SELF",
  /** A stored secret (license key, password) cannot be opened: it was sealed under another
   * ENCRYPTION_KEY than the server's (docs/backup-and-restore.md). */
  "SECRET_UNREADABLE",
  // Offboarding (issue 16).
  /** An administrator tried to offboard their own account. */
  "CANNOT_OFFBOARD_SELF",
  /** Offboarding someone who is already deactivated (or whom another offboarding just did). */
  "USER_ALREADY_INACTIVE",
  /** The offboarding's decisions do not name exactly what the person holds now. */
  "HOLDINGS_CHANGED",
  /** 400: a trust review's approval handed to someone who is not an administrator. */
  "APPROVER_NOT_ADMIN",
  /** Hosting costs cannot be fetched: no DigitalOcean token is configured. */
  "HOSTING_NOT_CONFIGURED",
  /** Another import is running (hosting costs, or a CSV import into the same list), on this or
   * another server instance. */
  "IMPORT_IN_PROGRESS",
  /** The provider has no invoice for the month asked for (yet). */
  "HOSTING_INVOICE_MISSING",
  /** 409: a workspace sync's provider is not configured; the message names the missing variables. */
  "INTEGRATION_NOT_CONFIGURED",
  /** 409: a sync of the same provider is already running, on this or another server instance. */
  "INTEGRATION_SYNC_RUNNING",
  // CSV import (issue 15). 400s: the file cannot be read as the area's CSV; nothing is written.
  /** The file is not UTF-8 text (or is UTF-16); the message says how to save it. */
  "IMPORT_ENCODING",
  /** The file is binary (a workbook, a PDF, an image...), not CSV text. */
  "IMPORT_NOT_CSV",
  /** The file has no header row, or no data rows. */
  "IMPORT_EMPTY",
  /** The CSV itself is broken (an unclosed quote...); the message names the line. */
  "IMPORT_MALFORMED_CSV",
  /** Required fields have no column of the file (commit); the message names them. */
  "IMPORT_COLUMNS",
  /** The mapping names a column the file lacks, a field the area lacks, or one field twice. */
  "IMPORT_MAPPING",
  /** The chosen separator splits nothing while another one would; the message names it. */
  "IMPORT_SEPARATOR",
  /** Every slashed date could be month or day first, and no dateFormat was chosen (commit). */
  "IMPORT_DATE_FORMAT",
  /** The workbook has no sheet of the name asked for; the message lists its sheets. */
  "IMPORT_SHEET",
  /** More data rows than one import takes. */
  "IMPORT_TOO_MANY_ROWS",
  /** Rows have problems (form rules, duplicates) and skipInvalid was not asked for; `errors`
   * lists them by line. */
  "IMPORT_ROWS_INVALID",
  /** Every row has a problem: there is nothing to import. */
  "IMPORT_NOTHING_TO_IMPORT",
  /** 400: a notification channel's URL is not https, or its host resolves to a private,
   * loopback or link-local address (issue 34). */
  "WEBHOOK_URL_REFUSED",
  /** 409: a record the file duplicates was created (through the form, the API) while the file was
   * imported, after the check; nothing was written. */
  "IMPORT_CONFLICT",
  /** 409: the import was undone already. */
  "IMPORT_ALREADY_UNDONE",
  /** 409: the import is still running, failed (wrote nothing), or predates the record of what it
   * created: there is nothing it could undo. */
  "IMPORT_NOT_UNDOABLE",
  // Second factor and password change (issue 13).
  /** 401 on the sign-in's second step: the TOTP or recovery code is wrong or already used. */
  "INVALID_SECOND_FACTOR",
  /** 401 on the sign-in's second step: no pending sign-in (expired, used, or never started). */
  "SECOND_FACTOR_EXPIRED",
  /** 400: a code typed to confirm, or to turn off, the second factor is wrong. */
  "INVALID_TWO_FACTOR_CODE",
  /** 400: the current password typed to change it (or to turn off the second factor) is wrong. */
  "INVALID_CURRENT_PASSWORD",
  /** 409: setting up a second factor that is already on. */
  "TWO_FACTOR_ALREADY_ENABLED",
  /** 409: confirming a setup that was never started, or turning off one that is not on. */
  "TWO_FACTOR_NOT_ENABLED",
  // 413, 415
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  // 429
  /** Too many attempts (sign-in lock); `Retry-After` says when to try again. */
  "RATE_LIMITED",
  // 503
  /** The database cannot be reached right now; `Retry-After` says when to try again. */
  "DATABASE_UNAVAILABLE",
  // 502
  /** The hosting provider refused, failed or answered nonsense; the message says which. */
  "HOSTING_PROVIDER_FAILED",
  /** A workspace provider refused the app's secret or key (wrong, expired or revoked). */
  "INTEGRATION_CREDENTIALS_REFUSED",
  /** The provider answered that the app lacks a permission or scope; the message names it. */
  "INTEGRATION_PERMISSION_MISSING",
  /** The provider does not know the tenant (Microsoft) or customer/domain (Google). */
  "INTEGRATION_UNKNOWN_TENANT",
  /** The provider kept throttling past the bound the sync waits. */
  "INTEGRATION_THROTTLED",
  /** The provider answered something that is not its documented shape. */
  "INTEGRATION_BAD_ANSWER",
  /** The provider could not be reached, or failed (5xx) past the retries. */
  "INTEGRATION_UNREACHABLE",
  // 500
  /** A bug on the server; details are in the server log, never in the response. */
  "INTERNAL_ERROR",
  // Passkeys (WebAuthn)
  /** 401: the passkey ceremony could not be verified (unknown or used challenge, bad signature,
   * unknown credential, no user verification). */
  "PASSKEY_NOT_VERIFIED",
  /** 401: the authenticator's signature counter went backwards: a cloned authenticator. */
  "PASSKEY_COUNTER_REPLAYED",
  /** 409: this authenticator is already registered. */
  "PASSKEY_ALREADY_REGISTERED",
  /** 503: passkeys are not configured for the address the request came to (WEBAUTHN_*). */
  "PASSKEYS_NOT_CONFIGURED",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known = new Set<string>(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && known.has(value);
}

/** The body of every error response (its schema: schemas/errors.ts). */
export type { ErrorResponse } from "./schemas/errors";
