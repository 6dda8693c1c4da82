// Helpers for the Licenses area's API tests: licenses and assignments made through the API, so
// every test also exercises the real write path (encryption, masking, seat checks).
import { expect } from "vitest";
import type { LicenseResponse } from "../../src/domain/schemas/licenses";
import type { TestApp } from "./test-app";

let sequence = 0;

export function licenseInput(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    name: `License ${sequence}`,
    licenseKey: `KEY${sequence}-SECRET-${process.pid}-${1000 + sequence}`,
    totalSeats: 5,
    paymentAmount: 259,
    ...overrides,
  };
}

export async function createLicenseViaApi(
  t: TestApp,
  adminCookie: string,
  overrides: Record<string, unknown> = {},
): Promise<LicenseResponse & { clearKey: string }> {
  const payload = licenseInput(overrides);
  const response = await t.request({
    method: "POST",
    url: "/api/licenses",
    payload,
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as LicenseResponse), clearKey: payload.licenseKey.trim() };
}

export async function assignViaApi(
  t: TestApp,
  adminCookie: string,
  licenseId: number,
  userId: number,
) {
  const response = await t.request({
    method: "POST",
    url: "/api/assignments",
    payload: { licenseId, userId },
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}
