// A license's low-seat threshold in Chromium (issue 34): set in the license form, shown on the
// license's row when met, and the licenses list's "Low on seats" filter, kept in the URL, at
// phone and desktop widths (axe checks each state through setupE2e).
import { describe, expect, it } from "vitest";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, hidden, until, visible } from "../support/e2e-ui";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

describe("low-seat thresholds", () => {
  it.each([360, 1280])("are set in the form and filtered on, at %i px", async (width) => {
    const api = await adminApi(e2e.baseUrl);
    const suffix = unique();
    const plenty = await api<LicenseResponse>("POST", "/api/licenses", {
      name: `E2E Plenty ${suffix}`,
      licenseKey: `PLENTY-${suffix}-0001`,
      totalSeats: 10,
    });
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(e2e.url(`/licenses?search=${suffix}`));
    await visible(page.getByText(plenty.name).first());

    // The threshold typed into the edit form: 10 seats free, alert at 10, so low at once.
    await page
      .getByRole("table", { name: "Licenses", exact: true })
      .getByRole("row")
      .filter({ hasText: plenty.name })
      .getByRole("button", { name: "Edit license", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await dialog.getByLabel("Low-seat alert at").fill("10");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await hidden(dialog);
    expect((await api<LicenseResponse>("GET", `/api/licenses/${plenty.id}`)).lowSeatThreshold).toBe(
      10,
    );

    const other = await api<LicenseResponse>("POST", "/api/licenses", {
      name: `E2E Other ${suffix}`,
      licenseKey: `OTHER-${suffix}-0002`,
      totalSeats: 10,
      lowSeatThreshold: 1,
    });
    await page.reload();
    await visible(page.getByText(other.name).first());
    const filter = page.getByRole("button", { name: "Low on seats" });
    await filter.click();
    await until(
      async () => new URL(page.url()).searchParams.get("lowSeats") === "true",
      "the filter in the URL",
    );
    // The URL changes before the page renders it: the toggle is pressed once it has.
    await until(
      async () => (await filter.getAttribute("aria-pressed")) === "true",
      "the toggle pressed",
    );
    await hidden(page.getByText(other.name).first());
    await visible(page.getByText(plenty.name).first());
    await visible(page.getByText("Low on seats: 10 left (alert at 10)").first());
  });
});
