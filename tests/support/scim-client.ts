// A SCIM 2.0 client written from the published references, not from this server's code:
// - RFC 7644 (SCIM protocol): §3.3 create (201, Location), §3.4.2 filter/startIndex/count and
//   ListResponse, §3.5.1 PUT, §3.5.2 PatchOp (op add/replace/remove, path), §3.6 DELETE (204),
//   §3.12 errors (schema urn:ietf:params:scim:api:messages:2.0:Error, status a string, scimType).
// - RFC 7643 (core schema): §4.1 User, §4.3 EnterpriseUser department, §3.1 meta.
// - Microsoft Entra ID, "Tutorial: Develop and plan provisioning for a SCIM endpoint" (learn.
//   microsoft.com/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups): the
//   GET /Users?filter=userName eq "…" before a create, POST /Users, PATCH with "op":"Replace"
//   and "active" as the string "False", PATCH of emails[type eq "work"].value and
//   name.familyName; the Delinea "Supported SCIM Endpoints" summary of the Entra sequence.
// - Okta, "SCIM 2.0 protocol reference" (developer.okta.com/docs/api/openapi/okta-scim/guides/
//   scim-20) and its Runscope test plan (joelfranusic-okta/okta-scim-beta): GET
//   /Users?startIndex=1&count=2 as the connection test, filter=userName eq "…"&startIndex=1&count=100,
//   PUT of the whole user, PATCH {"op":"replace","value":{"active":false}} without a path.
import { z } from "zod";

export const SCIM_USER = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const SCIM_GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const SCIM_PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

/** RFC 7643 §4.1 User as returned (id and meta are required of a service provider, §3.1). */
export const scimUserSchema = z
  .object({
    schemas: z.array(z.string()).refine((list) => list.includes(SCIM_USER)),
    id: z.string().min(1),
    externalId: z.string().optional(),
    userName: z.string().min(1),
    name: z
      .object({
        formatted: z.string().optional(),
        givenName: z.string().optional(),
        familyName: z.string().optional(),
      })
      .optional(),
    displayName: z.string().optional(),
    emails: z
      .array(
        z.object({
          value: z.string(),
          type: z.string().optional(),
          primary: z.boolean().optional(),
        }),
      )
      .optional(),
    active: z.boolean(),
    [SCIM_ENTERPRISE]: z.object({ department: z.string().optional() }).optional(),
    meta: z.object({
      resourceType: z.literal("User"),
      created: z.string().datetime({ offset: true }),
      lastModified: z.string().datetime({ offset: true }),
      location: z.string().url(),
    }),
  })
  .passthrough();
export type ScimUser = z.infer<typeof scimUserSchema>;

/** RFC 7643 §4.2 Group as returned: displayName, members (value, $ref, display), id and meta. */
export const scimGroupSchema = z
  .object({
    schemas: z.array(z.string()).refine((list) => list.includes(SCIM_GROUP)),
    id: z.string().min(1),
    externalId: z.string().optional(),
    displayName: z.string().min(1),
    members: z
      .array(
        z.object({
          value: z.string().min(1),
          $ref: z.string().url().optional(),
          display: z.string().optional(),
        }),
      )
      .optional(),
    meta: z.object({
      resourceType: z.literal("Group"),
      created: z.string().datetime({ offset: true }),
      lastModified: z.string().datetime({ offset: true }),
      location: z.string().url(),
    }),
  })
  .passthrough();
export type ScimGroup = z.infer<typeof scimGroupSchema>;

/** RFC 7644 §3.4.2 ListResponse. */
export const listResponseSchema = <T extends z.ZodTypeAny>(resource: T) =>
  z.object({
    schemas: z.tuple([z.literal(LIST)]),
    totalResults: z.number().int().min(0),
    startIndex: z.number().int().min(1),
    itemsPerPage: z.number().int().min(0),
    Resources: z.array(resource),
  });

/** RFC 7644 §3.12 error. */
export const scimErrorSchema = z.object({
  schemas: z.tuple([z.literal(ERROR)]),
  status: z.string().regex(/^\d{3}$/),
  scimType: z
    .enum([
      "invalidFilter",
      "tooMany",
      "uniqueness",
      "mutability",
      "invalidSyntax",
      "invalidPath",
      "noTarget",
      "invalidValue",
      "invalidVers",
      "sensitive",
    ])
    .optional(),
  detail: z.string().optional(),
});

export interface ScimAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  body: unknown;
}

export class ScimClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  async send(method: string, path: string, body?: unknown): Promise<ScimAnswer> {
    const response = await fetch(`${this.base}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: "application/scim+json",
        ...(body === undefined ? {} : { "content-type": "application/scim+json; charset=utf-8" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get("content-type"),
      location: response.headers.get("location"),
      body: text ? JSON.parse(text) : null,
    };
  }

  /** The lookup both providers make before a create. */
  findByUserName = (userName: string, paging = "") =>
    this.send("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}${paging}`);

  createUser = (user: Record<string, unknown>) =>
    this.send("POST", "/Users", { schemas: [SCIM_USER], ...user });

  patch = (id: string, Operations: Array<Record<string, unknown>>) =>
    this.send("PATCH", `/Users/${id}`, { schemas: [SCIM_PATCH], Operations });

  patchGroup = (id: string, Operations: Array<Record<string, unknown>>) =>
    this.send("PATCH", `/Groups/${id}`, { schemas: [SCIM_PATCH], Operations });
}
