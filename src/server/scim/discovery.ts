// What this SCIM service offers (RFC 7643 §5–7, RFC 7644 §4): patch yes, filter yes (the
// equalities of filter.ts), no bulk, no sort, no etags, no password change; bearer tokens.
import { GROUP_SCHEMA } from "./groups";
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from "./user-resource";

const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [LIST],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
  documentationUri: `${baseUrl}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: "oauthbearertoken",
      name: "Bearer token",
      description: "A SCIM token an administrator creates in Settings",
      primary: true,
    },
  ],
  meta: {
    resourceType: "ServiceProviderConfig",
    location: `${baseUrl}/scim/v2/ServiceProviderConfig`,
  },
});

export const resourceTypes = (baseUrl: string) => [
  {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    id: "User",
    name: "User",
    endpoint: "/Users",
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
    meta: { resourceType: "ResourceType", location: `${baseUrl}/scim/v2/ResourceTypes/User` },
  },
  {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    id: "Group",
    name: "Group",
    endpoint: "/Groups",
    schema: GROUP_SCHEMA,
    meta: { resourceType: "ResourceType", location: `${baseUrl}/scim/v2/ResourceTypes/Group` },
  },
];

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

export const schemas = (baseUrl: string) => [
  {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: USER_SCHEMA,
    name: "User",
    description: "User Account",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server" }),
      attribute("name", {
        type: "complex",
        subAttributes: [attribute("formatted"), attribute("givenName"), attribute("familyName")],
      }),
      attribute("displayName"),
      attribute("active", { type: "boolean" }),
      attribute("emails", {
        type: "complex",
        multiValued: true,
        subAttributes: [
          attribute("value"),
          attribute("type"),
          attribute("primary", { type: "boolean" }),
        ],
      }),
    ],
    meta: { resourceType: "Schema", location: `${baseUrl}/scim/v2/Schemas/${USER_SCHEMA}` },
  },
  {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: ENTERPRISE_USER_SCHEMA,
    name: "EnterpriseUser",
    description: "Enterprise User",
    attributes: [attribute("department")],
    meta: {
      resourceType: "Schema",
      location: `${baseUrl}/scim/v2/Schemas/${ENTERPRISE_USER_SCHEMA}`,
    },
  },
  {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: GROUP_SCHEMA,
    name: "Group",
    description: "Group",
    attributes: [
      attribute("displayName", { required: true, uniqueness: "server" }),
      attribute("members", {
        type: "complex",
        multiValued: true,
        subAttributes: [
          attribute("value", { mutability: "immutable" }),
          attribute("display", { mutability: "readOnly" }),
          attribute("$ref", {
            type: "reference",
            referenceTypes: ["User"],
            mutability: "immutable",
          }),
        ],
      }),
    ],
    meta: { resourceType: "Schema", location: `${baseUrl}/scim/v2/Schemas/${GROUP_SCHEMA}` },
  },
];
