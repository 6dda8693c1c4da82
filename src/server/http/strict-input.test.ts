// Input that used to reach PostgreSQL and answer 500 (U+0000 in text), or was read as something
// it does not say (hex, exponent, sign, padded or fractional numbers; amounts below a cent).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi, licenseInput } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { renewals as licenseRenewals, licenses } from "../db/schema";

let t: TestApp;
let adminCookie: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
  ({
    user: { id: userId },
  } = await t.signedInUser());
});
afterAll(() => t.close());

const NUL = "\u0000";
const notNumbers = ["0x10", "1e3", "+9", "09", "9.0", "1 ", " 1", true, "", "1_000"];

function expectRefused(response: { statusCode: number; json(): unknown }, path: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = response.json() as { code: string; errors: { path: string }[] };
  expect(body.code).toBe("VALIDATION_FAILED");
  expect(body.errors.map((error) => error.path)).toContain(path);
}

describe("U+0000 in text", () => {
  it("is refused with a 400 on the anonymous sign-in", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-requested-with": "XMLHttpRequest" },
      payload: { username: `admin${NUL}`, password: "whatever" },
    });
    expectRefused(response, "username");
  });

  it("is refused in searches", async () => {
    for (const url of ["/api/licenses?search=a%00b", "/api/users?search=%00"]) {
      const response = await t.request({ method: "GET", url, cookie: adminCookie });
      expectRefused(response, "search");
    }
  });

  it("is refused in every text field of a license, a user and an assignment, and nothing is stored", async () => {
    const before = (await t.app.db.select({ id: licenses.id }).from(licenses)).length;
    for (const field of [
      "name",
      "licenseKey",
      "username",
      "orderId",
      "product",
      "status",
      "notes",
    ]) {
      const response = await t.request({
        method: "POST",
        url: "/api/licenses",
        payload: licenseInput({ [field]: `text${NUL}more` }),
        cookie: adminCookie,
      });
      expectRefused(response, field);
    }
    expect((await t.app.db.select({ id: licenses.id }).from(licenses)).length).toBe(before);

    for (const field of ["username", "fullName", "email", "department", "password"]) {
      const response = await t.request({
        method: "PATCH",
        url: `/api/users/${userId}`,
        payload: { [field]: `text${NUL}more` },
        cookie: adminCookie,
      });
      expectRefused(response, field);
    }

    const license = await createLicenseViaApi(t, adminCookie);
    const assignment = await t.request({
      method: "POST",
      url: "/api/assignments",
      payload: { licenseId: license.id, userId, notes: `a${NUL}` },
      cookie: adminCookie,
    });
    expectRefused(assignment, "notes");
  });
});

describe("strict numbers", () => {
  it("refuses ids that are not written as plain positive integers", async () => {
    const license = await createLicenseViaApi(t, adminCookie);
    for (const id of ["0x1", "1e0", "%2B1", "01", "1.0", "1%20", "%201", "true"]) {
      const url = `/api/licenses/${id.replace(/^1|1$/, String(license.id))}`;
      const response = await t.request({ method: "DELETE", url, cookie: adminCookie });
      expectRefused(response, "id");
    }
    // 'DELETE /api/licenses/<id>%20' must not delete the license.
    const padded = await t.request({
      method: "DELETE",
      url: `/api/licenses/${license.id}%20`,
      cookie: adminCookie,
    });
    expect(padded.statusCode).toBe(400);
    const [still] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(still).toBeDefined();
  });

  it("refuses ids, seats and amounts in bodies that are not plain numbers", async () => {
    const license = await createLicenseViaApi(t, adminCookie);
    for (const value of notNumbers) {
      if (value === "") continue; // a blank seat count means the default
      const seats = await t.request({
        method: "POST",
        url: "/api/licenses",
        payload: licenseInput({ totalSeats: value }),
        cookie: adminCookie,
      });
      expectRefused(seats, "totalSeats");
      // '9.0' and '12.50' are how people write money; only for counts and ids is '9.0' refused.
      if (value !== "9.0") {
        const amount = await t.request({
          method: "POST",
          url: "/api/licenses",
          payload: licenseInput({ paymentAmount: value }),
          cookie: adminCookie,
        });
        expectRefused(amount, "paymentAmount");
      }
      const assignment = await t.request({
        method: "POST",
        url: "/api/assignments",
        payload: { licenseId: license.id, userId: value },
        cookie: adminCookie,
      });
      expectRefused(assignment, "userId");
    }
  });

  it("keeps amounts to cents: 0.001 is refused, not stored as 0.00", async () => {
    const license = await createLicenseViaApi(t, adminCookie);
    for (const renewalAmount of [0.001, "0.001", 10.005]) {
      const response = await t.request({
        method: "POST",
        url: "/api/renewals",
        payload: { licenseId: license.id, newExpiryDate: "2030-01-01", renewalAmount },
        cookie: adminCookie,
      });
      expectRefused(response, "renewalAmount");
    }
    const renewals = await t.app.db
      .select()
      .from(licenseRenewals)
      .where(eq(licenseRenewals.licenseId, license.id));
    expect(renewals).toEqual([]);
    const payment = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { paymentAmount: 19.999 },
      cookie: adminCookie,
    });
    expectRefused(payment, "paymentAmount");
    // Plain amounts, as numbers or as the form's strings, still work.
    for (const paymentAmount of [19.99, "1200.5", "259", 0]) {
      const ok = await t.request({
        method: "PATCH",
        url: `/api/licenses/${license.id}`,
        payload: { paymentAmount },
        cookie: adminCookie,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });
});
