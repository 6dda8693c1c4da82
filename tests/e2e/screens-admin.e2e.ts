// Every screen an administrator opens fits the window at 360, 390, 1280 and 1440 px (issue 35):
// no page scrolls sideways, every table's action and approval columns show at desktop widths,
// and axe finds nothing at any width. The ordinary user's walk is screens-user.e2e.ts, a file of
// its own so the two run side by side.
import { expect, test } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { describeProblems, walkScreens } from "../support/screen-fit";

const e2e = setupE2e();

test("every administrator screen fits at phone and desktop widths", async () => {
  const page = await e2e.pageAs(DEMO_ADMIN);
  const problems = await walkScreens(e2e, page, true);
  expect(describeProblems(problems)).toBe(describeProblems([]));
}, 600_000);
