// Sends malformed input to every registered route as an administrator: nothing a client can send
// may answer 500, and nothing malformed may be accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { isErrorCode } from "../../domain/error-codes";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

// Each is refused by the id schema itself (400), never read as some other id.
const badIds = [
  "0",
  "-1",
  "abc",
  "1.5",
  "99999999999",
  "%00",
  "1e3",
  "0x10",
  "%2B9",
  "09",
  "9.0",
  "1%20",
  "%201",
  "true",
];
const NUL = "\u0000";
// Every field name any route reads, each holding U+0000.
const nulEverywhere = Object.fromEntries(
  [
    "username",
    "password",
    "fullName",
    "email",
    "department",
    "role",
    "name",
    "licenseKey",
    "orderId",
    "product",
    "status",
    "notes",
    "licenseType",
    "paymentCurrency",
    "paymentFrequency",
    "renewalStatus",
    "purchaseDate",
    "expiryDate",
    "newExpiryDate",
    "previousExpiryDate",
    "newLicenseKey",
    "assignedDate",
    "assignedTo",
    "licenseId",
    "userId",
    "totalSeats",
    "paymentAmount",
    "renewalAmount",
  ].map((field) => [field, `x${NUL}y`]),
);
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
  {
    label: "deep nesting",
    payload: `{"name":${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
    contentType: "application/json",
  },
  {
    label: "U+0000 in every field",
    payload: JSON.stringify(nulEverywhere),
    contentType: "application/json",
  },
  {
    label: "strict numbers",
    payload: JSON.stringify({
      licenseId: "0x10",
      userId: "1e3",
      totalSeats: "+9",
      paymentAmount: "1 ",
      renewalAmount: 0.001,
    }),
    contentType: "application/json",
  },
];

describe("malformed input on every route", () => {
  it("never answers 500 to malformed ids, bodies or queries", async () => {
    // Logout last: it would end the session the walk uses.
    const routes = t.app.apiRoutes.filter((route) => route.url !== "/api/auth/logout");
    for (const route of routes) {
      const hasId = route.url.includes(":");
      const urls = hasId
        ? badIds.map((id) => route.url.replace(/:[A-Za-z]+/g, id))
        : [
            `${route.url}?search=%25_%5C&status=bogus&sort=nope&order=sideways&today=2026-13-40&licenseId=x`,
            `${route.url}?search=a%00b`,
            `${route.url}?limit=0x10&offset=1e3&licenseId=%2B9&licenseIds=09,1%20&active=1`,
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
          if (response.statusCode >= 400) {
            expect(isErrorCode(response.json().code), what).toBe(true);
          }
          if (body) {
            expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
          }
          // A bad id is refused as such (400); a form-encoded body is refused first (415).
          if (hasId && body?.contentType !== "application/x-www-form-urlencoded") {
            expect(response.statusCode, what).toBe(400);
          }
        }
      }
    }
  });
});

// Every field of every route's body and query that takes a number, found from the route's own
// schema (so the areas added later are walked too), is sent each way of writing a number that
// is not one, alone: it must be refused as that field (400 naming it), not read as some number.
const notWholeNumbers: unknown[] = ["0x10", "1e3", "+9", "09", "9.0", "1 ", " 1", true];
// Money may be written '9.0' (decision 0013), but not with more than two decimals.
const notAmounts: unknown[] = ["0x10", "1e3", "+9", "09", "1 ", " 1", true, 0.001, "0.001"];

/** The object schema under a route schema (a body may be an object piped into a refinement). */
function shapeOf(schema: unknown): Record<string, z.ZodType> | undefined {
  let current = schema as { _zod?: { def?: { in?: unknown; innerType?: unknown } } } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    current = (current._zod?.def?.in ?? current._zod?.def?.innerType) as typeof current;
  }
  return undefined;
}

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** How a field takes numbers: whole (ids, counts), amount (decimals), ids separated by commas
 * in one string, or an array of them; undefined when it takes no number. */
function numberKind(field: z.ZodType) {
  const scalar = (value: unknown) => accepts(field, value);
  const list = (value: unknown) => accepts(field, [value]);
  for (const [take, inList] of [
    [scalar, false],
    [list, true],
  ] as const) {
    if ((take(7) || take("7")) && !take("abc")) {
      const kind = take(1.5) || take("1.5") ? "amount" : take("7,8") ? "commaList" : "whole";
      return { kind, inList } as const;
    }
  }
  return undefined;
}

describe("strict numbers in every numeric field", () => {
  it("refuses each non-number in each body and query field that takes a number", async () => {
    let checked = 0;
    const accepted: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.url !== "/api/auth/logout")) {
      const url = route.url.replace(/:[A-Za-z]+/g, "1");
      for (const part of ["body", "querystring"] as const) {
        const shape = shapeOf(route.schema?.[part]);
        for (const [field, fieldSchema] of Object.entries(shape ?? {})) {
          const number = numberKind(fieldSchema);
          if (!number) continue;
          const bads =
            number.kind === "amount"
              ? notAmounts
              : number.kind === "commaList"
                ? // '3, 17' is a list with a space after the comma (pagination.test.ts).
                  notWholeNumbers.filter((bad) => typeof bad !== "string" || bad.trim() === bad)
                : notWholeNumbers;
          for (const bad of bads) {
            const value = number.inList ? [bad] : bad;
            const response =
              part === "body"
                ? await t.request({
                    method: route.method as "POST",
                    url,
                    payload: { [field]: value },
                    cookie: adminCookie,
                  })
                : await t.request({
                    method: route.method as "GET",
                    url: `${url}?${field}=${encodeURIComponent(String(bad))}`,
                    cookie: adminCookie,
                  });
            const what = `${route.method} ${route.url} ${part}.${field} = ${JSON.stringify(value)}`;
            const body = response.json() as { code?: string; errors?: { path: string }[] };
            const namesField = (body.errors ?? []).some(
              (error) => error.path === field || error.path.startsWith(`${field}.`),
            );
            if (response.statusCode !== 400 || body.code !== "VALIDATION_FAILED" || !namesField) {
              accepted.push(
                `${what} → ${response.statusCode} ${JSON.stringify(body.errors ?? body)}`,
              );
            }
            checked++;
          }
        }
      }
    }
    expect(accepted).toEqual([]);
    // The walk found the numeric fields (ids, seats, amounts, paging) rather than none.
    expect(checked).toBeGreaterThan(100);
  });
});

// Text that names a property every object inherits: a lookup table indexed by it as an object
// read Object.prototype (a hardware type '__proto__' answered 500) or a function ('constructor'
// was stored as 'other'). Each field of each body and query gets each name, alone.
const prototypeNames = ["__proto__", "constructor", "toString", "hasOwnProperty"];

describe("property names of Object.prototype as values", () => {
  it("does not read a hardware type named after one as a type", async () => {
    // Its own administrator: the walk below may change the first one's password (id 1).
    const { cookie: adminCookie } = await t.signedInUser({ role: "admin" });
    for (const name of prototypeNames) {
      const created = await t.request({
        method: "POST",
        url: "/api/hardware",
        cookie: adminCookie,
        payload: { name: "Probe", type: name, status: "available" },
      });
      expect(created.statusCode, name).toBe(400);
      const listed = await t.request({
        method: "GET",
        url: `/api/hardware?type=${name}`,
        cookie: adminCookie,
      });
      expect(listed.statusCode, name).toBe(400);
    }
  });

  it("never answers 5xx, in any field of any body or query, nor as an id", async () => {
    let walker = (await t.signedInUser({ role: "admin" })).cookie;
    let checked = 0;
    const failed: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.url !== "/api/auth/logout")) {
      const send = async (
        what: string,
        options: { url: string; payload?: Record<string, unknown> },
      ) => {
        const once = () =>
          t.request({ method: route.method as "POST", cookie: walker, ...options });
        let response = await once();
        // A value taken as a password of the walker's own account (PATCH /api/users/:id) ends its
        // sessions: a new administrator goes on, so that no later route is walked signed out.
        if (response.statusCode === 401) {
          ({ cookie: walker } = await t.signedInUser({ role: "admin" }));
          response = await once();
        }
        if (response.statusCode >= 500) failed.push(`${what} → ${response.statusCode}`);
        checked++;
      };
      if (route.url.includes(":")) {
        for (const name of prototypeNames) {
          await send(`${route.method} ${route.url} id ${name}`, {
            url: route.url.replace(/:[A-Za-z]+/g, name),
          });
        }
      }
      const url = route.url.replace(/:[A-Za-z]+/g, "1");
      for (const part of ["body", "querystring"] as const) {
        const shape = shapeOf(route.schema?.[part]);
        for (const [field, fieldSchema] of Object.entries(shape ?? {})) {
          // Every field, not only free text: an enum or a type read through a table of
          // spellings (the hardware type) refuses 'abc' but looked the value up first.
          const inList = accepts(fieldSchema, []) || accepts(fieldSchema, ["abc"]);
          for (const name of prototypeNames) {
            const what = `${route.method} ${route.url} ${part}.${field} = ${name}`;
            await send(
              what,
              part === "body"
                ? { url, payload: { [field]: inList ? [name] : name } }
                : { url: `${url}?${field}=${name}` },
            );
          }
        }
      }
    }
    expect(failed).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
