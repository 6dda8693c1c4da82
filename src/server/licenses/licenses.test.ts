import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, todayIso } from "../../domain/dates";
import type { LicenseResponse } from "../../domain/schemas/licenses";
import { licenseAssignments, licenses } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let alice: { user: { id: number }; cookie: string };
let bob: { user: { id: number }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  alice = await t.signedInUser();
  bob = await t.signedInUser();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const names = (body: LicenseResponse[]) => body.map((license) => license.name);

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

describe("POST /api/licenses", () => {
  it("refuses anonymous callers and ordinary users", async () => {
    const payload = { name: "X", licenseKey: "K-1234" };
    expect((await t.request({ method: "POST", url: "/api/licenses", payload })).statusCode).toBe(
      401,
    );
    const asUser = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload,
      cookie: alice.cookie,
    });
    expect(asUser.statusCode).toBe(403);
  });

  it("creates a license with the spec's defaults and returns only the masked key", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload: { name: "  SEO Spider Team ", licenseKey: " ABCD-EFGH-IJKL-MNOP " },
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain("ABCD-EFGH-IJKL-MNOP");
    const body = response.json();
    expect(body).toMatchObject({
      name: "SEO Spider Team",
      licenseType: "multi-user",
      licenseKeyMasked: "XXXX-XXXX-XXXX-MNOP",
      product: "SEO Spider",
      status: "Active",
      totalSeats: 5,
      assignedSeats: 0,
      seatsLeft: 5,
      purchaseDate: null,
      expiryDate: null,
      paymentAmount: null,
      paymentCurrency: "USD",
      paymentFrequency: "annually",
      autoRenew: false,
      renewalStatus: "manual",
      username: null,
      orderId: null,
      notes: null,
    });
    expect(body).not.toHaveProperty("licenseKey");
    expect(body).not.toHaveProperty("licenseKeyCiphertext");
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it("accepts the form's strings for numbers and every field", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload: {
        name: "Full",
        licenseType: "enterprise",
        licenseKey: "FULL-KEY-0001",
        username: "seo@example.com",
        orderId: "ORD-7",
        product: "Log File Analyser",
        status: "Pending",
        totalSeats: "12",
        purchaseDate: "2025-01-15",
        expiryDate: "2026-01-15",
        paymentAmount: "259.50",
        paymentCurrency: "GBP",
        paymentFrequency: "monthly",
        autoRenew: true,
        renewalStatus: "auto",
        notes: "  billing via card  ",
      },
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      licenseType: "enterprise",
      username: "seo@example.com",
      orderId: "ORD-7",
      product: "Log File Analyser",
      status: "Pending",
      totalSeats: 12,
      seatsLeft: 12,
      purchaseDate: "2025-01-15",
      expiryDate: "2026-01-15",
      paymentAmount: 259.5,
      paymentCurrency: "GBP",
      paymentFrequency: "monthly",
      autoRenew: true,
      renewalStatus: "auto",
      notes: "billing via card",
    });
  });

  it.each([
    [{ name: undefined }, "name", "Name is required"],
    [{ name: "   ", licenseKey: "K-1234" }, "name", "Name is required"],
    [{ licenseKey: undefined }, "licenseKey", "License key is required"],
    [{ name: "X", licenseKey: "   " }, "licenseKey", "License key is required"],
    [
      { name: "X", licenseKey: "K".repeat(501) },
      "licenseKey",
      "License key must be at most 500 characters",
    ],
    [{ totalSeats: 0 }, "totalSeats", "Total seats must be a positive integer"],
    [{ totalSeats: -3 }, "totalSeats", "Total seats must be a positive integer"],
    [{ totalSeats: 1.5 }, "totalSeats", "Total seats must be a positive integer"],
    [{ totalSeats: "abc" }, "totalSeats", "Total seats must be a positive integer"],
    [{ totalSeats: 100_001 }, "totalSeats", "Total seats must be at most 100000"],
    [
      { paymentAmount: -0.01 },
      "paymentAmount",
      "Payment amount must be a valid number, 0 or greater",
    ],
    [
      { paymentAmount: "abc" },
      "paymentAmount",
      "Payment amount must be a valid number, 0 or greater",
    ],
    [
      { paymentAmount: true },
      "paymentAmount",
      "Payment amount must be a valid number, 0 or greater",
    ],
    [{ paymentAmount: 1e12 }, "paymentAmount", "Payment amount is too large"],
    [
      { paymentCurrency: "JPY" },
      "paymentCurrency",
      "Payment currency must be USD, AUD, EUR or GBP",
    ],
    [
      { renewalStatus: "sometimes" },
      "renewalStatus",
      "Renewal status must be auto, manual or cancelled",
    ],
    [
      { licenseType: "site" },
      "licenseType",
      "License type must be single-user, multi-user, team or enterprise",
    ],
    [
      { paymentFrequency: "biweekly" },
      "paymentFrequency",
      "Payment frequency must be daily, weekly, monthly, quarterly, annually or one-time",
    ],
    [{ autoRenew: "yes" }, "autoRenew", "Auto-renew must be true or false"],
    [{ expiryDate: "2025-02-30" }, "expiryDate", "Must be a date in the form YYYY-MM-DD"],
    [{ purchaseDate: "15/01/2025" }, "purchaseDate", "Must be a date in the form YYYY-MM-DD"],
  ])("rejects %j with %s: %s", async (fields, path, message) => {
    const response = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload: { name: "Valid", licenseKey: "VALID-KEY-1", ...fields },
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)[path]).toBe(message);
  });

  it("accepts 0 as a payment amount and a blank amount as none", async () => {
    const zero = await createLicenseViaApi(t, admin.cookie, { paymentAmount: "0" });
    expect(zero.paymentAmount).toBe(0);
    const blank = await createLicenseViaApi(t, admin.cookie, { paymentAmount: "" });
    expect(blank.paymentAmount).toBeNull();
  });

  it("answers a malformed body with 400, not 500", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload: "{not json",
      headers: { "content-type": "application/json" },
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(400);
    const array = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload: [1, 2],
      cookie: admin.cookie,
    });
    expect(array.statusCode).toBe(400);
  });

  it("stores the key only as ciphertext", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, {
      licenseKey: "RAW-DB-CHECK-9876",
    });
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row!.licenseKeyCiphertext).not.toContain("RAW-DB-CHECK-9876");
    expect(row!.licenseKeyCiphertext).not.toContain("9876");
    expect(row!.licenseKeyCiphertext).toMatch(/^v1:/);
    expect(row!.licenseKeyMasked).toBe("XXX-XX-XXXXX-9876");
    expect(t.app.secrets.open(row!.licenseKeyCiphertext)).toBe("RAW-DB-CHECK-9876");
    // Nothing in the whole row (any column) holds the clear key.
    expect(JSON.stringify(row)).not.toContain("RAW-DB-CHECK");
  });
});

describe("GET /api/licenses", () => {
  let shared: Awaited<ReturnType<typeof createLicenseViaApi>>;
  let hidden: Awaited<ReturnType<typeof createLicenseViaApi>>;

  beforeAll(async () => {
    shared = await createLicenseViaApi(t, admin.cookie, {
      name: "Visible Suite",
      licenseKey: "VISIBLE-ZZTOP-4321",
      totalSeats: 3,
    });
    hidden = await createLicenseViaApi(t, admin.cookie, {
      name: "Hidden Suite",
      licenseKey: "HIDDEN-QQXYZ-8765",
    });
    await assignViaApi(t, admin.cookie, shared.id, alice.user.id);
    const ended = await assignViaApi(t, admin.cookie, hidden.id, alice.user.id);
    await t.request({
      method: "PATCH",
      url: `/api/assignments/${ended.id}/deactivate`,
      cookie: admin.cookie,
    });
    await assignViaApi(t, admin.cookie, shared.id, bob.user.id);
  });

  it("needs a session", async () => {
    expect((await get("/api/licenses")).statusCode).toBe(401);
  });

  it("gives administrators every license with seat counts", async () => {
    const response = await get("/api/licenses", admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json() as LicenseResponse[];
    const visible = body.find((license) => license.id === shared.id)!;
    expect(visible).toMatchObject({ totalSeats: 3, assignedSeats: 2, seatsLeft: 1 });
    const other = body.find((license) => license.id === hidden.id)!;
    expect(other).toMatchObject({ assignedSeats: 0, seatsLeft: 5 });
    expect(body.length).toBe((await t.app.db.select().from(licenses)).length);
  });

  it("gives an ordinary user only licenses they hold an active seat of", async () => {
    const response = await get("/api/licenses", alice.cookie);
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(["Visible Suite"]);
    const nobody = await t.signedInUser();
    expect((await get("/api/licenses", nobody.cookie)).json()).toEqual([]);
  });

  it("never includes a clear key, even when searching by it", async () => {
    for (const cookie of [admin.cookie, alice.cookie]) {
      const all = await get("/api/licenses", cookie);
      expect(all.body).not.toContain("VISIBLE-ZZTOP-4321");
      expect(all.body).not.toContain("HIDDEN-QQXYZ");
      expect(all.body).not.toContain("v1:");
      const search = await get("/api/licenses?search=zztop", cookie);
      expect(names(search.json())).toEqual(["Visible Suite"]);
      expect(search.body).not.toContain("VISIBLE-ZZTOP");
      expect(search.body).toContain("XXXXXXX-XXXXX-4321");
    }
  });

  it("searches names and keys case-insensitively", async () => {
    expect(names((await get("/api/licenses?search=hidden%20suite", admin.cookie)).json())).toEqual([
      "Hidden Suite",
    ]);
    expect(names((await get("/api/licenses?search=qqxyz-87", admin.cookie)).json())).toEqual([
      "Hidden Suite",
    ]);
    expect((await get("/api/licenses?search=no-such-thing", admin.cookie)).json()).toEqual([]);
  });

  it("does not let a user find other licenses through their keys", async () => {
    const search = await get("/api/licenses?search=QQXYZ", alice.cookie);
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([]);
  });

  it("validates the query", async () => {
    const response = await get("/api/licenses?status=soon&sort=price&order=up", admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toMatchObject({
      status: "Status must be all, active, expiring or expired",
    });
    expect((await get("/api/licenses?today=2025-13-01", admin.cookie)).statusCode).toBe(400);
  });
});

describe("status filter and sorting", () => {
  const today = "2025-06-15";
  let viewer: { user: { id: number }; cookie: string };

  beforeAll(async () => {
    viewer = await t.signedInUser();
    const rows: [string, string | null, string, number | null, string][] = [
      ["F-Active31", addDays(today, 31), "manual", 120, "annually"], // 10/month
      ["F-Expiring30", addDays(today, 30), "manual", 30, "monthly"], // 30/month
      ["F-Expiring0", today, "cancelled", 10, "weekly"], // 43.3/month
      ["F-Expired1", addDays(today, -1), "manual", null, "annually"],
      ["F-Auto", addDays(today, -10), "auto", 100, "one-time"], // 8.33/month
      ["F-NoExpiry", null, "manual", 12, "monthly"], // 12/month
    ];
    for (const [name, expiryDate, renewalStatus, paymentAmount, paymentFrequency] of rows) {
      const license = await createLicenseViaApi(t, admin.cookie, {
        name,
        expiryDate,
        renewalStatus,
        paymentAmount,
        paymentFrequency,
      });
      await assignViaApi(t, admin.cookie, license.id, viewer.user.id);
    }
  });

  const list = async (query: string) => {
    const response = await get(`/api/licenses?today=${today}&${query}`, viewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return names(response.json());
  };

  it("filters by the shared status rule", async () => {
    expect(await list("status=active")).toEqual(["F-Active31", "F-Auto"]);
    expect(await list("status=expiring")).toEqual(["F-Expiring0", "F-Expiring30"]);
    expect(await list("status=expired")).toEqual(["F-Expired1", "F-NoExpiry"]);
    expect(await list("status=all")).toHaveLength(6);
  });

  // Without a search the list's statement is prepared once per shape: each request must get its
  // own day and its own viewer's licenses, never the first caller's.
  it("answers each request's own day and viewer through the statement it reuses", async () => {
    const expiring = async (day: string, cookie = viewer.cookie) => {
      const response = await get(`/api/licenses?today=${day}&status=expiring&limit=50`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return names(response.json());
    };
    expect(await expiring(today)).toEqual(["F-Expiring0", "F-Expiring30"]);
    expect(await expiring(addDays(today, 31))).toEqual(["F-Active31"]);
    const other = await t.signedInUser();
    expect(await expiring(today, other.cookie)).toEqual([]);
    expect(await expiring(today)).toEqual(["F-Expiring0", "F-Expiring30"]);
  });

  it("counts, skips the count, reads whole and counts past the end with one shape's statements", async () => {
    const expired = async (path: string, query: string) => {
      const response = await get(`${path}?today=${today}&status=expired&${query}`, viewer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return { names: names(response.json()), total: response.headers["x-total-count"] };
    };
    for (const path of ["/api/licenses", `/api/users/${viewer.user.id}/licenses`]) {
      expect(await expired(path, "limit=1&withTotal=false")).toEqual({
        names: ["F-Expired1"],
        total: undefined,
      });
      expect(await expired(path, "limit=1")).toEqual({ names: ["F-Expired1"], total: "2" });
      expect(await expired(path, "")).toEqual({
        names: ["F-Expired1", "F-NoExpiry"],
        total: undefined,
      });
      expect(await expired(path, "limit=1&offset=5&withTotal=false")).toEqual({
        names: [],
        total: "2",
      });
    }
  });

  it("uses the server's date when the client sends none", async () => {
    for (const status of ["active", "expiring", "expired"]) {
      const implicit = await get(`/api/licenses?status=${status}`, viewer.cookie);
      const explicit = await get(
        `/api/licenses?status=${status}&today=${todayIso()}`,
        viewer.cookie,
      );
      expect(implicit.statusCode).toBe(200);
      expect(names(implicit.json())).toEqual(names(explicit.json()));
    }
  });

  it("sorts by name, expiry date (missing last) and monthly cost in USD (missing last)", async () => {
    expect(await list("sort=name")).toEqual([
      "F-Active31",
      "F-Auto",
      "F-Expired1",
      "F-Expiring0",
      "F-Expiring30",
      "F-NoExpiry",
    ]);
    expect(await list("sort=name&order=desc")).toEqual([
      "F-NoExpiry",
      "F-Expiring30",
      "F-Expiring0",
      "F-Expired1",
      "F-Auto",
      "F-Active31",
    ]);
    expect(await list("sort=expiryDate")).toEqual([
      "F-Auto",
      "F-Expired1",
      "F-Expiring0",
      "F-Expiring30",
      "F-Active31",
      "F-NoExpiry",
    ]);
    expect(await list("sort=expiryDate&order=desc")).toEqual([
      "F-Active31",
      "F-Expiring30",
      "F-Expiring0",
      "F-Expired1",
      "F-Auto",
      "F-NoExpiry",
    ]);
    expect(await list("sort=cost")).toEqual([
      "F-Auto",
      "F-Active31",
      "F-NoExpiry",
      "F-Expiring30",
      "F-Expiring0",
      "F-Expired1",
    ]);
    expect(await list("sort=cost&order=desc")).toEqual([
      "F-Expiring0",
      "F-Expiring30",
      "F-NoExpiry",
      "F-Active31",
      "F-Auto",
      "F-Expired1",
    ]);
  });

  it("compares costs across currencies", async () => {
    const currencyViewer = await t.signedInUser();
    for (const [name, paymentAmount, paymentCurrency] of [
      ["C-USD", 100, "USD"],
      ["C-GBP", 90, "GBP"], // 112.50 USD
      ["C-AUD", 160, "AUD"], // 107.20 USD
    ] as const) {
      const license = await createLicenseViaApi(t, admin.cookie, {
        name,
        paymentAmount,
        paymentCurrency,
        paymentFrequency: "monthly",
      });
      await assignViaApi(t, admin.cookie, license.id, currencyViewer.user.id);
    }
    const response = await get("/api/licenses?sort=cost", currencyViewer.cookie);
    expect(names(response.json())).toEqual(["C-USD", "C-AUD", "C-GBP"]);
  });
});

describe("GET /api/licenses/:id", () => {
  let license: Awaited<ReturnType<typeof createLicenseViaApi>>;

  beforeAll(async () => {
    license = await createLicenseViaApi(t, admin.cookie, { licenseKey: "DETAIL-KEY-5555" });
    await assignViaApi(t, admin.cookie, license.id, bob.user.id);
  });

  it("returns the license, masked, to an administrator and to a seat holder", async () => {
    for (const cookie of [admin.cookie, bob.cookie]) {
      const response = await get(`/api/licenses/${license.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: license.id,
        licenseKeyMasked: "XXXXXX-XXX-5555",
        assignedSeats: 1,
      });
      expect(response.body).not.toContain("DETAIL-KEY");
    }
  });

  it("answers 404 to anyone else, as for a license that does not exist", async () => {
    const other = await get(`/api/licenses/${license.id}`, alice.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: "NOT_FOUND", message: "License not found" });
    expect((await get("/api/licenses/999999", admin.cookie)).statusCode).toBe(404);
    expect((await get(`/api/licenses/${license.id}`)).statusCode).toBe(401);
  });

  it("rejects a malformed id", async () => {
    expect((await get("/api/licenses/abc", admin.cookie)).statusCode).toBe(400);
    expect((await get("/api/licenses/99999999999", admin.cookie)).statusCode).toBe(400);
  });
});

describe("PATCH /api/licenses/:id", () => {
  it("is for administrators only", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const response = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { name: "Mine now" },
      cookie: alice.cookie,
    });
    expect(response.statusCode).toBe(403);
  });

  it("updates the fields sent and keeps the key when the key is blank", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, {
      licenseKey: "KEEP-THIS-KEY-1111",
    });
    const response = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: {
        name: "Renamed",
        licenseKey: "",
        notes: "",
        paymentAmount: "99",
        expiryDate: "2027-03-01",
        renewalStatus: "cancelled",
      },
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Renamed",
      licenseKeyMasked: "XXXX-XXXX-XXX-1111",
      notes: null,
      paymentAmount: 99,
      expiryDate: "2027-03-01",
      renewalStatus: "cancelled",
      totalSeats: 5,
    });
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(t.app.secrets.open(row!.licenseKeyCiphertext)).toBe("KEEP-THIS-KEY-1111");
  });

  it("replaces the key when a new one is sent", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const response = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { licenseKey: "NEW-KEY-2222" },
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("NEW-KEY-2222");
    expect(response.json().licenseKeyMasked).toBe("XXX-XXX-2222");
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(t.app.secrets.open(row!.licenseKeyCiphertext)).toBe("NEW-KEY-2222");
    expect(row!.licenseKeyCiphertext).not.toContain("NEW-KEY");
  });

  it("refuses fewer seats than are assigned, and allows exactly as many", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { totalSeats: 3 });
    await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    await assignViaApi(t, admin.cookie, license.id, bob.user.id);
    const tooFew = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { totalSeats: 1 },
      cookie: admin.cookie,
    });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().code).toBe("SEATS_BELOW_ASSIGNED");
    expect(fieldErrors(tooFew)).toEqual({
      totalSeats: "Total seats cannot be fewer than the 2 seats currently assigned",
    });
    const exact = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { totalSeats: "2" },
      cookie: admin.cookie,
    });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ totalSeats: 2, assignedSeats: 2, seatsLeft: 0 });
  });

  it("validates like the create form, and 404s an unknown license", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const bad = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { totalSeats: 0, paymentAmount: -1, name: "" },
      cookie: admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      totalSeats: "Total seats must be a positive integer",
      paymentAmount: "Payment amount must be a valid number, 0 or greater",
      name: "Name is required",
    });
    const missing = await t.request({
      method: "PATCH",
      url: "/api/licenses/999999",
      payload: { name: "Ghost" },
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("DELETE /api/licenses/:id", () => {
  it("deletes the license and its assignments (administrators only)", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, license.id, alice.user.id);
    const asUser = await t.request({
      method: "DELETE",
      url: `/api/licenses/${license.id}`,
      cookie: alice.cookie,
    });
    expect(asUser.statusCode).toBe(403);
    const response = await t.request({
      method: "DELETE",
      url: `/api/licenses/${license.id}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await get(`/api/licenses/${license.id}`, admin.cookie)).statusCode).toBe(404);
    const left = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.licenseId, license.id));
    expect(left).toEqual([]);
    const again = await t.request({
      method: "DELETE",
      url: `/api/licenses/${license.id}`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("GET /api/users/:id/licenses", () => {
  it("lists a user's licenses to that user and to administrators only", async () => {
    const carol = await t.signedInUser();
    const license = await createLicenseViaApi(t, admin.cookie, { name: "Carol's Tool" });
    await createLicenseViaApi(t, admin.cookie, { name: "Not Carol's" });
    await assignViaApi(t, admin.cookie, license.id, carol.user.id);

    const own = await get(`/api/users/${carol.user.id}/licenses`, carol.cookie);
    expect(own.statusCode).toBe(200);
    expect(names(own.json())).toEqual(["Carol's Tool"]);
    expect(own.body).not.toContain(license.clearKey);

    const byAdmin = await get(`/api/users/${carol.user.id}/licenses`, admin.cookie);
    expect(names(byAdmin.json())).toEqual(["Carol's Tool"]);

    expect((await get(`/api/users/${carol.user.id}/licenses`, alice.cookie)).statusCode).toBe(403);
    expect((await get(`/api/users/${carol.user.id}/licenses`)).statusCode).toBe(401);
  });
});
