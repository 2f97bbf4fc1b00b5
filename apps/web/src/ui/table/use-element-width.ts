import { useCallback, useEffect, useState } from 'react';

/**
 * The content width of an element, followed as it changes (window, menu folding, a drawer): a ref callback
 * to put on the element and its width in px (undefined until measured).
 */
export function useElementWidth(): [(element: HTMLElement | null) => void, number | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [useCallback((next: HTMLElement | null) => setElement(next), []), width];
}
