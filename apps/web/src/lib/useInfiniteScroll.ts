/** Calls `onReach` when the sentinel element nears the viewport; the "Load more" button covers browsers without IntersectionObserver. */
import { useEffect, useRef } from 'react';

export function useInfiniteScroll<T extends Element>(onReach: () => void, enabled: boolean) {
  const sentinel = useRef<T>(null);
  const callback = useRef(onReach);
  callback.current = onReach;

  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinel;
}
