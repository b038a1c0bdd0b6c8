/** A row that scrolls sideways: whether it can go back or forward from where it is, and a step either way. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** `contents` changes when what the row holds does (items come and go), so it is measured again. */
export function useRowScroll(contents: string) {
  const scroller = useRef<HTMLDivElement>(null);
  const [canScroll, setCanScroll] = useState({ back: false, forward: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // Right to left, scrollLeft runs from 0 at the start to negative values: its size is how far along the row is.
    const along = Math.abs(el.scrollLeft);
    const back = along > 4;
    const forward = along + el.clientWidth < el.scrollWidth - 4;
    setCanScroll((was) => (was.back === back && was.forward === forward ? was : { back, forward }));
  }, []);

  // Measured where the browser has just laid the page out (a resize observer's callback, a scroll), never
  // in an effect: reading sizes there forces a layout of the whole page inside the feed's first render.
  // The row and the items inside it are observed, so items coming and going are measured too.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [measure, contents]);

  /** Forward is toward the row's end: leftwards in a right-to-left page. */
  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    const sign = el && getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el?.scrollBy({ left: sign * direction * Math.max(200, el.clientWidth * 0.8), behavior: 'smooth' });
  };

  return { scroller, canScroll, measure, scrollBy };
}
