// The Offboard dialog of User Details (issue 16): each item's choice, the confirmation, the
// toast, the person shown deactivated and the checklist link, in Chromium against the server.
import { describe, expect, it } from "vitest";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import type { TrustReviewResponse } from "@/domain/schemas/trust-reviews";
import type { UserHoldingsResponse, UserResponse } from "@/domain/schemas/users";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { apiAs, expectToast, hidden, UI_TIMEOUT, visible, waitForCount } from "../support/e2e-ui";
import { openUserDetails, personWithHoldings, userRow } from "../support/users-page";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 8);

describe("the Offboard dialog", () => {
  it("keeps the laptop, hands the office account over, deactivates and offers the checklist", async () => {
    const { api, user, username } = await personWithHoldings(e2e, "e2e-off-");
    const heirName = `e2e-heir-${unique()}`;
    const heir = await api<UserResponse>("POST", "/api/users", {
      username: heirName,
      password: `pw-${unique()}`,
      fullName: `Heir ${heirName}`,
    });

    const page = await e2e.pageAs(DEMO_ADMIN);
    const details = await openUserDetails(e2e, page, username);
    const offboardButton = details.getByRole("button", { name: "Offboard", exact: true });
    await offboardButton.click();

    const dialog = page.getByRole("dialog", { name: "Offboard user" });
    await visible(dialog);
    await dialog.getByRole("combobox", { name: `What to do with Laptop of ${username}` }).click();
    await page.getByRole("option", { name: "Keep with the person" }).click();
    await dialog.getByRole("combobox", { name: `What to do with ${username}@example.com` }).click();
    await page.getByRole("option", { name: "Reassign to someone" }).click();
    const confirm = dialog.getByRole("button", { name: "Offboard and deactivate" });
    // Nobody chosen yet: the offboarding cannot be confirmed.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog
      .getByRole("combobox", { name: `New holder of ${username}@example.com` })
      .fill(heirName);
    await page.getByRole("option", { name: new RegExp(heirName) }).click();
    await confirm.click();

    await expectToast(page, "User offboarded", `${username} has been deactivated and signed out.`);
    await hidden(dialog);
    const link = details.getByRole("link", { name: "Download the checklist (PDF)" });
    await visible(link);
    expect(await link.getAttribute("href")).toBe(`/api/users/${user.id}/offboard/checklist.pdf`);
    const pdf = await page.request.get(e2e.url(`/api/users/${user.id}/offboard/checklist.pdf`));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    const holdings = await api<UserHoldingsResponse>("GET", `/api/users/${user.id}/holdings`);
    expect(holdings.items.map((item) => item.label)).toEqual([`Laptop of ${username}`]);
    const heirHoldings = await api<UserHoldingsResponse>("GET", `/api/users/${heir.id}/holdings`);
    expect(heirHoldings.items.map((item) => item.label)).toEqual([`${username}@example.com`]);

    await page.keyboard.press("Escape");
    await hidden(details);
    await expect
      .poll(() => userRow(page, username).getByText("Inactive").count(), { timeout: UI_TIMEOUT })
      .toBe(1);
  });

  it("offers only active administrators to take over a trust review's approval", async () => {
    const tag = unique();
    // The person leaving is an administrator who approved a review (the approval names them).
    const leaver = await personWithHoldings(e2e, "e2e-approver-", "admin");
    const { api } = leaver;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name: `Approvals ${tag}`,
      licenseKey: `APPROVALS-${tag}-SECRET`,
    });
    const asLeaver = await apiAs(e2e.baseUrl, leaver.username, leaver.password);
    const client = `Client ${tag}`;
    const review = await asLeaver<TrustReviewResponse>("POST", "/api/trust-reviews", {
      licenseId: license.id,
      clientName: client,
      assignedDate: "2026-03-01",
      approvalStatus: "approved",
    });
    expect(review.approvedBy).toBe(leaver.username);
    // Three who match one search: an active administrator, an inactive one and a plain user.
    const person = (name: string, role: "admin" | "user", isActive = true) =>
      api<UserResponse>("POST", "/api/users", {
        username: `take-${tag}-${name}`,
        password: `pw-${unique()}`,
        role,
        isActive,
      });
    const boss = await person("boss", "admin");
    await person("gone", "admin", false);
    await person("plain", "user");

    const page = await e2e.pageAs(DEMO_ADMIN);
    const details = await openUserDetails(e2e, page, leaver.username);
    await details.getByRole("button", { name: "Offboard", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Offboard user" });
    await visible(dialog);
    const reassign = async (label: string) => {
      await dialog.getByRole("combobox", { name: `What to do with ${label}` }).click();
      await page.getByRole("option", { name: "Reassign to someone" }).click();
      await dialog.getByRole("combobox", { name: `New holder of ${label}` }).fill(`take-${tag}`);
    };
    const candidates = page.getByRole("option", { name: new RegExp(`take-${tag}`) });

    // The laptop may go to anyone active; the approval only to the active administrator.
    await reassign(`Laptop of ${leaver.username}`);
    await waitForCount(candidates, 2);
    await dialog
      .getByRole("combobox", { name: `What to do with Laptop of ${leaver.username}` })
      .click();
    await page.getByRole("option", { name: "Keep with the person" }).click();
    await reassign(client);
    await waitForCount(candidates, 1);
    await candidates.filter({ hasText: boss.username }).click();
    await dialog.getByRole("button", { name: "Offboard and deactivate" }).click();
    await expectToast(
      page,
      "User offboarded",
      `${leaver.username} has been deactivated and signed out.`,
    );
    const [after] = await api<TrustReviewResponse[]>(
      "GET",
      `/api/trust-reviews?search=${encodeURIComponent(client)}`,
    );
    expect(after).toMatchObject({ id: review.id, approvedBy: boss.username });
  });
});
