// Helpers for the Office Accounts area's API tests: accounts and assignments made through the
// API, so every test also exercises the real write path (sealing, checks).
import { expect } from "vitest";
import type { AccountAssignmentResponse, AccountResponse } from "../../src/domain/schemas/accounts";
import type { TestApp } from "./test-app";

let sequence = 0;

export function accountInput(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    email: `office${sequence}-${process.pid}@example.com`,
    password: `Secret-Pass-${process.pid}-${1000 + sequence}`,
    provider: "microsoft365",
    status: "active",
    paymentAmount: "22.50",
    paymentCurrency: "AUD",
    ...overrides,
  };
}

export async function createAccountViaApi(
  t: TestApp,
  adminCookie: string,
  overrides: Record<string, unknown> = {},
): Promise<AccountResponse & { clearPassword: string }> {
  const payload = accountInput(overrides);
  const response = await t.request({
    method: "POST",
    url: "/api/accounts",
    payload,
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as AccountResponse), clearPassword: payload.password };
}

export async function assignAccountViaApi(
  t: TestApp,
  adminCookie: string,
  accountId: number,
  userId: number,
  overrides: Record<string, unknown> = {},
): Promise<AccountAssignmentResponse> {
  const response = await t.request({
    method: "POST",
    url: "/api/account-assignments",
    payload: {
      accountId,
      userId,
      assignedTo: "Test Person",
      deviceName: "Test laptop",
      assignedDate: "2026-01-15",
      ...overrides,
    },
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AccountAssignmentResponse;
}
