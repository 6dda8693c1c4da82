import { expect, test } from "vitest";
import { useE2e } from "../support/e2e";

const e2e = useE2e({ CLIENT_DIR: "/tmp/qm-fake-client" });

test("signed in", async () => {
  const page = await e2e.pageAs("jane");
  await page.goto(e2e.url("/anything"));
  await page.getByRole("heading", { name: "hello jane" }).waitFor();
});
test("anon", async () => {
  const page = await e2e.anonymousPage();
  await page.goto(e2e.url("/"));
  await page.getByRole("heading", { name: "anon" }).waitFor();
});
test("fails on purpose", async () => {
  const page = await e2e.anonymousPage();
  await page.goto(e2e.url("/"));
  expect(await page.getByRole("heading").textContent()).toBe("nope");
});
