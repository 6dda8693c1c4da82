// PATCH (RFC 7644 §3.5.2) applied to a user's SCIM resource, the way Entra ID and Okta send it:
// `op` in any case; a path (`active`, `name.givenName`, `emails[type eq "work"].value`, the
// enterprise extension's `...:User:department`), or no path and a value object of attributes
// (Okta's `{"active": false}`, Entra's dotted keys). The result is read back with fieldsOf, so a
// patch and a replace keep the same rules. Attributes this server does not keep are ignored.
import { z } from "zod";
import { ScimError } from "./errors";
import { ENTERPRISE_USER_SCHEMA, type ScimObject } from "./user-resource";

export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export const patchRequestSchema = z.object({
  schemas: z.array(z.string()).refine((list) => list.includes(PATCH_SCHEMA), "Not a PatchOp"),
  Operations: z
    .array(
      z.object({
        op: z.string().refine((op) => ["add", "replace", "remove"].includes(op.toLowerCase()), {
          message: "op must be add, replace or remove",
        }),
        path: z.string().optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type PatchRequest = z.infer<typeof patchRequestSchema>;

const WORK_EMAIL = /^emails\[\s*type\s+eq\s+"work"\s*\](?:\.value)?$/i;
const ENTERPRISE_PREFIX = `${ENTERPRISE_USER_SCHEMA}:`.toLowerCase();

/** Sets (or with undefined, removes) one attribute named by a path. */
function setPath(resource: ScimObject, path: string, value: unknown) {
  const lower = path.trim().toLowerCase();
  if (WORK_EMAIL.test(path.trim())) {
    const emails = Array.isArray(resource.emails) ? [...(resource.emails as ScimObject[])] : [];
    const rest = emails.filter((entry) => entry.type !== "work");
    const email = typeof value === "object" && value !== null ? (value as ScimObject).value : value;
    resource.emails =
      email === undefined ? rest : [{ value: email, type: "work", primary: true }, ...rest];
    return;
  }
  if (lower.startsWith(ENTERPRISE_PREFIX)) {
    const attribute = path.trim().slice(ENTERPRISE_PREFIX.length);
    const extension = { ...((resource[ENTERPRISE_USER_SCHEMA] as ScimObject) ?? {}) };
    extension[attribute] = value;
    resource[ENTERPRISE_USER_SCHEMA] = extension;
    return;
  }
  if (!/^[a-z][a-z0-9_$-]*(\.[a-z][a-z0-9_$-]*)?$/i.test(path.trim())) {
    throw new ScimError(400, `Path ${path} is not supported`, "invalidPath");
  }
  const [head, sub] = path.trim().split(".") as [string, string | undefined];
  // Attribute names are case-insensitive (RFC 7643 §2.1): use the resource's own spelling.
  const key =
    Object.keys(resource).find((name) => name.toLowerCase() === head.toLowerCase()) ?? head;
  if (sub === undefined) {
    resource[key] = value;
    return;
  }
  const parent = { ...((resource[key] as ScimObject) ?? {}) };
  const subKey =
    Object.keys(parent).find((name) => name.toLowerCase() === sub.toLowerCase()) ?? sub;
  parent[subKey] = value;
  resource[key] = parent;
}

function mergeValue(resource: ScimObject, value: unknown) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ScimError(400, "An operation without a path needs an object value", "invalidValue");
  }
  for (const [name, attribute] of Object.entries(value)) {
    if (
      name.toLowerCase() === ENTERPRISE_USER_SCHEMA.toLowerCase() &&
      typeof attribute === "object"
    ) {
      for (const [sub, subValue] of Object.entries(attribute ?? {})) {
        setPath(resource, `${ENTERPRISE_USER_SCHEMA}:${sub}`, subValue);
      }
    } else if (
      name.toLowerCase() === "name" &&
      typeof attribute === "object" &&
      attribute !== null
    ) {
      for (const [sub, subValue] of Object.entries(attribute))
        setPath(resource, `name.${sub}`, subValue);
    } else {
      setPath(resource, name, attribute);
    }
  }
}

/** The resource after the operations, in order; the input is not changed. */
export function applyPatch(resource: ScimObject, request: PatchRequest): ScimObject {
  const next: ScimObject = structuredClone(resource);
  for (const operation of request.Operations) {
    const op = operation.op.toLowerCase();
    if (op === "remove") {
      if (!operation.path) throw new ScimError(400, "remove needs a path", "noTarget");
      setPath(next, operation.path, undefined);
    } else if (operation.path) {
      setPath(next, operation.path, operation.value);
    } else {
      mergeValue(next, operation.value);
    }
  }
  return next;
}
