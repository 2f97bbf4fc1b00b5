import { useEffect, useLayoutEffect, useRef } from 'react';
import { type StationListState, stationListState } from './list-state.ts';

const LIST_PATH = '/stationManage';

/**
 * The site list's scroll: followed while the list is shown, written to the stored list state on leaving,
 * and restored once the rows are back. Returns the ref of the table's wrapper.
 */
export function useListScroll(
  userKey: string,
  state: Pick<StationListState, 'scrollTop' | 'scrollLeft'>,
  /** The shown page of rows (restoring waits for it). */
  page: object | undefined,
  isFetching: boolean,
) {
  const tableWrapper = useRef<HTMLDivElement>(null);
  const scroll = useRef({ top: state.scrollTop, left: state.scrollLeft });
  const hasRestored = useRef(false);
  useLayoutEffect(() => {
    const content = document.getElementById('masthub-content');
    const wrapper = tableWrapper.current;
    // Leaving, the list is first hidden (the content then jumps to the top) and only later unmounted, and
    // the layout scrolls to the top on the new path: only scrolling while the list is shown counts.
    const isHere = () =>
      hasRestored.current &&
      window.location.pathname === LIST_PATH &&
      (wrapper?.getClientRects().length ?? 0) > 0;
    const onContentScroll = () => {
      if (isHere() && content) scroll.current.top = content.scrollTop;
    };
    const onTableScroll = (event: Event) => {
      const target = event.target as HTMLElement;
      if (isHere() && target.classList?.contains('ant-table-content')) {
        scroll.current.left = target.scrollLeft;
      }
    };
    content?.addEventListener('scroll', onContentScroll, { passive: true });
    wrapper?.addEventListener('scroll', onTableScroll, { capture: true, passive: true });
    return () => {
      content?.removeEventListener('scroll', onContentScroll);
      wrapper?.removeEventListener('scroll', onTableScroll, { capture: true });
      stationListState.write(userKey, { scrollTop: scroll.current.top, scrollLeft: scroll.current.left });
    };
  }, [userKey]);
  useEffect(() => {
    if (hasRestored.current || !page || isFetching) return;
    // After the layout's own scroll-to-top on navigation (a parent effect that runs after this one).
    const frame = requestAnimationFrame(() => {
      document.getElementById('masthub-content')?.scrollTo(0, scroll.current.top);
      const body = tableWrapper.current?.querySelector<HTMLElement>('.ant-table-content');
      if (body) body.scrollLeft = scroll.current.left;
      hasRestored.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [page, isFetching]);
  return tableWrapper;
}
