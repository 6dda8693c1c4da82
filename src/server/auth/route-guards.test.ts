// Walks every registered /api route as anonymous, ordinary user and administrator, so a route
// that forgets its guard (or grants too much) fails here rather than in production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { isErrorCode } from "../../domain/error-codes";
import { enforceRouteGuards } from "../http/route-guard-enforcement";
import { requireAdmin, requireUser } from "./guards";

let t: TestApp;
let userCookie: string;
let userId: number;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({
    cookie: userCookie,
    user: { id: userId },
  } = await t.signedInUser());
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

const PUBLIC_ROUTES = [
  "GET /api/auth/status",
  "POST /api/auth/login",
  "GET /api/health",
  "POST /api/auth/webauthn/login/options",
  "POST /api/auth/webauthn/login/verify",
  // The sign-in's second step: a pending sign-in's cookie, not a session.
  "POST /api/auth/two-factor/verify",
  "POST /api/auth/two-factor/cancel",
  "GET /api/auth/google",
  "GET /api/auth/google/callback",
  "GET /api/auth/google/status",
  "GET /api/auth/oidc",
  "GET /api/auth/oidc/callback",
  "GET /api/auth/oidc/status",
  // A calendar client reading a private feed: the token in the address is the credential.
  "GET /api/calendar-feed/:file",
];

// Concrete URLs: ':id' becomes another user's id (or the caller's own for selfOrAdmin checks).
const urlFor = (template: string, id: number) => template.replace(/:[A-Za-z]+/g, String(id));

describe("every /api route has the right guard", () => {
  it("registers routes with their access level", () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(5);
    const publicOnes = t.app.apiRoutes
      .filter((route) => route.access === "public")
      .map((route) => `${route.method} ${route.url}`);
    expect(publicOnes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it("answers 401 to anonymous callers on every non-public route", async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== "public")) {
      const response = await t.request({
        method: route.method as "GET",
        url: urlFor(route.url, 1),
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code, `${route.method} ${route.url}`).toBe("UNAUTHORIZED");
    }
  });

  it("answers 403 to an ordinary user on administrator routes and on other users' records", async () => {
    for (const route of t.app.apiRoutes.filter(
      (r) => r.access === "admin" || r.access === "selfOrAdmin",
    )) {
      const response = await t.request({
        method: route.method as "GET",
        url: urlFor(route.url, userId + 1000),
        payload: {},
        cookie: userCookie,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().code, `${route.method} ${route.url}`).toBe("FORBIDDEN");
    }
  });

  it("lets an administrator past every guard (whatever the handler then answers)", async () => {
    // Logout last: it ends the session the walk uses.
    const routes = t.app.apiRoutes
      .filter((r) => r.access !== "public" && r.method !== "DELETE")
      .sort((a, b) => Number(a.url === "/api/auth/logout") - Number(b.url === "/api/auth/logout"));
    for (const route of routes) {
      const response = await t.request({
        method: route.method as "GET",
        url: urlFor(route.url, 999999),
        payload: {},
        cookie: adminCookie,
      });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expect(isErrorCode(response.json().code), `${route.method} ${route.url}`).toBe(true);
      }
    }
  });

  it("holds whatever the spelling of the path: percent-encoded letters reach the same guard", async () => {
    // '/api/licenses/1' → '/%61pi/%6cicenses/1': the router decodes it to the same route.
    const encoded = (url: string) =>
      url.replace(/^\/api\/(.)/, (_match, letter: string) => {
        const hex = letter.charCodeAt(0).toString(16);
        return `/%61pi/%${hex}`;
      });
    for (const route of t.app.apiRoutes.filter((r) => r.access !== "public")) {
      const what = `${route.method} ${encoded(route.url)}`;
      const anonymous = await t.request({
        method: route.method as "GET",
        url: encoded(urlFor(route.url, 1)),
        payload: {},
      });
      expect(anonymous.statusCode, what).toBe(401);
      expect(anonymous.headers["cache-control"], what).toBe("no-store");
      if (route.access === "admin" || route.access === "selfOrAdmin") {
        const ordinary = await t.request({
          method: route.method as "GET",
          url: encoded(urlFor(route.url, userId + 1000)),
          payload: {},
          cookie: userCookie,
        });
        expect(ordinary.statusCode, what).toBe(403);
      }
      // A state-changing request from another site is refused under any spelling (CSRF).
      if (!["GET", "HEAD"].includes(route.method)) {
        const crossSite = await t.app.inject({
          method: route.method as "POST",
          url: encoded(urlFor(route.url, 1)),
          headers: { origin: "https://evil.example", cookie: adminCookie },
          payload: {},
        });
        expect(crossSite.statusCode, what).toBe(403);
      }
    }
  });

  it("refuses to register a route without a guard, and runs guards before validation", async () => {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    app.decorate("apiRoutes", []);
    enforceRouteGuards(app);
    expect(() => app.get("/api/unguarded", async () => ({}))).toThrow(
      /must have exactly one guard/,
    );
    expect(() =>
      app.get("/api/twice", { preHandler: [requireUser, requireAdmin] }, async () => ({})),
    ).toThrow(/must have exactly one guard/);
    app.post(
      "/api/guarded",
      { preHandler: requireAdmin, schema: { body: { type: "object", required: ["x"] } } },
      async () => ({}),
    );
    const response = await app.inject({ method: "POST", url: "/api/guarded", payload: {} });
    expect(response.statusCode).toBe(401);
    expect(app.apiRoutes).toEqual([
      { method: "POST", url: "/api/guarded", access: "admin", schema: expect.anything() },
    ]);
    await app.close();
  });
});
