// The Notification channels card (issue 34) in Chromium, at 360 px and on a desktop: an
// administrator adds a webhook channel pointing at a real local receiver (WEBHOOKS_ALLOW_LOCAL),
// sees the signing secret once, the URL masked in the list, sends a test message that the
// server's background delivery check posts to the receiver (signed), and deletes the channel.
// axe checks every state and dialog reached (tests/support/e2e.ts).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectToast, hidden, visible } from "../support/e2e-ui";
import { type Receiver, startReceiver, verifyGenericSignature } from "../support/webhook-receivers";

const e2e = setupE2e({ WEBHOOKS_ALLOW_LOCAL: "true" });
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function openCard(page: Page) {
  await page.goto(e2e.url("/settings"));
  await visible(page.getByRole("heading", { name: "Notification channels", exact: true }));
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the Notification channels card", () => {
  for (const width of [360, 1280]) {
    it(`adds a webhook, shows its secret once, sends a test and deletes it (${width} px)`, async () => {
      const page = await e2e.pageAs(DEMO_ADMIN);
      await page.setViewportSize({ width, height: 900 });
      await openCard(page);
      const name = `Ops hook ${width}`;

      await page.getByRole("button", { name: "Add channel", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Add Notification Channel" });
      await visible(dialog);
      await dialog.getByRole("button", { name: "Add Channel", exact: true }).click();
      await visible(dialog.getByText("Name is required"));
      await dialog.getByRole("combobox", { name: "Kind" }).click();
      await page.getByRole("option", { name: "Webhook", exact: true }).click();
      await dialog.getByRole("textbox", { name: "Name" }).fill(name);
      await dialog.getByRole("textbox", { name: "Webhook URL" }).fill(receiver.url);
      await dialog.getByRole("checkbox", { name: "Import finished" }).click();
      await dialog.getByRole("button", { name: "Add Channel", exact: true }).click();

      const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
      await visible(shown);
      const secret = await shown.getByRole("textbox", { name: "Signing secret" }).inputValue();
      expect(secret).toMatch(/^qmsec_[0-9a-f]{64}$/);
      await expectToast(page, "Channel added", `${name} has been added.`);
      await shown.getByRole("button", { name: "Done", exact: true }).click();
      await hidden(shown);
      expect(await page.content()).not.toContain(secret);

      const table = page.getByRole("table", { name: "Notification channels" });
      const row = table.getByRole("row").filter({ hasText: name });
      await visible(row);
      expect(await row.textContent()).toContain("http://127.0.0.1:");
      expect(await page.content()).not.toContain("SeCrEtPaTh");
      expect(await fitsWidth(page)).toBe(true);

      // Send test: queued, then posted by the server's delivery check (every 15 s), signed.
      const before = receiver.received.length;
      await row.getByRole("button", { name: `Send test to ${name}` }).click();
      await expectToast(page, "Test message queued", `It goes to ${name} within seconds.`);
      // The check runs every 15 s (reminders/scheduler.ts): a longer wait than the UI's.
      await expect
        .poll(() => receiver.received.length > before, {
          timeout: 45_000,
          message: "the test message",
        })
        .toBe(true);
      const request = receiver.received[receiver.received.length - 1]!;
      verifyGenericSignature(request, secret, new Date());
      expect(JSON.parse(request.raw)).toMatchObject({ type: "test" });
      await page.reload();
      const deliveries = page.getByRole("table", { name: "Latest deliveries" });
      await visible(deliveries.getByRole("row").filter({ hasText: name }).first());

      // Edit: a new name and events; the URL field left blank keeps the URL.
      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const editDialog = page.getByRole("dialog", { name: "Edit Notification Channel" });
      await visible(editDialog);
      const edited = `${name} edited`;
      await editDialog.getByRole("textbox", { name: "Name" }).fill(edited);
      await editDialog.getByRole("checkbox", { name: "Person offboarded" }).click();
      await editDialog.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Channel saved", `${edited} has been saved.`);
      const editedRow = table.getByRole("row").filter({ hasText: edited });
      await visible(editedRow);
      expect(await editedRow.textContent()).toContain("Person offboarded");
      expect(await editedRow.textContent()).toContain("http://127.0.0.1:");

      await editedRow.getByRole("button", { name: `Delete ${edited}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete notification channel?" });
      await visible(confirm);
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await hidden(editedRow);
    });
  }
});
