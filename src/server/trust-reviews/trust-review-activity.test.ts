// The activity log of the Trust Reviews area: create, edit, approval decisions and activation
// recorded with who and from where and the changed fields; nothing for a refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, activityOf } from "../../../tests/support/activity";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { TrustReviewResponse } from "../../domain/schemas/trust-reviews";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let licenseId: number;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
  licenseId = (await createLicenseViaApi(t, admin.cookie, { name: "Trust Activity License" })).id;
});
afterAll(() => t.close());

const call = (method: "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload });

async function createReview(clientName: string): Promise<TrustReviewResponse> {
  const response = await call("POST", "/api/trust-reviews", admin.cookie, {
    licenseId,
    clientName,
    assignedDate: "2026-01-10",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("trust review activity", () => {
  it("records create, edit, deactivate and activate with the changed fields", async () => {
    const review = await createReview("Acme Activity");
    const steps = [
      await call("PATCH", `/api/trust-reviews/${review.id}`, admin.cookie, {
        clientName: "Acme Activity Ltd",
        notes: "acme.example",
      }),
      await call("PATCH", `/api/trust-reviews/${review.id}/status`, admin.cookie, {
        isActive: false,
        cancellationRequestDate: "2026-02-01",
        cancellationReason: "Budget",
      }),
      await call("PATCH", `/api/trust-reviews/${review.id}/status`, admin.cookie, {
        isActive: true,
      }),
    ];
    expect(steps.map((response) => response.statusCode)).toEqual([200, 200, 200]);

    const rows = await activityOf(t.app.db, { area: "trust_reviews", itemId: review.id });
    expect(rows.map((row) => row.action)).toEqual(["create", "update", "update", "update"]);
    for (const row of rows) {
      expect(row).toMatchObject({ userId: admin.user.id, via: "session" });
      expect(row.ipAddress).toBeTruthy();
    }
    const [create, edit, deactivate, activate] = rows;
    expect(create!.itemLabel).toBe("Acme Activity");
    expect(create!.changes).toMatchObject({
      clientName: { before: null, after: "Acme Activity" },
      licenseId: { before: null, after: licenseId },
      approvalStatus: { before: null, after: "pending" },
    });
    expect(edit!.itemLabel).toBe("Acme Activity Ltd");
    expect(edit!.changes).toEqual({
      clientName: { before: "Acme Activity", after: "Acme Activity Ltd" },
      notes: { before: null, after: "acme.example" },
    });
    expect(deactivate!.changes).toEqual({
      isActive: { before: true, after: false },
      cancellationRequestDate: { before: null, after: "2026-02-01" },
      cancellationReason: { before: null, after: "Budget" },
    });
    expect(activate!.changes).toEqual({
      isActive: { before: false, after: true },
      cancellationRequestDate: { before: "2026-02-01", after: null },
      cancellationReason: { before: "Budget", after: null },
    });
  });

  it("records an approval as approve, a rejection as reject and 'keep' as an update", async () => {
    const approved = await createReview("Approve Me");
    const rejected = await createReview("Reject Me");
    const kept = await createReview("Keep Me");
    for (const [review, status] of [
      [approved, "approved"],
      [rejected, "rejected"],
      [kept, "keep"],
    ] as const) {
      const response = await call(
        "PATCH",
        `/api/trust-reviews/${review.id}/approval`,
        admin.cookie,
        {
          status,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const decisionOf = async (review: TrustReviewResponse) =>
      (await activityOf(t.app.db, { area: "trust_reviews", itemId: review.id })).slice(1);

    const [approve] = await decisionOf(approved);
    expect(approve).toMatchObject({ action: "approve", itemLabel: "Approve Me" });
    expect(approve!.changes).toEqual({
      approvalStatus: { before: "pending", after: "approved" },
      approvedBy: { before: null, after: admin.user.username },
    });
    const [reject] = await decisionOf(rejected);
    expect(reject).toMatchObject({ action: "reject", userId: admin.user.id });
    expect(reject!.changes).toMatchObject({
      approvalStatus: { before: "pending", after: "rejected" },
    });
    const [keep] = await decisionOf(kept);
    expect(keep).toMatchObject({ action: "update" });
    expect(keep!.changes).toMatchObject({ approvalStatus: { before: "pending", after: "keep" } });
  });

  it("records nothing for an edit or activation that changes nothing", async () => {
    const review = await createReview("Unchanged Client");
    const before = await activityCount(t.app.db);
    const unchanged = [
      await call("PATCH", `/api/trust-reviews/${review.id}`, admin.cookie, {
        clientName: "Unchanged Client",
        licenseId,
        assignedDate: "2026-01-10",
      }),
      await call("PATCH", `/api/trust-reviews/${review.id}`, admin.cookie, {}),
      await call("PATCH", `/api/trust-reviews/${review.id}/status`, admin.cookie, {
        isActive: true,
      }),
    ];
    expect(unchanged.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await activityCount(t.app.db)).toBe(before);

    // The next real change is recorded as usual.
    const edited = await call("PATCH", `/api/trust-reviews/${review.id}`, admin.cookie, {
      notes: "renewal call booked",
    });
    expect(edited.statusCode).toBe(200);
    expect(await activityCount(t.app.db)).toBe(before + 1);
  });

  it("records nothing for a refused request", async () => {
    const review = await createReview("Refused Client");
    const decided = await call("PATCH", `/api/trust-reviews/${review.id}/approval`, admin.cookie, {
      status: "approved",
    });
    expect(decided.statusCode).toBe(200);
    const before = await activityCount(t.app.db);
    const refused = [
      await call("POST", "/api/trust-reviews", user.cookie, {
        licenseId,
        clientName: "x",
        assignedDate: "2026-01-10",
      }),
      await call("PATCH", `/api/trust-reviews/${review.id}`, user.cookie, { clientName: "y" }),
      await call("POST", "/api/trust-reviews", admin.cookie, { licenseId, clientName: "" }),
      await call("POST", "/api/trust-reviews", admin.cookie, {
        licenseId: 999999,
        clientName: "No License",
        assignedDate: "2026-01-10",
      }),
      await call("PATCH", `/api/trust-reviews/${review.id}`, admin.cookie, { licenseId: 999999 }),
      await call("PATCH", "/api/trust-reviews/999999/status", admin.cookie, { isActive: false }),
      // Already decided: a second decision is refused.
      await call("PATCH", `/api/trust-reviews/${review.id}/approval`, admin.cookie, {
        status: "rejected",
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([
      403, 403, 400, 400, 400, 404, 409,
    ]);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
