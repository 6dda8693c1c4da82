// Every screen an ordinary user opens fits the window at 360, 390, 1280 and 1440 px (issue 35);
// the administrator's walk is screens-admin.e2e.ts. And an administrator's path sends them to
// the dashboard without showing that page's title on the way.
import { expect, test } from "vitest";
import { ROUTES } from "../../src/client/app/route-table";
import { DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { describeProblems, walkScreens } from "../support/screen-fit";

const e2e = setupE2e();

test("every screen of an ordinary user fits at phone and desktop widths", async () => {
  const page = await e2e.pageAs(DEMO_USER);
  const problems = await walkScreens(e2e, page, false);
  expect(describeProblems(problems)).toBe(describeProblems([]));
}, 600_000);

test("an administrator's path never shows its title to an ordinary user on the way", async () => {
  const page = await e2e.pageAs(DEMO_USER);
  // Every title the tab and the top bar have held, however briefly: each value the tab's title
  // is set to, and each text the top bar's heading had before it changed.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __qmTitles: string[] }).__qmTitles = seen;
    const title = Object.getOwnPropertyDescriptor(Document.prototype, "title")!;
    Object.defineProperty(document, "title", {
      get: () => title.get!.call(document),
      set: (value: string) => {
        seen.push(value);
        title.set!.call(document, value);
      },
    });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const inHeading = (node: Node | null) =>
          (node instanceof Element ? node : node?.parentElement)?.closest("header h1");
        if (mutation.type === "characterData" && inHeading(mutation.target)) {
          seen.push(mutation.oldValue ?? "", mutation.target.textContent ?? "");
        }
        for (const added of Array.from(mutation.addedNodes)) {
          const heading =
            inHeading(added) ??
            (added instanceof Element ? added.querySelector("header h1") : null);
          if (heading) seen.push(heading.textContent ?? "");
        }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      characterDataOldValue: true,
    });
  });
  for (const route of ROUTES.filter((candidate) => candidate.adminOnly)) {
    await page.goto(e2e.url(route.path));
    await page.waitForURL((url) => url.pathname === "/");
    await page
      .getByRole("banner")
      .getByRole("heading", { level: 1, name: "Dashboard", exact: true })
      .waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { __qmTitles: string[] }).__qmTitles,
    );
    expect(
      seen.filter((title) => title.includes(route.title)),
      route.path,
    ).toEqual([]);
  }
});
