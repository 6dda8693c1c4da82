import { type RefObject, useLayoutEffect } from "react";

/** From this window width up a table must fit its box, the columns a person acts on included. */
export const DESKTOP_TABLE_PX = 1280;

/** How many give-way levels a column can have (`giveWay` 1 goes first, then 2). */
const LEVELS = 2;

/**
 * At desktop widths, hides the columns of lesser use (cells marked `data-give-way`) level by level
 * until the table fits its box, so its action and approval columns show without scrolling inside
 * the table. The level is set on the table as `data-shed` and the CSS (styles.css) hides the
 * cells; it is written to the DOM directly and settled before the frame is painted, so nothing
 * flickers and React does not render again. Below the desktop width every column stays and the
 * table scrolls with its first and last columns pinned instead.
 *
 * Every width read after a change of level makes the browser lay the whole table out again, which
 * for a page of rows costs tens of milliseconds on a slow machine (issue 30: 150 ms of the licenses
 * page's first paint, when each observer's callback started again from level 0). So the width the
 * table needs at each level is remembered until its rows change, the box's resizes reuse it, and
 * the first fit is the resize observer's first report, taken after a layout the frame needed anyway.
 */
export function useColumnFit(
  box: RefObject<HTMLElement | null>,
  table: RefObject<HTMLTableElement | null>,
) {
  useLayoutEffect(() => {
    const frame = box.current;
    const grid = table.current;
    if (!frame || !grid) return;
    const desktop = window.matchMedia(`(min-width: ${DESKTOP_TABLE_PX}px)`);
    /** The table's width at each level, measured since its rows last changed. */
    let needs: number[] = [];
    let level = 0;
    const setLevel = (next: number) => {
      if (next === level) return;
      level = next;
      if (next === 0) grid.removeAttribute("data-shed");
      else grid.setAttribute("data-shed", String(next));
    };
    const fitColumns = () => {
      if (!desktop.matches || !grid.querySelector("[data-give-way]")) {
        setLevel(0);
        return;
      }
      // A pixel of slack: zoomed layouts report fractional widths.
      const room = frame.clientWidth + 1;
      let fitting = 0;
      while (fitting < LEVELS) {
        if (needs[fitting] === undefined) {
          setLevel(fitting);
          needs[fitting] = grid.offsetWidth;
        }
        if ((needs[fitting] ?? 0) <= room) break;
        fitting++;
      }
      setLevel(fitting);
    };
    // Reported after a layout, so the widths read first cost nothing more. The table's own width
    // differing from what was measured at its level means its content changed (a font, a text).
    const resized = new ResizeObserver(() => {
      if (needs[level] !== undefined && needs[level] !== grid.offsetWidth) needs = [];
      fitColumns();
    });
    resized.observe(frame);
    resized.observe(grid);
    // New rows (a wider text can need a level more, a narrower one less): measured again once per
    // frame, just before it is laid out and painted.
    let pending = 0;
    const rows = new MutationObserver(() => {
      needs = [];
      if (!pending) {
        pending = requestAnimationFrame(() => {
          pending = 0;
          fitColumns();
        });
      }
    });
    rows.observe(grid, { childList: true, subtree: true, characterData: true });
    desktop.addEventListener("change", fitColumns);
    return () => {
      resized.disconnect();
      rows.disconnect();
      cancelAnimationFrame(pending);
      desktop.removeEventListener("change", fitColumns);
      grid.removeAttribute("data-shed");
    };
  }, [box, table]);
}
