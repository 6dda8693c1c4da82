// An edit that changes nothing on every PATCH route of the OpenAPI document, as an administrator,
// on a record that exists (a 404 would prove nothing): `{}`, only unknown keys, a UTF-8 byte
// order mark before `{}`, and a blank secret ("keep it", what an edit form sends when its secret
// field was left alone). None may answer 5xx (Drizzle's `.set({})` threw "No values to set", a
// 500 on five routes). On an edit route (PATCH /api/<area>/{id}) each is a no-op: 200, the row
// exactly as it was (updated_at too) and no activity record. The action routes
// (PATCH .../{id}/<verb>) act on `{}`, or refuse it with a 400, and the PUT routes (settings
// replaced whole) refuse it: those are only held to no 5xx.
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { activityMark, activitySince } from "../../../tests/support/activity";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import {
  accounts,
  directories,
  gsuiteAccounts,
  gsuiteOrganizations,
  gsuitePlans,
  hardware,
  licenses,
  notificationChannels,
  trustReviews,
  users,
} from "../db/schema";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let patchPaths: string[];
let putPaths: string[];

beforeAll(async () => {
  // Loopback receivers allowed, so a notification channel can be made without the network.
  ({ t, admin, user } = await appWithAdminAndUser({ WEBHOOKS_ALLOW_LOCAL: "true" }));
  const response = await t.request({
    method: "GET",
    url: "/api/openapi.json",
    cookie: admin.cookie,
  });
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, Record<string, unknown>> };
  const pathsWith = (method: string) =>
    Object.entries(document.paths)
      .filter(([, operations]) => operations[method])
      .map(([path]) => path);
  patchPaths = pathsWith("patch");
  putPaths = pathsWith("put");
});
afterAll(() => t.close());

async function created(url: string, payload: object, cookie = admin.cookie): Promise<number> {
  const response = await t.request({ method: "POST", url, payload, cookie });
  expect(response.statusCode, `POST ${url}: ${response.body}`).toBe(201);
  return (response.json() as { id: number }).id;
}

let serial = 0;
const next = () => ++serial;

const newLicense = async () => (await createLicenseViaApi(t, admin.cookie)).id;
const newHardware = () =>
  created("/api/hardware", {
    name: `Dock ${next()}`,
    type: "docking-station",
    identifier: `EE-${serial}`,
  });
const newOrganization = () =>
  created("/api/gsuite-organizations", { name: `Org ${next()}`, domain: `org${serial}.test` });
const newTrustReview = async () =>
  created("/api/trust-reviews", {
    licenseId: await newLicense(),
    clientName: `Client ${next()}`,
    assignedDate: "2026-01-01",
  });
const newHardwareRequest = async () =>
  created(
    "/api/hardware-requests",
    {
      type: "existing",
      hardwareId: await newHardware(),
      reason: "My current one stopped working last week.",
    },
    user.cookie,
  );

interface Target {
  id: number;
  /** Edit routes: the row that must stay exactly as it was. */
  table?: PgTable & { id: AnyPgColumn };
}

/**
 * A real record for each PATCH route, by its OpenAPI path. A PATCH route added without one here
 * fails the walk, so it cannot go unchecked.
 */
const targets: Record<string, () => Promise<Target>> = {
  "/api/users/{id}": async () => ({ id: (await createUser(t.app.db)).id, table: users }),
  "/api/licenses/{id}": async () => ({ id: await newLicense(), table: licenses }),
  "/api/assignments/{id}/deactivate": async () => ({
    id: (await assignViaApi(t, admin.cookie, await newLicense(), user.user.id)).id,
  }),
  "/api/hardware/{id}": async () => ({ id: await newHardware(), table: hardware }),
  "/api/hardware-requests/{id}/approve": async () => ({ id: await newHardwareRequest() }),
  "/api/hardware-requests/{id}/reject": async () => ({ id: await newHardwareRequest() }),
  "/api/accounts/{id}": async () => ({
    id: (await createAccountViaApi(t, admin.cookie)).id,
    table: accounts,
  }),
  "/api/account-assignments/{id}/deactivate": async () => {
    const account = await createAccountViaApi(t, admin.cookie);
    return { id: (await assignAccountViaApi(t, admin.cookie, account.id, user.user.id)).id };
  },
  "/api/directories/{id}": async () => ({
    id: await created("/api/directories", {
      name: `Listing ${next()}`,
      paymentAmount: 100,
      nextPaymentDate: "2030-01-01",
    }),
    table: directories,
  }),
  "/api/gsuite-organizations/{id}": async () => ({
    id: await newOrganization(),
    table: gsuiteOrganizations,
  }),
  "/api/gsuite-plans/{id}": async () => ({
    id: await created("/api/gsuite-plans", {
      name: `Plan ${next()}`,
      basePrice: 6,
      currency: "USD",
    }),
    table: gsuitePlans,
  }),
  "/api/gsuite-accounts/{id}": async () => {
    const domain = `org${next()}.test`;
    const organizationId = await created("/api/gsuite-organizations", { name: domain, domain });
    const planId = await created("/api/gsuite-plans", {
      name: `Plan ${next()}`,
      basePrice: 6,
      currency: "USD",
    });
    return {
      id: await created("/api/gsuite-accounts", {
        email: `person${serial}@${domain}`,
        password: `Secret-${serial}-9311`,
        organizationId,
        planId,
      }),
      table: gsuiteAccounts,
    };
  },
  "/api/notification-channels/{id}": async () => ({
    id: await created("/api/notification-channels", {
      kind: "webhook",
      name: `Channel ${next()}`,
      url: "http://127.0.0.1:9/hook",
      events: [],
    }),
    table: notificationChannels,
  }),
  "/api/trust-reviews/{id}": async () => ({ id: await newTrustReview(), table: trustReviews }),
  "/api/trust-reviews/{id}/approval": async () => ({ id: await newTrustReview() }),
  "/api/trust-reviews/{id}/status": async () => ({ id: await newTrustReview() }),
};

/** Secret fields: an edit form never holds the secret, so it sends one blank to keep it. */
const SECRET_FIELDS = ["password", "licenseKey"];

type Method = "PATCH" | "PUT";

/** The route's body fields, from the registered route's own schema. */
function bodyFieldsOf(method: Method, path: string): string[] {
  const url = path.replace(/\{([A-Za-z]+)\}/g, ":$1");
  const route = t.app.apiRoutes.find((r) => r.method === method && r.url === url);
  const body = route?.schema?.body as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(body?.shape ?? {});
}

const BOM = "\uFEFF";

function emptyEditsFor(path: string, method: Method = "PATCH") {
  const edits = [
    { label: "{}", payload: "{}" },
    { label: "only an unknown key", payload: JSON.stringify({ unknownKey: 1 }) },
    { label: "a byte order mark, then {}", payload: `${BOM}{}` },
  ];
  for (const field of SECRET_FIELDS.filter((name) => bodyFieldsOf(method, path).includes(name))) {
    edits.push({ label: `a blank ${field}`, payload: JSON.stringify({ [field]: "" }) });
  }
  return edits;
}

const isEditRoute = (path: string) => /^\/api\/[a-z-]+\/\{id\}$/.test(path);

async function rowOf(table: NonNullable<Target["table"]>, id: number) {
  const [row] = await t.app.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown> | undefined;
}

describe("an edit that changes nothing", () => {
  it("finds the PATCH routes in the OpenAPI document, each with a record to edit", () => {
    expect(patchPaths.filter(isEditRoute).sort()).toEqual(
      [
        "/api/accounts/{id}",
        "/api/directories/{id}",
        "/api/gsuite-accounts/{id}",
        "/api/gsuite-organizations/{id}",
        "/api/gsuite-plans/{id}",
        "/api/hardware/{id}",
        "/api/licenses/{id}",
        "/api/notification-channels/{id}",
        "/api/trust-reviews/{id}",
        "/api/users/{id}",
      ].sort(),
    );
    expect(patchPaths.filter((path) => !targets[path])).toEqual([]);
  });

  it("is a no-op on every edit route: 200, the row as it was, no activity record", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const path of patchPaths.filter(isEditRoute)) {
      const target = await targets[path]!();
      const url = path.replace("{id}", String(target.id));
      for (const edit of emptyEditsFor(path)) {
        const what = `PATCH ${url} with ${edit.label}`;
        const before = await rowOf(target.table!, target.id);
        expect(before, what).toBeDefined();
        const mark = await activityMark(t.app.db);
        const response = await t.request({
          method: "PATCH",
          url,
          cookie: admin.cookie,
          payload: edit.payload,
          headers: { "content-type": "application/json" },
        });
        checked++;
        // A parser may refuse the byte order mark (400); an answer to it is never a 5xx.
        if (edit.payload.startsWith(BOM) && response.statusCode === 400) continue;
        if (response.statusCode !== 200) {
          failures.push(`${what} → ${response.statusCode} ${response.body}`);
          continue;
        }
        expect((response.json() as { id: number }).id, what).toBe(target.id);
        const after = await rowOf(target.table!, target.id);
        const changed = Object.keys(before!).filter(
          (column) => JSON.stringify(after?.[column]) !== JSON.stringify(before![column]),
        );
        if (changed.length > 0) failures.push(`${what} changed ${changed.join(", ")}`);
        const records = await activitySince(t.app.db, mark);
        if (records.length > 0) {
          failures.push(`${what} recorded ${records.map((r) => r.action).join(", ")}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // {}, an unknown key and the byte order mark on ten routes, and four blank secrets (the
    // passwords of users, office and G Suite accounts; a license's key).
    expect(checked).toBe(10 * 3 + 4);
  });

  it("answers no 5xx on the action and PUT routes, whatever empty edit they get", async () => {
    const routes = [
      ...patchPaths
        .filter((path) => !isEditRoute(path))
        .map((path) => ({ method: "PATCH" as const, path })),
      ...putPaths.map((path) => ({ method: "PUT" as const, path })),
    ];
    expect(routes.filter((route) => route.method === "PUT").length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const url = path.includes("{id}")
        ? path.replace("{id}", String((await targets[path]!()).id))
        : path;
      for (const edit of emptyEditsFor(path, method)) {
        const response = await t.request({
          method,
          url,
          cookie: admin.cookie,
          payload: edit.payload,
          headers: { "content-type": "application/json" },
        });
        if (response.statusCode >= 500) {
          failures.push(`${method} ${url} with ${edit.label} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
