// The in-page half of the axe gate: runs inside every document of a browser test (added as an
// init script), asks the test to put axe-core into the document before its first scan, scans the
// page with axe whenever what it shows has changed and settled, and reports critical and serious
// violations to the test through a binding.
// It must stay self-contained: Playwright sends this function's source text to the browser.

/** One violation as the test side receives it. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** CSS selectors of the offending elements (axe's `target`), one per element. */
  targets: string[];
  /** The first offending element's HTML and axe's summary of what to fix. */
  html: string;
  summary: string;
  /** Path and query of the page, and the names of the dialogs open, when it was found. */
  location: string;
  dialogs: string[];
}

export interface AxeWatcherOptions {
  /** The binding that takes this document's findings. */
  bindingName: string;
  /** The binding that evaluates axe-core's source in this document. */
  loadBindingName: string;
  /** Impacts that fail a test. */
  impacts: string[];
  /** How long the DOM must stay without structural change before a scan. */
  quietMs: number;
  /** Scan anyway after this long, for pages that never stop changing. */
  maxWaitMs: number;
}

interface AxeNodeResult {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeRunResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    helpUrl: string;
    nodes: AxeNodeResult[];
  }[];
}
type AxeApi = {
  run(context: Document | { include: Element[] }, options: object): Promise<AxeRunResult>;
};
type Report = (findings: AxeFinding[]) => Promise<void>;

export function axeWatcher(options: AxeWatcherOptions) {
  if (window.top !== window || !window.location.protocol.startsWith("http")) return;
  const scope = window as unknown as Record<string, unknown>;
  const axe = () => scope.axe as AxeApi | undefined;
  const report = () => scope[options.bindingName] as Report | undefined;
  const loadAxe = async () => {
    await (scope[options.loadBindingName] as () => Promise<void>)();
    const loaded = axe();
    if (!loaded) throw new Error("axe-core did not load into the page");
    return loaded;
  };

  let dirty = true; // the first state of the document is scanned too
  let lastChange = performance.now();
  let dirtySince = lastChange;
  let changedDuringScan = false;
  let running: Promise<void> | null = null;
  let timer: number | undefined;
  let location = "";

  const openDialogs = () =>
    Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'));
  const dialogNames = () =>
    openDialogs().map((dialog) => {
      const labelIds = (dialog.getAttribute("aria-labelledby") ?? "").split(/\s+/);
      const label = labelIds
        .map((id) => (id ? document.getElementById(id)?.textContent : ""))
        .join(" ")
        .trim();
      return label || dialog.getAttribute("aria-label") || "(unnamed dialog)";
    });

  const markChanged = () => {
    const now = performance.now();
    if (running) changedDuringScan = true;
    if (!dirty) dirtySince = now;
    dirty = true;
    lastChange = now;
    schedule();
  };

  // Finite animations and transitions still running (a spinner's infinite one never ends), so
  // that colours are never measured half-way through a fade.
  const settling = () =>
    document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState === "running" && timing && timing.iterations !== Infinity;
    });

  // While a Radix dialog, menu or select is open, the aria-hidden package hides the rest of the
  // page (marking what it hid with data-aria-hidden) and Radix traps focus inside the open layer,
  // so the focusable controls behind it cannot be reached: not the fault aria-hidden-focus is for.
  // An aria-hidden that the app sets itself is still checked.
  const counts = (rule: string) => (node: AxeNodeResult) =>
    !(rule === "aria-hidden-focus" && node.html.includes('data-aria-hidden="true"'));

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

  async function scan(): Promise<void> {
    if (!document.body) return;
    const run = axe() ?? (await loadAxe());
    // Two frames, so a transition set off by the last change has started (and is listed), then
    // wait for it: a button fading in from its disabled look is not a contrast failure.
    for (let round = 0; round < 3; round++) {
      await nextFrame();
      await nextFrame();
      const running = settling();
      if (running.length === 0) break;
      await Promise.all(running.map((animation) => animation.finished.catch(() => {})));
    }
    dirty = false;
    changedDuringScan = false;
    const scannedAt = `${window.location.pathname}${window.location.search}`;
    const dialogs = dialogNames();
    // While a dialog is open the page behind it is hidden from assistive technology and out of
    // reach (focus is trapped): check the dialog and the layers above it (menus, listboxes,
    // toasts), which is all a user can reach, and far cheaper than the whole page.
    const layers = openDialogs().length
      ? Array.from(
          document.querySelectorAll(
            '[role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper], [data-sonner-toaster]',
          ),
        )
      : [];
    const result = await run.run(layers.length ? { include: layers } : document, {
      resultTypes: ["violations"],
      iframes: false,
      elementRef: false,
    });
    // A scan that raced a change of the page may mix two states; the change scans again anyway.
    if (changedDuringScan) return;
    const findings: AxeFinding[] = result.violations
      .map((violation) => ({ ...violation, nodes: violation.nodes.filter(counts(violation.id)) }))
      .filter((violation) => violation.nodes.length > 0)
      .filter((violation) => options.impacts.includes(violation.impact ?? ""))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        helpUrl: violation.helpUrl,
        targets: violation.nodes.map((node) => node.target.map(String).join(" >>> ")),
        html: violation.nodes[0]?.html ?? "",
        summary: violation.nodes[0]?.failureSummary ?? "",
        location: scannedAt,
        dialogs,
      }));
    if (findings.length) await report()?.(findings);
  }

  function runScan(): Promise<void> {
    if (!running) {
      running = scan()
        .catch((error: unknown) => {
          // An axe failure must not pass silently as "no violations".
          void report()?.([
            {
              rule: "axe-gate-error",
              impact: "critical",
              help: `axe could not scan the page: ${String(error)}`,
              helpUrl: "",
              targets: [],
              html: "",
              summary: "",
              location: `${window.location.pathname}${window.location.search}`,
              dialogs: [],
            },
          ]);
        })
        .finally(() => {
          running = null;
          if (dirty) schedule();
        });
    }
    return running;
  }

  function schedule() {
    if (timer !== undefined || running) return;
    const now = performance.now();
    const wait = Math.max(
      0,
      Math.min(lastChange + options.quietMs, dirtySince + options.maxWaitMs) - now,
    );
    timer = window.setTimeout(() => {
      timer = undefined;
      if (!dirty) return;
      const later = performance.now();
      if (later - lastChange < options.quietMs && later - dirtySince < options.maxWaitMs) {
        schedule();
        return;
      }
      void runScan();
    }, wait);
  }

  // A structural change (elements added or removed) or a new address is a new state to check;
  // attribute-only changes (typing into a controlled input) are not.
  const observer = new MutationObserver((mutations) => {
    if (mutations.some((mutation) => mutation.type === "childList")) markChanged();
  });
  const watchUrl = () => {
    const current = `${window.location.pathname}${window.location.search}`;
    if (current !== location) {
      location = current;
      markChanged();
    }
  };
  const start = () => {
    observer.observe(document.documentElement, { childList: true, subtree: true });
    location = `${window.location.pathname}${window.location.search}`;
    window.setInterval(watchUrl, 100);
    // A new window size is a new state too: media queries change what shows and how it is laid out.
    window.addEventListener("resize", markChanged);
    markChanged();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  /**
   * Scans what the page shows now unless that was scanned already (waiting for a running scan
   * first); a few tries, for a page that is still changing on its own.
   */
  scope.__qmAxeFlush = async () => {
    for (let attempt = 0; attempt < 3 && (dirty || running); attempt++) {
      if (timer !== undefined) {
        window.clearTimeout(timer);
        timer = undefined;
      }
      while (running) await running;
      if (dirty) await runScan();
    }
  };
}
