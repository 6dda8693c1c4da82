// The Settings page's Integrations card in Chromium (issue 33) against the real server with
// Microsoft 365 pointed at the Graph stand-in: a preview listing what a sync would do, a sync that
// says what it did and becomes the last sync, a second preview with nothing to do, and a missing
// Graph permission's message in the card.
import type { Page } from "playwright-core";
import { afterAll, describe, it } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { visible } from "../support/e2e-ui";
import { sampleTenant, startGraphStandIn } from "../support/graph-stand-in";
import { openSettingsPage } from "../support/settings-page";

const standIn = await startGraphStandIn({ tenant: sampleTenant() });
afterAll(() => standIn.close());

const e2e = setupE2e({
  MICROSOFT_TENANT_ID: standIn.tenantId,
  MICROSOFT_CLIENT_ID: standIn.clientId,
  MICROSOFT_CLIENT_SECRET: standIn.clientSecret,
  MICROSOFT_LOGIN_URL: standIn.url,
  MICROSOFT_GRAPH_URL: standIn.url,
  // The tests press the buttons; the daily sync has its own tests.
  INTEGRATIONS_DAILY_SYNC: "false",
});

const card = (page: Page) => page.getByRole("region", { name: "Microsoft 365", exact: true });
const button = (page: Page, name: string) => card(page).getByRole("button", { name, exact: true });

describe("the Integrations card", () => {
  it("previews, syncs, and says what a missing permission needs", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openSettingsPage(e2e, page);
    await visible(card(page).getByText("Configured", { exact: true }));

    await button(page, "Preview").click();
    const preview = card(page).getByRole("region", { name: "Sync preview" });
    await visible(preview.getByText(/^A sync would: \d+ to create/));
    await visible(preview.getByText("SPE_E3 (10 seats)", { exact: true }));
    await visible(preview.getByText("Dev Unknown <dev@example.com>", { exact: true }));

    await button(page, "Sync").click();
    await visible(page.locator("[data-sonner-toast]").filter({ hasText: "Microsoft 365 synced" }));
    await visible(card(page).getByText(/^Last sync .*: \d+ created, 0 changed, 0 retired/));

    await button(page, "Preview").click();
    await visible(
      card(page)
        .getByRole("region", { name: "Sync preview" })
        .getByText("A sync would change nothing.", { exact: true }),
    );

    standIn.permissions = new Set(["User.Read.All"]);
    try {
      await button(page, "Sync").click();
      await visible(card(page).getByRole("alert").filter({ hasText: "Organization.Read.All" }));
      await visible(card(page).getByText(/^Last sync .*: failed\./));
    } finally {
      standIn.permissions = new Set([
        "Organization.Read.All",
        "User.Read.All",
        "AuditLog.Read.All",
      ]);
    }
  });
});
