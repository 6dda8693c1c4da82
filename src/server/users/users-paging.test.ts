// GET /api/users through the list kit: paged (limit/offset with X-Total-Count), searched and
// sorted in SQL; without limit and offset still the whole array the Users page reads today.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { UserResponse } from "../../domain/schemas/users";

let t: TestApp;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin", username: "pg-admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "pg-plain" }));
  // Mixed case and blank names, so the order's case folding and "blanks last" both show.
  const people: [string, string | null, string, string][] = [
    ["delta", "Dora Delta", "dora@corp.example", "Finance"],
    ["Bravo", "bob bravo", "bob@corp.example", "Logistics"],
    ["alpha", null, "al@other.example", "Finance"],
    ["charlie", "Carla Charlie", "carla@corp.example", "Sales"],
    ["echo", "Eve Echo", "eve@corp.example", "Logistics"],
  ];
  for (const [username, fullName, email, department] of people) {
    await createUser(t.app.db, { username, fullName, email, department });
  }
});
afterAll(() => t.close());

async function list(url: string, cookie = adminCookie) {
  const response = await t.request({ method: "GET", url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  const total = response.headers["x-total-count"];
  return {
    usernames: (response.json() as UserResponse[]).map((user) => user.username),
    body: response.json() as UserResponse[],
    total: total === undefined ? undefined : Number(total),
  };
}

describe("GET /api/users", () => {
  it("answers the whole list without limit or offset, as before, without a total", async () => {
    const { usernames, total } = await list("/api/users");
    expect(usernames).toEqual([
      "alpha",
      "Bravo",
      "charlie",
      "delta",
      "echo",
      "pg-admin",
      "pg-plain",
    ]);
    expect(total).toBeUndefined();
  });

  it("pages in a stable order with the total in X-Total-Count", async () => {
    const first = await list("/api/users?limit=3");
    const second = await list("/api/users?limit=3&offset=3");
    const third = await list("/api/users?limit=3&offset=6");
    expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
    expect([...first.usernames, ...second.usernames, ...third.usernames]).toEqual(
      (await list("/api/users")).usernames,
    );
    // Past the end: no rows, and still the true total.
    expect(await list("/api/users?limit=3&offset=50")).toMatchObject({ usernames: [], total: 7 });
  });

  it("skips the count with withTotal=false, unless the page itself tells the total", async () => {
    const counted = await list("/api/users?limit=3&offset=3");
    // A full page: the total is the caller's to keep; same rows as the counted page.
    const kept = await list("/api/users?limit=3&offset=3&withTotal=false");
    expect(kept).toMatchObject({ usernames: counted.usernames, total: undefined });
    // A short page ends the list: offset + rows, without counting.
    expect(await list("/api/users?limit=3&offset=6&withTotal=false")).toMatchObject({
      usernames: ["pg-plain"],
      total: 7,
    });
    // An empty page past the end is counted, so a screen can move back to the last page.
    expect(await list("/api/users?limit=3&offset=30&withTotal=false")).toMatchObject({
      usernames: [],
      total: 7,
    });
    // true or blank: counted as without it.
    expect((await list("/api/users?limit=3&withTotal=true")).total).toBe(7);
    expect((await list("/api/users?limit=3&withTotal=")).total).toBe(7);
  });

  it("searches username, name, e-mail and department in the database, case-insensitively", async () => {
    expect(await list("/api/users?search=LOGISTICS&limit=10")).toMatchObject({
      usernames: ["Bravo", "echo"],
      total: 2,
    });
    expect((await list("/api/users?search=other.example&limit=10")).usernames).toEqual(["alpha"]);
    expect((await list("/api/users?search=carla&limit=10")).usernames).toEqual(["charlie"]);
    expect((await list("/api/users?search=brav")).usernames).toEqual(["Bravo"]);
    // LIKE wildcards are searched for literally.
    expect(await list("/api/users?search=%25&limit=10")).toMatchObject({ usernames: [], total: 0 });
  });

  it("sorts by name with blank names last either way, and by username descending", async () => {
    const byName = await list("/api/users?sort=fullName&limit=5");
    expect(byName.usernames).toEqual(["Bravo", "charlie", "delta", "echo", "pg-admin"]);
    const byNameDesc = await list("/api/users?sort=fullName&order=desc");
    expect(byNameDesc.usernames.at(-1)).toBe("alpha");
    const byUsernameDesc = await list("/api/users?order=desc&limit=2");
    expect(byUsernameDesc.usernames).toEqual(["pg-plain", "pg-admin"]);
  });

  it("never sends a password hash in a list", async () => {
    const { body } = await list("/api/users?limit=50");
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);
  });

  it("refuses bad paging with the kit's messages and ordinary users outright", async () => {
    for (const [query, message] of [
      ["limit=0", "Limit must be a whole number from 1 to 500"],
      ["limit=1e2", "Limit must be a whole number from 1 to 500"],
      ["offset=-1", "Offset must be a whole number from 0 to 2147483647"],
      ["sort=password", "Sort must be username, fullName or createdAt"],
      ["order=up", "Order must be asc or desc"],
      ["active=maybe", "active must be true or false"],
      ["role=owner", "Role must be admin or user"],
      ["withTotal=no", "withTotal must be true or false"],
    ]) {
      const response = await t.request({
        method: "GET",
        url: `/api/users?${query}`,
        cookie: adminCookie,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    const forbidden = await t.request({
      method: "GET",
      url: "/api/users?limit=5",
      cookie: userCookie,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  // Last: it adds people, which the totals above do not count.
  it("narrows to active people with active=true (the assign dialogs' pickers), searched and paged", async () => {
    await createUser(t.app.db, { username: "picker-on", department: "Pickers" });
    await createUser(t.app.db, { username: "picker-off", department: "Pickers", isActive: false });
    expect(await list("/api/users?search=pickers&limit=10")).toMatchObject({
      usernames: ["picker-off", "picker-on"],
      total: 2,
    });
    expect(await list("/api/users?search=pickers&active=true&limit=10")).toMatchObject({
      usernames: ["picker-on"],
      total: 1,
    });
    // false or blank is no filter at all.
    expect((await list("/api/users?search=pickers&active=false")).usernames).toHaveLength(2);
    expect((await list("/api/users?search=pickers&active=")).usernames).toHaveLength(2);
  });

  // Last too: it adds people.
  it("narrows to one role with role=admin (the offboarding's approver picker), with active=true", async () => {
    await createUser(t.app.db, { username: "approver-on", department: "Approvers", role: "admin" });
    await createUser(t.app.db, {
      username: "approver-off",
      department: "Approvers",
      role: "admin",
      isActive: false,
    });
    await createUser(t.app.db, { username: "approver-not", department: "Approvers" });
    expect(await list("/api/users?search=approvers&role=admin&limit=10")).toMatchObject({
      usernames: ["approver-off", "approver-on"],
      total: 2,
    });
    expect(await list("/api/users?search=approvers&role=admin&active=true&limit=10")).toMatchObject(
      {
        usernames: ["approver-on"],
        total: 1,
      },
    );
    expect((await list("/api/users?search=approvers&role=user")).usernames).toEqual([
      "approver-not",
    ]);
  });

  // Without a search each shape (filters set, sort, order) is one prepared statement: a request
  // must get its own role, flag and offset, never the first caller's.
  it("answers each request's own filters and offsets through the statements it reuses", async () => {
    const everyone = (await list("/api/users")).body;
    const admins = await list("/api/users?role=admin&limit=50");
    const plain = await list("/api/users?role=user&limit=50");
    expect(admins.usernames).toEqual(
      everyone.filter((u) => u.role === "admin").map((u) => u.username),
    );
    expect(plain.usernames).toEqual(
      everyone.filter((u) => u.role === "user").map((u) => u.username),
    );
    expect([admins.total, plain.total]).toEqual([admins.usernames.length, plain.usernames.length]);
    const activeAdmins = await list("/api/users?role=admin&active=true&limit=50");
    expect(activeAdmins.usernames).not.toContain("approver-off");
    expect(activeAdmins.usernames).toContain("approver-on");

    const names = everyone.map((u) => u.username);
    for (const offset of [2, 4, 6]) {
      expect((await list(`/api/users?limit=2&offset=${offset}&withTotal=false`)).usernames).toEqual(
        names.slice(offset, offset + 2),
      );
    }
    // An empty page past the end is counted by the shape's own count, with the request's role.
    expect(await list("/api/users?role=user&limit=2&offset=500&withTotal=false")).toMatchObject({
      usernames: [],
      total: plain.total,
    });
    expect(await list("/api/users?role=admin&limit=2&offset=500&withTotal=false")).toMatchObject({
      usernames: [],
      total: admins.total,
    });
  });
});
