// What leaves the server is what the route's response schema names, whatever the service returns.
// The mappers below are replaced by careless ones that add columns to the answer (as a query
// selecting one column too many and spreading its row would): the ciphertext, password hash and
// Google id they add must still never reach the client. An ordinary user gets the narrower
// license shape: no order id, payment or notes (spec part 1, sections 2.7 and 6).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";

vi.mock("./license-response", async (importOriginal) => {
  const original = await importOriginal<typeof import("./license-response")>();
  return {
    ...original,
    toLicenseResponse: (...args: Parameters<typeof original.toLicenseResponse>) => ({
      ...original.toLicenseResponse(...args),
      licenseKeyCiphertext: "LEAKED-CIPHERTEXT",
      updatedAt: new Date().toISOString(),
    }),
  };
});
vi.mock("../users/user-response", async (importOriginal) => {
  const original = await importOriginal<typeof import("../users/user-response")>();
  return {
    ...original,
    toUserResponse: (...args: Parameters<typeof original.toUserResponse>) => ({
      ...original.toUserResponse(...args),
      passwordHash: "LEAKED-HASH",
      googleId: "LEAKED-GOOGLE-ID",
    }),
  };
});

const ADMIN_ONLY_FIELDS = [
  "orderId",
  "paymentAmount",
  "paymentCurrency",
  "paymentFrequency",
  "notes",
  "unusedSeats",
] as const;
const ROW_ONLY_FIELDS = ["licenseKeyCiphertext", "updatedAt"] as const;

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let alice: { user: { id: number }; cookie: string };
let licenseId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  alice = await t.signedInUser();
  const license = await createLicenseViaApi(t, admin.cookie, {
    orderId: "ORD-77",
    notes: "Paid by the marketing budget",
    paymentAmount: 480,
  });
  licenseId = license.id;
  await assignViaApi(t, admin.cookie, licenseId, alice.user.id);
});
afterAll(() => t.close());

async function getJson(url: string, cookie: string) {
  const response = await t.request({ method: "GET", url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as Record<string, unknown>, raw: response.body };
}

describe("license responses", () => {
  it("drop columns the service leaked, for every license route", async () => {
    const urls = [
      "/api/licenses",
      "/api/licenses?limit=10",
      `/api/licenses/${licenseId}`,
      `/api/users/${alice.user.id}/licenses`,
    ];
    for (const url of urls) {
      for (const cookie of [admin.cookie, alice.cookie]) {
        if (url === "/api/licenses?limit=10" && cookie === alice.cookie) continue;
        const { raw } = await getJson(url, cookie);
        for (const field of ROW_ONLY_FIELDS) expect(raw, `${url}`).not.toContain(field);
      }
    }
  });

  it("give administrators every field of the license", async () => {
    const { body } = await getJson("/api/licenses", admin.cookie);
    const license = (body as unknown as Record<string, unknown>[]).find((l) => l.id === licenseId);
    expect(license).toMatchObject({
      orderId: "ORD-77",
      notes: "Paid by the marketing budget",
      paymentAmount: 480,
      paymentCurrency: "USD",
      paymentFrequency: "annually",
    });
    // Also when an administrator reads another user's licenses.
    const ofAlice = await getJson(`/api/users/${alice.user.id}/licenses`, admin.cookie);
    expect((ofAlice.body as unknown as Record<string, unknown>[])[0]).toHaveProperty("orderId");
  });

  it("give an ordinary user no order id, payment or notes", async () => {
    const lists = [
      (await getJson("/api/licenses", alice.cookie)).body,
      (await getJson(`/api/users/${alice.user.id}/licenses`, alice.cookie)).body,
    ] as unknown as Record<string, unknown>[][];
    const single = (await getJson(`/api/licenses/${licenseId}`, alice.cookie)).body;
    for (const license of [...lists.flat(), single]) {
      expect(license).toMatchObject({ id: licenseId, licenseKeyMasked: expect.any(String) });
      for (const field of ADMIN_ONLY_FIELDS) expect(license).not.toHaveProperty(field);
    }
    expect(lists.every((list) => list.length === 1)).toBe(true);
  });

  it("keep the administrators' field order (responses are byte-compatible)", async () => {
    const { body } = await getJson(`/api/licenses/${licenseId}`, admin.cookie);
    expect(Object.keys(body)).toEqual([
      "id",
      "name",
      "licenseType",
      "licenseKeyMasked",
      "username",
      "orderId",
      "product",
      "status",
      "totalSeats",
      "assignedSeats",
      "seatsLeft",
      "purchaseDate",
      "expiryDate",
      "paymentAmount",
      "paymentCurrency",
      "paymentFrequency",
      "autoRenew",
      "renewalStatus",
      "notes",
      "createdAt",
      "lowSeatThreshold",
      "lowSeats",
      "unusedSeats",
    ]);
  });
});

describe("user responses", () => {
  it("never carry the password hash or Google id, even when the service leaks them", async () => {
    for (const url of ["/api/users", `/api/users/${alice.user.id}`]) {
      const { raw } = await getJson(url, admin.cookie);
      expect(raw).not.toContain("passwordHash");
      expect(raw).not.toContain("googleId");
      expect(raw).not.toContain("updatedAt");
    }
    const own = await getJson(`/api/users/${alice.user.id}`, alice.cookie);
    expect(own.raw).not.toContain("passwordHash");
    expect(own.body).toMatchObject({ id: alice.user.id, hasGoogle: false, isActive: true });
  });
});
