// Assign Multiple Users offers only people the assignment can serve (issue 35): the All Users
// list's `assignable` filter leaves out whoever's assignment address on the default organization
// already has a G Suite account, and its SQL address is the domain rule's (assignmentEmailFor).
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { assignmentEmailFor } from "../../domain/gsuite";
import type {
  AssignGsuiteUsersResponse,
  GsuiteUserResponse,
  PlanResponse,
} from "../../domain/schemas/gsuite";
import { users } from "../db/schema";
import { assignmentEmailSql } from "./assignment-email-sql";

let t: TestApp;
let admin: SignedIn;
const DOMAIN = "assign.test";

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

const call = (method: "GET" | "POST", url: string, payload?: object) =>
  t.request({ method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

async function post(url: string, payload: object) {
  const response = await call("POST", url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe("the assignable filter", () => {
  it("leaves out those whose address is taken, and assigning the rest succeeds for all", async () => {
    await post("/api/gsuite-organizations", { name: "Assign Test", domain: DOMAIN });
    const plan = (await post("/api/gsuite-plans", {
      name: "Assignable Plan",
      basePrice: 6,
      currency: "AUD",
      billingCycle: "monthly",
    })) as PlanResponse;
    const other = (await post("/api/gsuite-plans", {
      name: "Other Plan",
      basePrice: 9,
      currency: "AUD",
      billingCycle: "monthly",
    })) as PlanResponse;
    const db = t.app.db;
    const ownAddress = await createUser(db, { username: "own", email: "Own@Assign.Test" });
    const elsewhere = await createUser(db, { username: "bee", email: "bee@elsewhere.test" });
    const free = await createUser(db, { username: "free", email: "free@assign.test" });
    const noEmail = await createUser(db, { username: "noemail", email: null });
    // Taken on another plan (own address, any case) or by an account nobody holds (username).
    await post("/api/gsuite-accounts", {
      email: "own@assign.test",
      organization: DOMAIN,
      planType: other.name,
      price: 9,
    });
    await post("/api/gsuite-accounts", {
      email: "BEE@assign.test",
      organization: DOMAIN,
      planType: other.name,
      price: 9,
    });

    const listed = await call(
      "GET",
      `/api/gsuite-users?limit=500&active=true&assignable=true&withoutPlanId=${plan.id}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = (listed.json() as GsuiteUserResponse[]).map((row) => row.id);
    expect(ids).toContain(free.id);
    expect(ids).toContain(noEmail.id);
    expect(ids).not.toContain(ownAddress.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(Number(listed.headers["x-total-count"])).toBe(ids.length);

    // Everyone it offers is assigned.
    const assigned = (await post("/api/gsuite-accounts/assign", {
      planId: plan.id,
      userIds: ids,
    })) as AssignGsuiteUsersResponse;
    expect(assigned.results.filter((result) => result.outcome !== "created")).toEqual([]);
  });

  it("gives the address the domain rule gives, for every user", async () => {
    const db = t.app.db;
    await createUser(db, { username: "Mixed.Case", email: "someone@ASSIGN.test" });
    await createUser(db, { username: "sub", email: "sub@mail.assign.test" });
    await createUser(db, { username: "two", email: "odd@name@assign.test" });
    const rows = await db
      .select({
        username: users.username,
        email: users.email,
        address: assignmentEmailSql(` ${DOMAIN.toUpperCase()} `),
      })
      .from(users)
      .where(inArray(users.username, ["Mixed.Case", "sub", "two", "own", "bee", "noemail"]));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.address, row.username).toBe(assignmentEmailFor(row, ` ${DOMAIN.toUpperCase()} `));
    }
  });

  it("refuses a value other than true or false", async () => {
    const response = await call("GET", "/api/gsuite-users?assignable=yes");
    expect(response.statusCode).toBe(400);
  });
});
