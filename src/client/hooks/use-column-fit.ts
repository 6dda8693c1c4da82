import { type RefObject, useLayoutEffect } from "react";

/** From this window width up a table must fit its box, the columns a person acts on included. */
export const DESKTOP_TABLE_PX = 1280;

/** How many give-way levels a column can have (`giveWay` 1 goes first, then 2). */
const LEVELS = 2;

/**
 * At desktop widths, hides the columns of lesser use (cells marked `data-give-way`) level by level
 * until the table fits its box, so its action and approval columns show without scrolling inside
 * the table. The level is set on the table as `data-shed` and the CSS (styles.css) hides the
 * cells; it is written to the DOM directly, measured and settled within one layout, so nothing
 * flickers and React does not render again. Below the desktop width every column stays and the
 * table scrolls with its first and last columns pinned instead.
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
    const fitColumns = () => {
      let level = 0;
      grid.removeAttribute("data-shed");
      if (desktop.matches && grid.querySelector("[data-give-way]")) {
        // A pixel of slack: zoomed layouts report fractional widths.
        while (level < LEVELS && grid.offsetWidth > frame.clientWidth + 1) {
          level++;
          grid.setAttribute("data-shed", String(level));
        }
      }
    };
    fitColumns();
    // Resizes of the box, and new rows (a wider text can need a level more, a narrower one less).
    const resized = new ResizeObserver(fitColumns);
    resized.observe(frame);
    resized.observe(grid);
    const rows = new MutationObserver(fitColumns);
    rows.observe(grid, { childList: true, subtree: true, characterData: true });
    desktop.addEventListener("change", fitColumns);
    return () => {
      resized.disconnect();
      rows.disconnect();
      desktop.removeEventListener("change", fitColumns);
      grid.removeAttribute("data-shed");
    };
  }, [box, table]);
}
