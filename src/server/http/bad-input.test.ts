// Sends malformed input to every registered route as an administrator: nothing a client can send
// may answer 500, and nothing malformed may be accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

const badIds = ["0", "-1", "abc", "1.5", "99999999999", "%00", "1e3"];
const badBodies: { label: string; payload: string; contentType: string }[] = [
  { label: "invalid JSON", payload: "{not json", contentType: "application/json" },
  { label: "JSON null", payload: "null", contentType: "application/json" },
  { label: "JSON array", payload: "[1,2]", contentType: "application/json" },
  { label: "JSON string", payload: '"text"', contentType: "application/json" },
  {
    label: "wrong types",
    payload: JSON.stringify({
      username: 42,
      password: ["x"],
      licenseId: "many",
      userId: { id: 1 },
      totalSeats: -3,
      paymentAmount: "lots",
      expiryDate: "2026-02-30",
      renewalAmount: 0,
      isActive: "yes",
      role: "root",
    }),
    contentType: "application/json",
  },
  { label: "form encoding", payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
];

describe("malformed input on every route", () => {
  it("never answers 500 to malformed ids, bodies or queries", async () => {
    // Logout last: it would end the session the walk uses.
    const routes = t.app.apiRoutes.filter((route) => route.url !== "/api/auth/logout");
    for (const route of routes) {
      const urls = route.url.includes(":")
        ? badIds.map((id) => route.url.replace(/:[A-Za-z]+/g, id))
        : [
            `${route.url}?search=%25_%5C&status=bogus&sort=nope&order=sideways&today=2026-13-40&licenseId=x`,
          ];
      for (const url of urls) {
        const bodies =
          route.method === "GET" || route.method === "DELETE" ? [undefined] : badBodies;
        for (const body of bodies) {
          const response = await t.request({
            method: route.method as "POST",
            url,
            cookie: adminCookie,
            ...(body
              ? { payload: body.payload, headers: { "content-type": body.contentType } }
              : {}),
          });
          const what = `${route.method} ${url} ${body?.label ?? ""}`;
          expect(response.statusCode, what).toBeLessThan(500);
          if (body) {
            expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
          }
        }
      }
    }
  });
});
