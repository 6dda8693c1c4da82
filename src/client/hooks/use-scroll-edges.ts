import { type RefObject, useEffect, useState } from "react";

export interface ScrollEdges {
  /** Content is hidden before the left edge (the box has been scrolled). */
  start: boolean;
  /** Content is hidden past the right edge. */
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/**
 * Which sides of a horizontally scrolling box hide content, kept up to date as it scrolls or
 * either it or its first child (a table whose rows change) is resized.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      // A pixel of slack: zoomed layouts report fractional widths.
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((previous) =>
        previous.start === start && previous.end === end ? previous : { start, end },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", measure);
    };
  }, [ref]);
  return edges;
}
