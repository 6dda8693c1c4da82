// Accessibility as a gate: every browser context a spec opens (through setupE2e) gets a watcher in
// each of its documents. The watcher scans each page state the test reaches, once it has settled
// (a new address, a dialog or menu opening, rows arriving), and sends critical and serious
// violations here; the spec's afterEach scans the final state and fails the test if any were
// found. Specs need no calls of their own.
//
// axe-core itself (half a megabyte of script) is put into a document only when its first scan is
// due, not into every document as it is created: each new page's blank document, never scanned,
// took some 0.45 s longer on this machine to compile it too, and so did a document left before it
// settled. The whole browser run: 1,466 s before, 1,328 s after (33 files, 180 tests).
import fs from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { type AxeFinding, axeWatcher } from "./axe-watcher";

export type { AxeFinding } from "./axe-watcher";

const BINDING = "__qmAxeReport";
const LOAD_BINDING = "__qmAxeLoad";
const FAILING_IMPACTS = ["critical", "serious"];
const QUIET_MS = 400;
const MAX_WAIT_MS = 2_000;

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
// Run as a script in the page (the value of its last statement is not wanted back).
const axeSource = `${fs.readFileSync(axePath, "utf8")}\n;undefined`;

export interface AxeGate {
  /** Scans each open page's current state, then returns and forgets everything found so far. */
  take(): Promise<AxeFinding[]>;
  /** What the scans made while the test ran have found so far, without scanning now. */
  foundSoFar(): AxeFinding[];
}

export async function installAxeGate(context: BrowserContext): Promise<AxeGate> {
  let findings: AxeFinding[] = [];
  await context.exposeBinding(BINDING, (_source, found: AxeFinding[]) => {
    findings.push(...found);
  });
  await context.exposeBinding(LOAD_BINDING, async ({ frame }) => {
    await frame.evaluate(axeSource);
  });
  await context.addInitScript(axeWatcher, {
    bindingName: BINDING,
    loadBindingName: LOAD_BINDING,
    impacts: FAILING_IMPACTS,
    quietMs: QUIET_MS,
    maxWaitMs: MAX_WAIT_MS,
  });
  return {
    async take() {
      await Promise.all(context.pages().map(flush));
      const taken = uniqueFindings(findings);
      findings = [];
      return taken;
    },
    foundSoFar: () => uniqueFindings(findings),
  };
}

/**
 * Scans the page now if it changed since its last scan. The shared wait for a visible element calls
 * it for dialogs, so a dialog is checked while it is open however briefly the test keeps it open.
 */
export async function flush(page: Page) {
  if (page.isClosed()) return;
  await page
    .evaluate(() => (window as unknown as { __qmAxeFlush?: () => Promise<void> }).__qmAxeFlush?.())
    .catch(() => {
      // A page that is navigating or closing has nothing left to scan.
    });
}

/**
 * The same rule on the same element at the same address is one finding, however often seen (by
 * its HTML: axe's selectors for one element differ between scans as the page around it changes).
 */
function uniqueFindings(findings: AxeFinding[]) {
  const seen = new Map<string, AxeFinding>();
  for (const finding of findings) {
    const key = `${finding.rule}|${finding.location}|${finding.html}`;
    if (!seen.has(key)) seen.set(key, finding);
  }
  return [...seen.values()];
}

/** A failure message that says what to fix: rule, impact, where, which elements, and the help. */
export function describeFindings(findings: AxeFinding[]): string {
  const lines = [`axe found ${findings.length} critical or serious accessibility violation(s):`];
  for (const finding of findings) {
    const where = finding.dialogs.length
      ? `${finding.location} with dialog ${finding.dialogs.map((name) => `'${name}'`).join(", ")} open`
      : finding.location;
    lines.push(
      "",
      `- ${finding.rule} (${finding.impact}) on ${where}: ${finding.help}`,
      ...finding.targets.map((target) => `    target: ${target}`),
      `    html: ${finding.html}`,
      ...finding.summary.split("\n").map((line) => `    ${line.trim()}`),
      `    ${finding.helpUrl}`,
    );
  }
  return lines.join("\n");
}
