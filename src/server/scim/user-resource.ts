// A user as a SCIM User resource (RFC 7643 §4.1, with the enterprise extension's department,
// §4.3), and back. The users table keeps one full name: givenName and familyName are joined into
// it and read back split at the first space (decision 0060).
import type { users } from "../db/schema";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const ENTERPRISE_USER_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

export type UserRow = typeof users.$inferSelect;

/** The SCIM attributes this server keeps, after a create, a replace or a patch. */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  fullName: string | null;
  email: string | null;
  department: string | null;
  active: boolean;
}

export type ScimObject = Record<string, unknown>;

export function toScimUser(row: UserRow, baseUrl: string): ScimObject {
  const [givenName, ...rest] = (row.fullName ?? "").split(" ");
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    id: String(row.id),
    ...(row.scimExternalId ? { externalId: row.scimExternalId } : {}),
    userName: row.username,
    ...(row.fullName
      ? {
          name: {
            formatted: row.fullName,
            givenName: givenName || undefined,
            familyName: rest.join(" ") || undefined,
          },
          displayName: row.fullName,
        }
      : {}),
    ...(row.email ? { emails: [{ value: row.email, type: "work", primary: true }] } : {}),
    active: row.isActive,
    [ENTERPRISE_USER_SCHEMA]: row.department ? { department: row.department } : {},
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/scim/v2/Users/${row.id}`,
    },
  };
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/** SCIM booleans, and the strings "True"/"False" some providers send (Entra ID's older behaviour). */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const lower = value.trim().toLowerCase();
    if (lower === "true") return true;
    if (lower === "false") return false;
  }
  return undefined;
}

function emailOf(emails: unknown): string | null {
  if (!Array.isArray(emails)) return null;
  const list = emails.filter(
    (entry): entry is { value: string; type?: string; primary?: unknown } =>
      typeof entry === "object" &&
      entry !== null &&
      typeof (entry as { value?: unknown }).value === "string",
  );
  const chosen =
    list.find((entry) => booleanOf(entry.primary) === true) ??
    list.find((entry) => entry.type === "work") ??
    list[0];
  return chosen ? text(chosen.value) : null;
}

function fullNameOf(resource: ScimObject): string | null {
  const name = (resource.name ?? {}) as Record<string, unknown>;
  const joined = [text(name.givenName), text(name.familyName)].filter(Boolean).join(" ");
  return joined || text(name.formatted) || text(resource.displayName);
}

/** The kept attributes of a full resource (a create or a replace); undefined active is true. */
export function fieldsOf(resource: ScimObject): ScimUserFields | string {
  const userName = text(resource.userName);
  if (!userName) return "userName is required";
  if (userName.length > 200) return "userName is too long";
  const active = resource.active === undefined ? true : booleanOf(resource.active);
  if (active === undefined) return "active must be a boolean";
  const enterprise = (resource[ENTERPRISE_USER_SCHEMA] ?? {}) as Record<string, unknown>;
  return {
    userName,
    externalId: text(resource.externalId),
    fullName: fullNameOf(resource),
    email: emailOf(resource.emails),
    department: text(enterprise.department),
    active,
  };
}
