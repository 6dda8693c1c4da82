// Two instances on one PostgreSQL database (as behind a load balancer) receiving the same SCIM
// create at once, as an identity provider retrying on another instance would: one user, one 409
// uniqueness. And, on either database, SCIM_ADOPT_BY_EMAIL linking an existing person on create.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScimClient, scimErrorSchema, scimUserSchema } from "../../../tests/support/scim-client";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { twoInstancesOnOnePostgres } from "../../../tests/support/two-instances";
import { users } from "../db/schema";

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

async function scimToken(t: TestApp) {
  const { cookie } = await t.signedInUser({ role: "admin" });
  const created = await t.request({
    method: "POST",
    url: "/api/scim-tokens",
    payload: { name: "IdP" },
    cookie,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().token as string;
}

describe.skipIf(!usingPostgres())("two instances", () => {
  const instances = twoInstancesOnOnePostgres();

  it("creating the same userName at once makes one user and answers one 409", async () => {
    const token = await scimToken(instances.a);
    const clients = [
      new ScimClient(await listening(instances.a), token),
      new ScimClient(await listening(instances.b), token),
    ];
    const answers = await Promise.all(
      clients.map((client) => client.createUser({ userName: "twin@example.com" })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409]);
    const conflict = answers.find((answer) => answer.status === 409)!;
    expect(scimErrorSchema.parse(conflict.body).scimType).toBe("uniqueness");
    scimUserSchema.parse(answers.find((answer) => answer.status === 201)!.body);
    const rows = await instances.a.app.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = 'twin@example.com'`);
    expect(rows).toHaveLength(1);
  });
});

describe("SCIM_ADOPT_BY_EMAIL=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SCIM_ADOPT_BY_EMAIL: "true" });
  });
  afterAll(() => t.close());

  it("links the existing person with the same e-mail instead of refusing", async () => {
    const client = new ScimClient(await listening(t), await scimToken(t));
    const { user } = await t.signedInUser();
    await t.app.db.update(users).set({ email: "Mia@Example.com" }).where(eq(users.id, user.id));
    const linked = await client.createUser({
      userName: "mia@example.com",
      externalId: "okta-00u1",
      emails: [{ value: "mia@example.com", primary: true }],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(scimUserSchema.parse(linked.body).id).toBe(String(user.id));
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ scimManaged: true, scimExternalId: "okta-00u1", role: "user" });
  });
});
