// SCIM Groups (decision 0059) driven by the independent client (tests/support/scim-client.ts) over
// real HTTP, in Entra ID's sequence (POST /Groups, GET ?excludedAttributes=members and by
// displayName, PATCH Replace displayName, PATCH Add/Remove members with a value list, DELETE; each
// PATCH answered 204) and Okta's (remove by members[value eq "…"], replace without a path):
// membership in a group named by OIDC_ADMIN_GROUPS makes a SCIM-managed person an administrator.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listResponseSchema,
  SCIM_GROUP,
  ScimClient,
  type ScimGroup,
  scimErrorSchema,
  scimGroupSchema,
  scimUserSchema,
} from "../../../tests/support/scim-client";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { activityLog, scimGroupMembers, users } from "../db/schema";

let t: TestApp;
let scim: ScimClient;
let adminCookie: string;
let baseUrl: string;

async function startWith(env: Record<string, string>) {
  const app = await buildTestApp(env);
  await app.app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const { cookie } = await app.signedInUser({ role: "admin" });
  const created = await app.request({
    method: "POST",
    url: "/api/scim-tokens",
    payload: { name: "Entra ID" },
    cookie,
  });
  expect(created.statusCode, created.body).toBe(201);
  const base = `http://127.0.0.1:${address.port}`;
  return { app, cookie, base, client: new ScimClient(base, created.json().token) };
}

beforeAll(async () => {
  ({
    app: t,
    client: scim,
    cookie: adminCookie,
    base: baseUrl,
  } = await startWith({
    OIDC_ADMIN_GROUPS: "Quartermaster Admins,IT Ops",
  }));
});
afterAll(() => t?.close());

let people = 0;
async function provisionPerson(client = scim) {
  const n = ++people;
  const answer = await client.createUser({
    userName: `group.person${n}@example.com`,
    emails: [{ value: `group.person${n}@example.com`, type: "work", primary: true }],
    active: true,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return scimUserSchema.parse(answer.body);
}

const roleOf = async (app: TestApp, id: string) => {
  const [row] = await app.app.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, Number(id)));
  return row?.role;
};

function expectGroup(
  answer: { status: number; contentType: string | null; body: unknown },
  status = 200,
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toMatch(/^application\/scim\+json/);
  return scimGroupSchema.parse(answer.body) as ScimGroup;
}

function expectError(answer: { status: number; body: unknown }, status: number, scimType?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const error = scimErrorSchema.parse(answer.body);
  if (scimType) expect(error.scimType).toBe(scimType);
}

describe("Entra ID's group sequence", () => {
  it("creates, finds, fills and empties the administrators' group, and the roles follow", async () => {
    const ada = await provisionPerson();
    const ben = await provisionPerson();
    // Entra ID sends its own schema and meta beside the core ones.
    const created = await scim.send("POST", "/Groups", {
      schemas: [SCIM_GROUP, "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group"],
      externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
      displayName: "Quartermaster Admins",
      meta: { resourceType: "Group" },
    });
    const group = expectGroup(created, 201);
    expect(created.location).toBe(group.meta.location);
    expect(group).toMatchObject({ displayName: "Quartermaster Admins", members: [] });

    const byName = await scim.send(
      "GET",
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Quartermaster Admins"')}`,
    );
    const list = listResponseSchema(scimGroupSchema).parse(byName.body);
    expect(list.totalResults).toBe(1);
    expect(list.Resources[0]?.id).toBe(group.id);
    expect(list.Resources[0]).not.toHaveProperty("members");

    const add = await scim.patchGroup(group.id, [
      {
        op: "Add",
        path: "members",
        value: [
          { $ref: null, value: ada.id },
          { $ref: null, value: ben.id },
        ],
      },
    ]);
    expect(add.status, JSON.stringify(add.body)).toBe(204);
    expect(await roleOf(t, ada.id)).toBe("admin");
    expect(await roleOf(t, ben.id)).toBe("admin");
    const read = expectGroup(await scim.send("GET", `/Groups/${group.id}`));
    expect(read.members?.map((member) => member.value).sort()).toEqual([ada.id, ben.id].sort());
    expect(read.members?.find((member) => member.value === ada.id)).toMatchObject({
      display: ada.userName,
      $ref: expect.stringMatching(new RegExp(`/scim/v2/Users/${ada.id}$`)),
    });
    // Recorded as the SCIM token's change of the person's role.
    const records = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.area, "users"), eq(activityLog.itemId, Number(ada.id))));
    expect(records.find((row) => JSON.stringify(row.changes).includes("role"))).toMatchObject({
      via: "scim",
      userId: null,
      changes: { role: { before: "user", after: "admin" } },
      detail: { rule: "oidc_admin_groups", scimToken: { name: "Entra ID" } },
    });

    const remove = await scim.patchGroup(group.id, [
      { op: "Remove", path: "members", value: [{ $ref: null, value: ben.id }] },
    ]);
    expect(remove.status).toBe(204);
    expect(await roleOf(t, ben.id)).toBe("user");
    expect(await roleOf(t, ada.id)).toBe("admin");

    // A rename out of OIDC_ADMIN_GROUPS takes the role from every member.
    const rename = await scim.patchGroup(group.id, [
      { op: "Replace", path: "displayName", value: "Former Admins" },
    ]);
    expect(rename.status).toBe(204);
    expect(await roleOf(t, ada.id)).toBe("user");
    await scim.patchGroup(group.id, [{ op: "Replace", path: "displayName", value: "IT Ops" }]);
    expect(await roleOf(t, ada.id)).toBe("admin");

    const deleted = await scim.send("DELETE", `/Groups/${group.id}`);
    expect(deleted.status).toBe(204);
    expect(await roleOf(t, ada.id)).toBe("user");
    expectError(await scim.send("GET", `/Groups/${group.id}`), 404);
  });
});

describe("Okta's group sequence", () => {
  it("removes a member by filter and renames without a path", async () => {
    const cara = await provisionPerson();
    const dan = await provisionPerson();
    const group = expectGroup(
      await scim.send("POST", "/Groups", {
        schemas: [SCIM_GROUP],
        displayName: "Okta Staff",
        members: [{ value: cara.id, display: cara.userName }, { value: dan.id }],
      }),
      201,
    );
    // Not an administrators' group: nobody's role changes.
    expect(await roleOf(t, cara.id)).toBe("user");
    await scim.patchGroup(group.id, [
      { op: "replace", value: { id: group.id, displayName: "Quartermaster Admins" } },
    ]);
    expect(await roleOf(t, cara.id)).toBe("admin");
    expect(await roleOf(t, dan.id)).toBe("admin");
    const removed = await scim.patchGroup(group.id, [
      { op: "remove", path: `members[value eq "${dan.id}"]` },
    ]);
    expect(removed.status).toBe(204);
    expect(await roleOf(t, dan.id)).toBe("user");
    expect(await roleOf(t, cara.id)).toBe("admin");
    await scim.send("DELETE", `/Groups/${group.id}`);
  });
});

describe("a group named by its identity provider's id", () => {
  it("counts as an administrators' group when OIDC_ADMIN_GROUPS names its externalId", async () => {
    const fay = await provisionPerson();
    // Entra ID's ID tokens carry group object ids; the same id is the group's externalId here.
    const group = expectGroup(
      await scim.send("POST", "/Groups", {
        schemas: [SCIM_GROUP],
        displayName: "Helpdesk",
        externalId: "IT Ops",
        members: [{ value: fay.id }],
      }),
      201,
    );
    expect(await roleOf(t, fay.id)).toBe("admin");
    await scim.patchGroup(group.id, [{ op: "replace", path: "externalId", value: "0f4c-other" }]);
    expect(await roleOf(t, fay.id)).toBe("user");
    await scim.send("DELETE", `/Groups/${group.id}`);
  });
});

describe("refusals", () => {
  it("refuses a member SCIM does not manage, and changes nothing", async () => {
    const { user: local } = await t.signedInUser({ role: "user" });
    const group = expectGroup(
      await scim.send("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: "Guarded" }),
      201,
    );
    expectError(
      await scim.patchGroup(group.id, [
        { op: "add", path: "members", value: [{ value: String(local.id) }] },
      ]),
      400,
      "invalidValue",
    );
    expectError(
      await scim.send("POST", "/Groups", {
        schemas: [SCIM_GROUP],
        displayName: "IT Ops",
        members: [{ value: String(local.id) }],
      }),
      400,
      "invalidValue",
    );
    const members = await t.app.db
      .select()
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.userId, local.id));
    expect(members).toEqual([]);
    expect(await roleOf(t, String(local.id))).toBe("user");
    await scim.send("DELETE", `/Groups/${group.id}`);
  });

  it("answers a taken displayName with 409 uniqueness, an unknown group with 404, another filter with 400", async () => {
    const first = expectGroup(
      await scim.send("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: "Twice" }),
      201,
    );
    expectError(
      await scim.send("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: "Twice" }),
      409,
      "uniqueness",
    );
    expectError(await scim.send("POST", "/Groups", { schemas: [SCIM_GROUP] }), 400, "invalidValue");
    expectError(await scim.send("GET", "/Groups/999999"), 404);
    expectError(await scim.send("GET", "/Groups/not-a-number"), 404);
    expectError(
      await scim.send("GET", `/Groups?filter=${encodeURIComponent('displayName co "Tw"')}`),
      400,
      "invalidFilter",
    );
    await scim.send("DELETE", `/Groups/${first.id}`);
  });

  it("refuses every Groups route without a SCIM token", async () => {
    const anonymous = new ScimClient(baseUrl, "qms_wrong");
    const answer = await anonymous.send("GET", "/Groups");
    expect(answer.status).toBe(401);
    // An administrator's browser session is not a SCIM token either.
    const withSession = await t.request({
      method: "GET",
      url: "/scim/v2/Groups",
      cookie: adminCookie,
    });
    expect(withSession.statusCode).toBe(401);
  });
});

describe("without OIDC_ADMIN_GROUPS", () => {
  let plain: Awaited<ReturnType<typeof startWith>>;
  beforeAll(async () => {
    plain = await startWith({});
  });
  afterAll(() => plain?.app.close());

  it("keeps groups and members, and changes no role", async () => {
    const eve = await provisionPerson(plain.client);
    const group = expectGroup(
      await plain.client.send("POST", "/Groups", {
        schemas: [SCIM_GROUP],
        displayName: "Quartermaster Admins",
        members: [{ value: eve.id }],
      }),
      201,
    );
    expect(group.members?.map((member) => member.value)).toEqual([eve.id]);
    expect(await roleOf(plain.app, eve.id)).toBe("user");
  });
});
