// The activity log of the Office Accounts area: create, update, delete, assign, unassign and the
// password reveal recorded with who and from where, the password never in clear, and nothing
// recorded for a refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { activityCount, activityOf, lastActivity } from "../../../tests/support/activity";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { SECRET_PLACEHOLDER } from "../../domain/activity";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const call = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload, headers: { "user-agent": "ActivityTest/1.0" } });

describe("office account activity", () => {
  it("records create, update, reveal, assign, unassign and delete, the password masked", async () => {
    const account = await createAccountViaApi(t, admin.cookie);
    const updated = await call("PATCH", `/api/accounts/${account.id}`, admin.cookie, {
      status: "inactive",
      password: "Brand-New-Secret-4242",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const reveal = await call("POST", `/api/accounts/${account.id}/reveal`, admin.cookie);
    expect(reveal.statusCode).toBe(200);
    const assignment = await assignAccountViaApi(t, admin.cookie, account.id, user.user.id);
    const ended = await call(
      "PATCH",
      `/api/account-assignments/${assignment.id}/deactivate`,
      admin.cookie,
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const deleted = await call("DELETE", `/api/accounts/${account.id}`, admin.cookie);
    expect(deleted.statusCode).toBe(204);

    const rows = await activityOf(t.app.db, { area: "office_accounts", itemId: account.id });
    expect(rows.map((row) => row.action)).toEqual([
      "create",
      "update",
      "reveal",
      "assign",
      "unassign",
      "delete",
    ]);
    const [created, update, revealed, assign, unassign, removed] = rows;
    expect(created).toMatchObject({
      userId: admin.user.id,
      via: "session",
      itemLabel: account.email,
    });
    expect(created!.ipAddress).toBeTruthy();
    expect(created!.changes).toMatchObject({
      email: { before: null, after: account.email },
      password: { before: null, after: SECRET_PLACEHOLDER },
    });
    expect(update).toMatchObject({ userAgent: "ActivityTest/1.0" });
    expect(update!.changes).toEqual({
      status: { before: "active", after: "inactive" },
      password: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER },
    });
    expect(revealed!.detail).toEqual({ field: "password" });
    expect(assign!.detail).toMatchObject({ assignmentId: assignment.id, userId: user.user.id });
    expect(unassign!.detail).toMatchObject({ assignmentId: assignment.id });
    expect(removed!.changes).toMatchObject({ email: { before: account.email, after: null } });
    const everything = JSON.stringify(rows);
    for (const secret of [account.clearPassword, "Brand-New-Secret-4242", "4242"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("records a user's own reveal as that user", async () => {
    const account = await createAccountViaApi(t, admin.cookie);
    await assignAccountViaApi(t, admin.cookie, account.id, user.user.id);
    const reveal = await call("POST", `/api/accounts/${account.id}/reveal`, user.cookie);
    expect(reveal.statusCode).toBe(200);
    expect(
      await lastActivity(t.app.db, { area: "office_accounts", itemId: account.id }),
    ).toMatchObject({ action: "reveal", userId: user.user.id });
  });

  it("records nothing for a refused request", async () => {
    const account = await createAccountViaApi(t, admin.cookie);
    const before = await activityCount(t.app.db);
    const refused = [
      // 403: not an administrator
      await call("POST", "/api/accounts", user.cookie, { email: "x@example.com", password: "p" }),
      await call("DELETE", `/api/accounts/${account.id}`, user.cookie),
      await call("POST", "/api/account-assignments", user.cookie, {
        accountId: account.id,
        userId: user.user.id,
        assignedTo: "X",
        assignedDate: "2026-01-15",
      }),
      // 400: bad input
      await call("PATCH", `/api/accounts/${account.id}`, admin.cookie, { status: "nope" }),
      // 404: no such account, or one the user may not see
      await call("PATCH", "/api/accounts/999999", admin.cookie, { status: "active" }),
      await call("POST", `/api/accounts/${account.id}/reveal`, user.cookie),
      // 409: the e-mail is taken
      await call("POST", "/api/accounts", admin.cookie, {
        email: account.email,
        password: "Another-1",
        provider: "microsoft365",
        status: "active",
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([
      403, 403, 403, 400, 404, 404, 409,
    ]);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
