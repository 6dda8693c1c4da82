// The screen-fit walk (issue 35): every route a role may open, at phone and desktop widths, with
// each of its tabs, checked for what a person meets first on a small or a wide screen: a page
// that scrolls sideways, and a table whose action column (or its Approval column) sits outside
// the window or behind a scroll inside the table at desktop widths. axe scans each width too.
// One page and one sign-in per role: each route is loaded once and the window resized around it,
// which is far cheaper than loading every route at every width.
import type { Page } from "playwright-core";
import { ROUTES } from "../../src/client/app/route-table";
import { describeFindings } from "./axe-gate";
import type { E2e } from "./e2e";
import { UI_TIMEOUT, until } from "./e2e-ui";

/** The widths of the issue: two phones, the narrowest desktop that must fit, a common laptop. */
export const WIDTHS = [360, 390, 1280, 1440] as const;
/** From here up, a table's action and approval columns must show without scrolling the table. */
export const DESKTOP_PX = 1280;
const HEIGHT = 900;

/** The columns a person acts on, by their header's text (visible or for screen readers). */
const ACTED_ON = /^(actions|approval)$/i;

export interface FitProblem {
  where: string;
  what: string;
}

/** The routes a role opens from its sidebar or menu (an ordinary user's admin paths redirect). */
export function routesFor(admin: boolean) {
  return ROUTES.filter((route) => admin || !route.adminOnly);
}

const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

/**
 * After a resize: the page's width has stopped changing (charts measure their box once it has
 * been laid out, a frame or more later).
 */
async function layoutSettled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const width = () => (document.scrollingElement ?? document.documentElement).scrollWidth;
    let last = -1;
    for (let round = 0; round < 20 && width() !== last; round++) {
      last = width();
      await frame();
      await frame();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

/** The page has its title and nothing left loading: no placeholder, spinner or busy list. */
async function waitUntilLoaded(page: Page, title: string) {
  await page
    .getByRole("banner")
    .getByRole("heading", { level: 1, name: title, exact: true })
    .waitFor({ timeout: UI_TIMEOUT });
  await until(
    () =>
      page.evaluate(
        () =>
          !document.querySelector(
            'main [data-slot="skeleton"], main [aria-busy="true"], main [role="status"][aria-label^="Loading"], main .animate-spin',
          ),
      ),
    `${title} has loaded`,
  );
  await settled(page);
}

/**
 * What the page shows at this width that does not fit, as readable lines. At desktop widths every
 * acted-on column must show; narrower, a table may scroll inside its box but keeps its last
 * column (the actions) pinned in view.
 */
function measure({ desktop, actedOn: actedOnSource }: { desktop: boolean; actedOn: string }) {
  const problems: string[] = [];
  const describe = (element: Element) => {
    const slot = element.getAttribute("data-slot");
    const label = element.getAttribute("aria-label");
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${element.tagName.toLowerCase()}${slot ? ` data-slot=${slot}` : ""}${label ? ` aria-label="${label}"` : ""}> "${text}"`;
  };
  const root = document.scrollingElement ?? document.documentElement;
  const width = root.clientWidth;
  const overflow = root.scrollWidth - width;
  if (overflow > 0) {
    // The outermost elements that stick out past the right edge: what to fix.
    const culprits = Array.from(document.body.querySelectorAll("*")).filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) return false;
      const parent = element.parentElement?.getBoundingClientRect();
      return !parent || parent.right <= width + 0.5;
    });
    problems.push(
      `the page scrolls sideways by ${overflow} px (${root.scrollWidth} in ${width}); sticking out: ${
        culprits.slice(0, 4).map(describe).join("; ") || "(nothing found)"
      }`,
    );
  }
  const actedOn = new RegExp(actedOnSource, "i");
  for (const table of Array.from(document.querySelectorAll("main table"))) {
    const tableBox = table.getBoundingClientRect();
    if (tableBox.width === 0 || table.closest("[hidden], [inert]")) continue;
    const frame = table.parentElement?.getBoundingClientRect() ?? tableBox;
    const name = table.getAttribute("aria-label") ?? "a table";
    const heads = Array.from(table.querySelectorAll("thead th"));
    const box = table.parentElement;
    const actsOn = heads.some((head) => actedOn.test((head.textContent ?? "").trim()));
    // At desktop widths the acted-on columns show without scrolling inside the table: a pinned
    // Actions column over a table that still scrolls does not count.
    if (desktop && actsOn && box && box.scrollWidth > box.clientWidth + 1) {
      problems.push(`${name}: scrolls inside its box by ${box.scrollWidth - box.clientWidth} px`);
    }
    for (const head of heads) {
      const header = (head.textContent ?? "").trim();
      if (!actedOn.test(header)) continue;
      if (!desktop && head !== heads[heads.length - 1]) continue;
      const box = head.getBoundingClientRect();
      const left = Math.max(frame.left, 0);
      const right = Math.min(frame.right, window.innerWidth);
      if (box.width === 0) {
        problems.push(`${name}: its ${header} column is hidden`);
      } else if (box.left < left - 1 || box.right > right + 1) {
        problems.push(
          `${name}: its ${header} column (${Math.round(box.left)} to ${Math.round(box.right)} px) is outside what shows (${Math.round(left)} to ${Math.round(right)} px)`,
        );
      }
    }
  }
  return problems;
}

async function checkWidth(e2e: E2e, page: Page, width: number, where: string) {
  const found = await page.evaluate(measure, {
    desktop: width >= DESKTOP_PX,
    actedOn: ACTED_ON.source,
  });
  const problems: FitProblem[] = found.map((what) => ({ where: `${where} at ${width} px`, what }));
  const axe = await e2e.takeAxeFindings(page);
  if (axe.length) problems.push({ where: `${where} at ${width} px`, what: describeFindings(axe) });
  return problems;
}

/** The tabs of the page's own tab bars (not a dialog's), by name. */
async function tabNames(page: Page) {
  return page
    .locator('main [role="tablist"] [role="tab"]')
    .evaluateAll((tabs) => tabs.map((tab) => (tab.textContent ?? "").trim()));
}

/**
 * Every route of the role, each width, each tab of the page: what does not fit, as a list (empty
 * when everything fits), so one run names every problem rather than the first.
 */
export async function walkScreens(e2e: E2e, page: Page, admin: boolean): Promise<FitProblem[]> {
  const problems: FitProblem[] = [];
  for (const route of routesFor(admin)) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(e2e.url(route.path));
    await waitUntilLoaded(page, route.title);
    // Tabs found as they appear: a tab can hold a tab bar of its own (G Suite's Users).
    const tabs = await tabNames(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await layoutSettled(page);
      if (tabs.length === 0) {
        problems.push(...(await checkWidth(e2e, page, width, route.path)));
        continue;
      }
      for (let index = 0; index < tabs.length; index++) {
        const tab = tabs[index]!;
        await page
          .locator('main [role="tablist"] [role="tab"]')
          .filter({ hasText: new RegExp(`^${tab.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
          .click();
        await waitUntilLoaded(page, route.title);
        problems.push(...(await checkWidth(e2e, page, width, `${route.path} (${tab} tab)`)));
        for (const shown of await tabNames(page)) if (!tabs.includes(shown)) tabs.push(shown);
      }
    }
  }
  return problems;
}

export function describeProblems(problems: FitProblem[]) {
  return [
    `${problems.length} screen-fit problem(s):`,
    ...problems.map((problem) => `- ${problem.where}: ${problem.what}`),
  ].join("\n");
}
