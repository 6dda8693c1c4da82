// The OpenAPI document: valid OpenAPI 3.1 by a standard validator, and complete: every /api route
// the application registers (collected with an onRoute hook while the app is built) is in it,
// with its guard, its security and its error answers.
import { compileErrors, validate } from "@readme/openapi-parser";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { sessionOnlyInputRoutes, sessionOnlyRoutes } from "../api-tokens/session-only";
import { operationIdOf } from "./operation-ids";

let t: TestApp;
let userCookie: string;
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};
interface Operation {
  "x-guard"?: string;
  "x-session-only"?: boolean;
  "x-session-only-when"?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema: { $ref?: string } }>;
      headers?: Record<string, { description?: string; schema: unknown }>;
    }
  >;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== "HEAD") registered.push({ method, url: route.url });
        }
      },
    },
  );
  ({ cookie: userCookie } = await t.signedInUser());
  const response = await t.request({ method: "GET", url: "/api/openapi.json", cookie: userCookie });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** '/api/licenses/:id' as OpenAPI writes it: '/api/licenses/{id}'. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("passes a full validator (schema and rules the schema cannot say) with no error or warning", async () => {
    // @readme/openapi-parser also checks what the JSON schema cannot: unique operationIds, path
    // parameters declared and used, no duplicate parameters, component names, $refs that resolve.
    const result = await validate(structuredClone(document) as never, {
      resolve: { external: false },
    });
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(result.warnings).toEqual([]);
  });

  it("has every registered /api route, and nothing that is not one", () => {
    const apiRoutes = registered.filter((route) => route.url.startsWith("/api/"));
    expect(apiRoutes.length).toBeGreaterThan(90);
    const missing = apiRoutes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      [...new Set(apiRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`))].sort(),
    );
  });

  it("names each route's guard as the guard check recorded it", () => {
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const what = `${route.method} ${route.url}`;
      expect(operation["x-guard"], what).toBe(route.access);
      if (route.access === "public") expect(operation.security, what).toEqual([]);
      else expect(operation.security, what).toContainEqual({ session: [] });
      const sessionOnly = sessionOnlyRoutes().includes(`${route.method} ${route.url}`);
      if (route.access !== "public" && !sessionOnly) {
        expect(operation.security, what).toContainEqual({ bearerToken: [] });
      }
    }
  });

  it("marks the routes an API token may not call, each of which exists", () => {
    const registeredRoutes = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    for (const entry of sessionOnlyRoutes()) {
      expect(registeredRoutes, entry).toContain(entry);
      const [method, url] = entry.split(" ") as [string, string];
      const operation = document.paths[openApiPath(url)]![method.toLowerCase()]!;
      expect(operation["x-session-only"], entry).toBe(true);
      expect(operation.security, entry).not.toContainEqual({ bearerToken: [] });
    }
    for (const entry of sessionOnlyInputRoutes()) {
      expect(registeredRoutes, entry).toContain(entry);
      const [method, url] = entry.split(" ") as [string, string];
      const operation = document.paths[openApiPath(url)]![method.toLowerCase()]!;
      expect(operation["x-session-only-when"], entry).toMatch(/\w/);
      // A token may call it with other input.
      expect(operation.security, entry).toContainEqual({ bearerToken: [] });
    }
    expect(document.paths["/api/users/{id}"]!.patch!["x-session-only-when"]).toContain("password");
    expect(document.components.securitySchemes.bearerToken).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
  });

  it("lists the error answers with the one error body", () => {
    const ref = "#/components/schemas/ErrorResponse";
    const errorBody = (operation: Operation, status: string) =>
      operation.responses[status]?.content?.["application/json"]?.schema.$ref;
    expect(document.components.schemas.ErrorResponse).toBeDefined();
    const licenses = document.paths["/api/licenses/{id}"]!;
    // An administrator's write with an id: every error it can answer.
    for (const status of ["400", "401", "403", "404", "409", "503"]) {
      expect(errorBody(licenses.patch!, status), `PATCH ${status}`).toBe(ref);
    }
    expect(licenses.patch!.responses["429"]).toBeUndefined();
    // A sign-in route is throttled; the login route keeps its own error body (success: false).
    expect(document.paths["/api/auth/login"]!.post!.responses["429"]).toBeDefined();
    expect(errorBody(document.paths["/api/auth/login"]!.post!, "401")).not.toBe(ref);
    expect(licenses.patch!.responses["404"]!.description).toContain("NOT_FOUND");
    // Across all operations: the answers follow from the guard, the method and the inputs.
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const what = `${route.method} ${route.url}`;
      const has = (status: string) => operation.responses[status] !== undefined;
      expect(has("503"), what).toBe(true);
      if (route.access !== "public") expect(errorBody(operation, "401"), what).toBe(ref);
      if (route.access === "admin") expect(errorBody(operation, "403"), what).toBe(ref);
      if (route.url.includes(":")) expect(has("404"), what).toBe(true);
      const hasInput = (operation.parameters?.length ?? 0) > 0 || !!operation.requestBody;
      expect(has("400"), what).toBe(hasInput);
    }
  });

  it("describes requests and answers from the routes' zod schemas", () => {
    const create = document.paths["/api/licenses"]!.post!;
    const body = JSON.stringify(create.requestBody);
    expect(body).toContain("totalSeats");
    expect(body).toContain("licenseKey");
    const list = document.paths["/api/licenses"]!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["search", "limit", "offset"]),
    );
  });

  it("documents a paged list's total headers, and which list estimates its total", () => {
    const headersOf = (path: string) => document.paths[path]!.get!.responses["200"]!.headers;
    // A list on the keyset kit (after/before/fromEnd) names its pages' cursors too.
    for (const path of [
      "/api/licenses",
      "/api/assignments",
      "/api/activity",
      "/api/users",
      "/api/directories",
      "/api/hardware",
    ]) {
      expect(Object.keys(headersOf(path) ?? {}), path).toEqual([
        "X-Total-Count",
        "X-Total-Count-Estimated",
        "X-Next-Cursor",
        "X-Prev-Cursor",
      ]);
    }
    // The G Suite All Users list still pages by offset alone.
    expect(Object.keys(headersOf("/api/gsuite-users") ?? {})).toEqual([
      "X-Total-Count",
      "X-Total-Count-Estimated",
    ]);
    expect(headersOf("/api/activity")!["X-Total-Count-Estimated"]!.schema).toEqual({
      type: "string",
      enum: ["true"],
    });
    expect(document.paths["/api/activity"]!.get!.description).toContain("estimate");
    expect(document.paths["/api/licenses"]!.get!.description ?? "").not.toContain("estimate");
    // Not a paged list: no total.
    expect(headersOf("/api/licenses/{id}")).toBeUndefined();
  });

  it("is for signed-in users only", async () => {
    for (const url of ["/api/openapi.json", "/api/docs", "/api/docs/swagger-ui-bundle.js"]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe("the documentation page", () => {
  it("serves Swagger UI reading the document, with nothing inline", async () => {
    const page = await t.request({ method: "GET", url: "/api/docs", cookie: userCookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).not.toMatch(/<script>|<style>|style=/);
    const script = await t.request({ method: "GET", url: "/api/docs/docs.js", cookie: userCookie });
    expect(script.body).toContain('url: "/api/openapi.json"');
    const bundle = await t.request({
      method: "GET",
      url: "/api/docs/swagger-ui-bundle.js",
      cookie: userCookie,
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["content-type"]).toContain("text/javascript");
    expect(bundle.body).toContain("SwaggerUIBundle");
    const css = await t.request({
      method: "GET",
      url: "/api/docs/swagger-ui.css",
      cookie: userCookie,
    });
    expect(css.headers["content-type"]).toContain("text/css");
  });
});

describe("operationIds", () => {
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        id: (operation as { operationId?: string }).operationId,
      })),
    );

  it("names every operation once, as a JavaScript identifier", () => {
    const all = operations();
    expect(all.filter(({ id }) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(all.map(({ id }) => id)).size).toBe(all.length);
  });

  it("derives each from the method and the route alone, so it stays the same", () => {
    const idOf = (key: string) => operations().find((operation) => operation.key === key)?.id;
    expect(idOf("GET /api/licenses")).toBe("getLicenses");
    expect(idOf("GET /api/licenses/{id}")).toBe("getLicensesById");
    expect(idOf("POST /api/imports/{area}/preview")).toBe("postImportsByAreaPreview");
    expect(idOf("GET /api/users/{id}/offboard/checklist.pdf")).toBe(
      "getUsersByIdOffboardChecklistPdf",
    );
    expect(operationIdOf("DELETE", "/api/gsuite-users/:userId")).toBe("deleteGsuiteUsersByUserId");
  });
});

describe("files in the document", () => {
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const okTypes = (path: string, method = "get") =>
    Object.keys(document.paths[path]?.[method]?.responses["200"]?.content ?? {});

  it("declares the import uploads as CSV or a workbook", () => {
    for (const path of ["/api/imports/{area}", "/api/imports/{area}/preview"]) {
      const body = document.paths[path]!.post!.requestBody as { content: object };
      expect(Object.keys(body.content)).toEqual(["text/csv", XLSX]);
    }
  });

  it("serves every download with a Content-Type its operation declares", async () => {
    const { cookie } = await t.signedInUser({ role: "admin" });
    const feed = await t.request({
      method: "POST",
      url: "/api/calendar-feed",
      cookie,
      payload: {},
    });
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL((feed.json() as { url: string }).url).pathname;
    const downloads = Object.keys(document.paths).filter((path) =>
      okTypes(path).some((type) => type !== "application/json"),
    );
    // Each download's address with real values; the checklist needs an offboarding, so its type
    // is checked where one is made (offboarding/checklist.test.ts).
    const requests = (path: string): string[] => {
      if (path === "/api/users/{id}/offboard/checklist.pdf") return [];
      if (path === "/api/calendar-feed/{file}") return [feedPath];
      if (path === "/api/imports/{area}/template") return ["/api/imports/licenses/template"];
      const formats = path === "/api/export/all" ? ["zip", "xlsx", "pdf"] : ["csv", "xlsx", "pdf"];
      // A required choice other than the format (the expenses' source) takes its first value.
      const required = (document.paths[path]!.get!.parameters ?? []) as {
        in: string;
        name: string;
        required?: boolean;
        schema?: { enum?: string[] };
      }[];
      const extra = required
        .filter((p) => p.in === "query" && p.required && p.name !== "format" && p.schema?.enum)
        .map((p) => `&${p.name}=${p.schema!.enum![0]}`)
        .join("");
      return formats.map((format) => `${path}?format=${format}${extra}`);
    };
    expect(downloads.length).toBeGreaterThan(10);
    expect(okTypes("/api/users/{id}/offboard/checklist.pdf")).toEqual(["application/pdf"]);
    const served: { path: string; type: string; declared: string[] }[] = [];
    for (const path of downloads) {
      for (const url of requests(path)) {
        const response = await t.request({ method: "GET", url, cookie });
        expect(response.statusCode, url).toBe(200);
        const type = String(response.headers["content-type"]).split(";")[0]!;
        served.push({ path, type, declared: okTypes(path) });
      }
    }
    expect(served.filter(({ type, declared }) => !declared.includes(type))).toEqual([]);
    // Every declared type is served by some request (an export's three formats each).
    const unserved = downloads.flatMap((path) =>
      okTypes(path)
        .filter((type) => !served.some((s) => s.path === path && s.type === type))
        .map((type) => `${path} ${type}`),
    );
    expect(unserved).toEqual(["/api/users/{id}/offboard/checklist.pdf application/pdf"]);
  });
});

describe("a client generator", () => {
  it("turns the document into TypeScript with no warning, each operation under its id", async () => {
    const { default: openapiTS, astToString } = await import("openapi-typescript");
    const warnings: unknown[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => {
      warnings.push(args);
    });
    const error = vi.spyOn(console, "error").mockImplementation((...args) => {
      warnings.push(args);
    });
    try {
      const source = astToString(await openapiTS(structuredClone(document) as never));
      expect(source).toContain("getLicensesById: {");
      expect(source).toContain('"text/csv": string;');
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    expect(warnings).toEqual([]);
  });
});
