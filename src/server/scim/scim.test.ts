// SCIM provisioning (issue 32) driven by an independent client (tests/support/scim-client.ts,
// written from RFC 7643/7644 and Entra ID's and Okta's published request sequences) over real
// HTTP; every answer checked against RFC 7643/7644's shapes.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import {
  listResponseSchema,
  SCIM_ENTERPRISE,
  ScimClient,
  type ScimUser,
  scimErrorSchema,
  scimUserSchema,
} from "../../../tests/support/scim-client";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { hashPassword } from "../auth/passwords";
import {
  activityLog,
  licenseAssignments,
  offboardings,
  scimHeldOffboardings,
  users,
} from "../db/schema";

let t: TestApp;
let baseUrl: string;
let adminCookie: string;
let scim: ScimClient;
let tokenId: number;
let scimToken: string;

const listOfUsers = listResponseSchema(scimUserSchema);

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
  const created = await t.request({
    method: "POST",
    url: "/api/scim-tokens",
    payload: { name: "Entra ID" },
    cookie: adminCookie,
  });
  expect(created.statusCode, created.body).toBe(201);
  tokenId = created.json().id;
  scimToken = created.json().token;
  scim = new ScimClient(baseUrl, scimToken);
});
afterAll(() => t.close());

const setPolicy = async (deprovisionPolicy: "release" | "hold") => {
  const put = await t.request({
    method: "PUT",
    url: "/api/scim-settings",
    payload: { deprovisionPolicy },
    cookie: adminCookie,
  });
  expect(put.statusCode, put.body).toBe(200);
};

function expectUser(
  answer: { status: number; contentType: string | null; body: unknown },
  status = 200,
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toMatch(/^application\/scim\+json/);
  return scimUserSchema.parse(answer.body) as ScimUser;
}

function expectError(answer: { status: number; body: unknown }, status: number, scimType?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const error = scimErrorSchema.parse(answer.body);
  expect(error.status).toBe(String(status));
  if (scimType) expect(error.scimType).toBe(scimType);
}

/** Gives the person a password (SCIM sets none) and a seat, so sign-in and holdings can be checked. */
async function withPasswordAndSeat(id: number) {
  await t.app.db
    .update(users)
    .set({ passwordHash: await hashPassword("scim-person-1") })
    .where(eq(users.id, id));
  const license = await createLicenseViaApi(t, adminCookie);
  const seat = await t.request({
    method: "POST",
    url: "/api/assignments",
    payload: { licenseId: license.id, userId: id },
    cookie: adminCookie,
  });
  expect(seat.statusCode, seat.body).toBe(201);
  return license.id;
}

const login = (username: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password: "scim-person-1" },
  });

describe("discovery", () => {
  it("answers ServiceProviderConfig, ResourceTypes and Schemas", async () => {
    const config = await scim.send("GET", "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    const types = await scim.send("GET", "/ResourceTypes");
    expect(types.body).toMatchObject({
      totalResults: 2,
      Resources: [{ endpoint: "/Users" }, { endpoint: "/Groups" }],
    });
    const schemas = await scim.send("GET", "/Schemas");
    const ids = (schemas.body as { Resources: Array<{ id: string }> }).Resources.map((s) => s.id);
    expect(ids).toContain(SCIM_ENTERPRISE);
    expect(ids).toContain("urn:ietf:params:scim:schemas:core:2.0:Group");
  });
});

describe("Entra ID's sequence", () => {
  it("looks up, creates, patches attributes and deactivates with the string 'False' (hold policy)", async () => {
    await setPolicy("hold");
    const userName = "ellen.reckert@contoso.example";
    const lookup = await scim.findByUserName(userName);
    expect(listOfUsers.parse(lookup.body)).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim.createUser({
      externalId: "97c0abe1-14f7-417b-951c-bc8e2a17f200",
      userName,
      active: true,
      displayName: "Ellen Reckert",
      name: { formatted: "Ellen Reckert", givenName: "Ellen", familyName: "Reckert" },
      emails: [{ primary: true, type: "work", value: userName }],
      [SCIM_ENTERPRISE]: { department: "Human Resources" },
    });
    const user = expectUser(created, 201);
    expect(created.location).toBe(user.meta.location);
    expect(user).toMatchObject({
      userName,
      active: true,
      [SCIM_ENTERPRISE]: { department: "Human Resources" },
    });

    const found = listOfUsers.parse((await scim.findByUserName(userName.toUpperCase())).body);
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0]!.id).toBe(user.id);

    const patched = await scim.patch(user.id, [
      { op: "Replace", path: 'emails[type eq "work"].value', value: "ellen@contoso.example" },
      { op: "Replace", path: "name.familyName", value: "Reckert-Smith" },
      { op: "Add", path: `${SCIM_ENTERPRISE}:department`, value: "People" },
    ]);
    expect(expectUser(patched)).toMatchObject({
      emails: [{ value: "ellen@contoso.example" }],
      name: { familyName: "Reckert-Smith" },
      [SCIM_ENTERPRISE]: { department: "People" },
    });

    const id = Number(user.id);
    const licenseId = await withPasswordAndSeat(id);
    const signedIn = await login(userName);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;

    const disabled = await scim.patch(user.id, [{ op: "Replace", path: "active", value: "False" }]);
    expect(expectUser(disabled).active).toBe(false);

    // Cannot sign in, and the open session has ended.
    expect((await login(userName)).statusCode).toBe(401);
    const status = await t.request({ method: "GET", url: "/api/auth/status", cookie });
    expect(status.json().authenticated).toBe(false);
    // Hold: the seat is kept, and the person waits for review.
    const seats = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(
        and(eq(licenseAssignments.licenseId, licenseId), eq(licenseAssignments.isActive, true)),
      );
    expect(seats).toHaveLength(1);
    const held = await t.app.db
      .select()
      .from(scimHeldOffboardings)
      .where(eq(scimHeldOffboardings.userId, id));
    expect(held).toHaveLength(1);

    const waiting = await t.request({
      method: "GET",
      url: "/api/scim-held-offboardings",
      cookie: adminCookie,
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          userId: id,
          username: userName,
          holdings: [{ kind: "license_seat", count: 1 }],
          link: `/users?item=${id}`,
        }),
      ],
    });

    // An administrator finishes the offboarding later: the seat released, the review gone.
    const holdings = await t.request({
      method: "GET",
      url: `/api/users/${id}/holdings`,
      cookie: adminCookie,
    });
    expect(holdings.statusCode, holdings.body).toBe(200);
    const items = (holdings.json() as { items: Array<{ kind: string; id: number }> }).items;
    const finish = await t.request({
      method: "POST",
      url: `/api/users/${id}/offboard`,
      payload: {
        decisions: items.map((item) => ({ kind: item.kind, id: item.id, action: "release" })),
      },
      cookie: adminCookie,
    });
    expect(finish.statusCode, finish.body).toBe(200);
    expect(
      await t.app.db.select().from(scimHeldOffboardings).where(eq(scimHeldOffboardings.userId, id)),
    ).toHaveLength(0);
    const after = await t.request({
      method: "GET",
      url: "/api/scim-held-offboardings",
      cookie: adminCookie,
    });
    expect(after.json()).toEqual({ total: 0, items: [] });

    // Every change is the SCIM token's.
    const logged = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.area, "users"), eq(activityLog.itemId, id)));
    const bySCIM = logged.filter((row) => row.via === "scim");
    expect(bySCIM.length).toBeGreaterThanOrEqual(3);
    expect(
      bySCIM.every(
        (row) => row.userId === null && JSON.stringify(row.detail).includes(`"id":${tokenId}`),
      ),
    ).toBe(true);
  });
});

describe("Okta's sequence", () => {
  it("pages, looks up, creates, replaces with PUT and deactivates with a path-less PATCH (release policy)", async () => {
    await setPolicy("release");
    const test = await scim.send("GET", "/Users?startIndex=1&count=2");
    const page = listOfUsers.parse(test.body);
    expect(page.itemsPerPage).toBeLessThanOrEqual(2);

    const userName = "isaac.brock@okta.example";
    const lookup = listOfUsers.parse(
      (await scim.findByUserName(userName, "&startIndex=1&count=100")).body,
    );
    expect(lookup.totalResults).toBe(0);
    const user = expectUser(
      await scim.createUser({
        userName,
        name: { givenName: "Isaac", familyName: "Brock" },
        emails: [{ primary: true, value: userName, type: "work" }],
        displayName: "Isaac Brock",
        active: true,
      }),
      201,
    );
    const replaced = await scim.send("PUT", `/Users/${user.id}`, {
      ...user,
      name: { givenName: "Isaac", familyName: "Brock Jr" },
    });
    expect(expectUser(replaced).name?.familyName).toBe("Brock Jr");

    const id = Number(user.id);
    const licenseId = await withPasswordAndSeat(id);
    const off = await scim.patch(user.id, [{ op: "replace", value: { active: false } }]);
    expect(expectUser(off).active).toBe(false);
    expect((await login(userName)).statusCode).toBe(401);
    // Release: the seat is ended (kept inactive, as an offboarding does) and the offboarding
    // recorded as SCIM's.
    const liveSeats = () =>
      t.app.db
        .select()
        .from(licenseAssignments)
        .where(
          and(eq(licenseAssignments.licenseId, licenseId), eq(licenseAssignments.isActive, true)),
        );
    expect(await liveSeats()).toHaveLength(0);
    const [offboarding] = await t.app.db
      .select()
      .from(offboardings)
      .where(eq(offboardings.userId, id));
    expect(offboarding).toMatchObject({
      performedByUserId: null,
      performedByName: "SCIM (Entra ID)",
    });

    // Re-activation restores sign-in, not the seat.
    const on = await scim.patch(user.id, [{ op: "replace", value: { active: true } }]);
    expect(expectUser(on).active).toBe(true);
    expect((await login(userName)).statusCode).toBe(200);
    expect(await liveSeats()).toHaveLength(0);
  });
});

describe("filters, paging and errors", () => {
  it("filters by externalId and e-mail, pages with startIndex/count, refuses other filters", async () => {
    const made: ScimUser[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        expectUser(
          await scim.createUser({
            userName: `pager${i}@example.com`,
            externalId: `ext-pager-${i}`,
            emails: [{ value: `pager${i}@example.com`, type: "work" }],
          }),
          201,
        ),
      );
    }
    const byExternal = listOfUsers.parse(
      (await scim.send("GET", `/Users?filter=${encodeURIComponent('externalId eq "ext-pager-1"')}`))
        .body,
    );
    expect(byExternal.Resources.map((u) => u.id)).toEqual([made[1]!.id]);
    const byEmail = listOfUsers.parse(
      (
        await scim.send(
          "GET",
          `/Users?filter=${encodeURIComponent('emails[type eq "work"].value eq "pager2@example.com"')}`,
        )
      ).body,
    );
    expect(byEmail.Resources.map((u) => u.id)).toEqual([made[2]!.id]);
    const byValue = listOfUsers.parse(
      (
        await scim.send(
          "GET",
          `/Users?filter=${encodeURIComponent('emails.value eq "PAGER0@example.com"')}`,
        )
      ).body,
    );
    expect(byValue.Resources.map((u) => u.id)).toEqual([made[0]!.id]);

    const all = listOfUsers.parse((await scim.send("GET", "/Users?startIndex=1&count=200")).body);
    const second = listOfUsers.parse((await scim.send("GET", "/Users?startIndex=2&count=2")).body);
    expect(second).toMatchObject({
      totalResults: all.totalResults,
      startIndex: 2,
      itemsPerPage: 2,
    });
    expect(second.Resources.map((u) => u.id)).toEqual(all.Resources.slice(1, 3).map((u) => u.id));

    expectError(
      await scim.send("GET", `/Users?filter=${encodeURIComponent('userName co "pager"')}`),
      400,
      "invalidFilter",
    );
    expectError(await scim.createUser({ userName: "pager0@example.com" }), 409, "uniqueness");
    expectError(await scim.createUser({ displayName: "No userName" }), 400, "invalidValue");
    expectError(await scim.send("GET", "/Users/999999"), 404);
    expectError(await scim.patch(made[0]!.id, [{ op: "remove" }]), 400, "noTarget");
  });

  it("leaves people it did not create alone, unless adopting by e-mail is on", async () => {
    const { user } = await t.signedInUser();
    await t.app.db.update(users).set({ email: "local@example.com" }).where(eq(users.id, user.id));
    expectError(await scim.send("GET", `/Users/${user.id}`), 404);
    expectError(
      await scim.patch(String(user.id), [{ op: "replace", path: "active", value: false }]),
      404,
    );
    expectError(await scim.send("DELETE", `/Users/${user.id}`), 404);
    expectError(
      await scim.createUser({ userName: user.username, emails: [{ value: "local@example.com" }] }),
      409,
      "uniqueness",
    );
    const found = listOfUsers.parse((await scim.findByUserName(user.username)).body);
    expect(found.totalResults).toBe(0);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isActive: true, scimManaged: false });
  });

  it("DELETE deactivates, keeps the record and answers 404 afterwards", async () => {
    await setPolicy("hold");
    const user = expectUser(await scim.createUser({ userName: "leaver@example.com" }), 201);
    const removed = await scim.send("DELETE", `/Users/${user.id}`);
    expect(removed.status).toBe(204);
    expectError(await scim.send("GET", `/Users/${user.id}`), 404);
    const [row] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, Number(user.id)));
    expect(row).toMatchObject({ isActive: false, scimManaged: false });
  });
});

describe("bad input", () => {
  it("answers SCIM errors for a broken body, an odd path and a non-boolean active", async () => {
    const user = expectUser(await scim.createUser({ userName: "odd@example.com" }), 201);
    const broken = await fetch(`${baseUrl}/scim/v2/Users`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${scimToken}`,
        "content-type": "application/scim+json",
      },
      body: "{not json",
    });
    expectError({ status: broken.status, body: await broken.json() }, 400, "invalidSyntax");
    expectError(
      await scim.patch(user.id, [{ op: "replace", path: 'emails[value co "x"]', value: "y" }]),
      400,
      "invalidPath",
    );
    expectError(
      await scim.patch(user.id, [{ op: "replace", path: "active", value: "maybe" }]),
      400,
      "invalidValue",
    );
    expectError(
      await scim.patch(user.id, [{ op: "move", path: "active", value: true }]),
      400,
      "invalidValue",
    );
    // "True" as a string re-activates (Entra ID's older behaviour).
    expect(
      expectUser(await scim.patch(user.id, [{ op: "Replace", path: "active", value: "True" }]))
        .active,
    ).toBe(true);
  });
});

describe("the SCIM administration routes", () => {
  it("refuse an ordinary user every one of them", async () => {
    const { cookie } = await t.signedInUser();
    const calls = [
      { method: "GET", url: "/api/scim-tokens" },
      { method: "DELETE", url: "/api/scim-tokens/1" },
      { method: "GET", url: "/api/scim-settings" },
      { method: "PUT", url: "/api/scim-settings", payload: { deprovisionPolicy: "release" } },
      { method: "GET", url: "/api/scim-held-offboardings" },
    ] as const;
    for (const call of calls) {
      const answer = await t.request({ ...call, cookie });
      expect(answer.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe("tokens", () => {
  it("are for administrators, listed without the token, and refused once revoked", async () => {
    const { cookie } = await t.signedInUser();
    const refused = await t.request({
      method: "POST",
      url: "/api/scim-tokens",
      payload: { name: "x" },
      cookie,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.request({
      method: "POST",
      url: "/api/scim-tokens",
      payload: { name: "Okta" },
      cookie: adminCookie,
    });
    const { id, token } = created.json() as { id: number; token: string };
    expect(token).toMatch(/^qms_[A-Za-z0-9_-]{43}$/);
    const list = await t.request({ method: "GET", url: "/api/scim-tokens", cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.slice(4));
    const client = new ScimClient(baseUrl, token);
    expect((await client.send("GET", "/Users?count=1")).status).toBe(200);
    const revoke = await t.request({
      method: "DELETE",
      url: `/api/scim-tokens/${id}`,
      cookie: adminCookie,
    });
    expect(revoke.statusCode).toBe(204);
    expectError(await client.send("GET", "/Users?count=1"), 401);
    expectError(await new ScimClient(baseUrl, "qms_nope").send("GET", "/Users"), 401);
  });
});
