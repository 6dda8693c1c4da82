// Deeply nested bodies (issue 27): refused with a 400 before anything walks them, on the
// anonymous routes as on every other, and no walk of client input recurses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-body";
import { nulPath } from "./validation";

const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, at the limit and one past it", () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan("[[1],[2],[3],[4]]", 2)).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ a: "[[[[[[[[" }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'x\\"[[[[', b: "\\" }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(["\\", [[1]]]), 2)).toBe(true);
  });
});

describe("nulPath", () => {
  it("walks a value far deeper than the call stack allows", () => {
    let value: unknown = "x\u0000";
    for (let depth = 0; depth < 200_000; depth++) value = [value];
    const path = nulPath(value);
    expect(path).toHaveLength(200_000);
    expect(path?.every((key) => key === 0)).toBe(true);
  });

  it("names the first field holding U+0000 as a person reads the body", () => {
    expect(nulPath({ a: "ok", b: ["ok", { c: "x\u0000" }], d: "\u0000" })).toEqual(["b", 1, "c"]);
    expect(nulPath({ a: { "k\u0000": 1 } })).toEqual(["a", "k\u0000"]);
    expect(nulPath({ a: ["fine"] })).toBeUndefined();
  });
});

describe("a deeply nested body", () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
  });
  afterAll(() => t.close());

  const deepBody = nested(10_000);

  it("is refused with a 400 on the anonymous sign-in, while another request is answered", async () => {
    const [deep, status] = await Promise.all([
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        payload: deepBody,
      }),
      t.app.inject({ method: "GET", url: "/api/auth/status" }),
    ]);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: "JSON_TOO_DEEP" });
    expect(status.statusCode).toBe(200);
  });

  it("is refused on a body as large as the limit allows", async () => {
    // 1 MB of brackets: half a million levels.
    const response = await t.request({
      method: "POST",
      url: "/api/licenses",
      cookie: adminCookie,
      headers: { "content-type": "application/json" },
      payload: nested(500_000, ""),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "JSON_TOO_DEEP" });
  });

  it("is refused in a scope with a JSON parser of its own (the hosting fetch)", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/hosting/fetch-latest",
      cookie: adminCookie,
      headers: { "content-type": "application/json" },
      payload: deepBody,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "JSON_TOO_DEEP" });
  });

  it("at the limit is parsed and checked by the route's schema as usual", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      payload: `{"username":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("still refuses prototype poisoning as Fastify does", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      payload: '{"username":"a","password":"b","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });
});
