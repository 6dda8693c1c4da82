// The filters identity providers send to find a user before creating one (RFC 7644 §3.4.2.2):
// an equality on userName, externalId or an e-mail address. Anything else is a 400 invalidFilter
// rather than a list that silently ignores the filter.
import { ScimError } from "./errors";

export type UserFilter =
  | { attribute: "userName" | "externalId"; value: string }
  | { attribute: "email"; value: string };

const EQUALITY =
  /^\s*(userName|externalId|emails\.value|emails\[\s*type\s+eq\s+"work"\s*\]\.value|emails)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

export function parseUserFilter(filter: string | undefined): UserFilter | null {
  if (filter === undefined || filter.trim() === "") return null;
  const match = EQUALITY.exec(filter);
  if (!match) {
    throw new ScimError(
      400,
      'Only userName eq, externalId eq, emails.value eq and emails[type eq "work"].value eq are supported',
      "invalidFilter",
    );
  }
  const attribute = match[1]!.toLowerCase();
  const value = match[2]!.replace(/\\(.)/g, "$1");
  if (attribute === "username") return { attribute: "userName", value };
  if (attribute === "externalid") return { attribute: "externalId", value };
  return { attribute: "email", value };
}
