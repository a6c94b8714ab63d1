import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { PAGE_SIZE, useCasesStore } from './casesStore';
import { CaseListEmpty } from './CaseListEmpty';
import { CASE_LIST_ID, caseRowDomId } from './domIds';
import { CaseRow, PlaceholderRow, ROW_HEIGHT } from './CaseRow';
import { usePick } from '../../common/usePick';

/** The virtualized list: only the rows in view exist in the DOM; pages load as they come into view. */
export function CaseList() {
  const { t } = useI18n();
  const count = useCasesStore((s) => s.count);
  const loaded = useCasesStore((s) => s.facetsLoaded);
  const { pages, generation, selectedIndex, requestRange, selectRow } = usePick(useCasesStore, 'pages', 'generation', 'selectedIndex', 'requestRange', 'selectRow');
  const scroller = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items.length > 0 ? items[0].index : 0;
  const last = items.length > 0 ? items[items.length - 1].index : 0;

  useEffect(() => {
    requestRange(first, last);
  }, [first, last, generation, requestRange]);

  useEffect(() => {
    // a new filter starts at the top
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [generation]);

  useEffect(() => {
    // keep the selected row in view (rows have a fixed height, so this is exact)
    const element = scroller.current;
    if (!element || selectedIndex < 0) return;
    const top = selectedIndex * ROW_HEIGHT;
    const bottom = top + ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom - element.clientHeight;
  }, [selectedIndex]);

  const onSelect = useCallback(
    (index: number, id: string) => {
      selectRow(index, id);
      scroller.current?.focus({ preventScroll: true });
    },
    [selectRow],
  );

  if (loaded && count === 0) return <CaseListEmpty />;

  return (
    <div
      ref={scroller}
      id={CASE_LIST_ID}
      className="case-list"
      role="listbox"
      tabIndex={0}
      aria-label={t('cases.listLabel')}
      aria-busy={!loaded}
      aria-activedescendant={selectedIndex >= 0 && selectedIndex < count ? caseRowDomId(selectedIndex) : undefined}
      data-testid="case-list"
      data-count={count}
    >
      {!loaded && count === 0 ? (
        <div className="case-list-loading">
          {Array.from({ length: 10 }, (_, i) => (
            <PlaceholderRow key={i} start={i * ROW_HEIGHT} label={t('cases.loadingRow')} />
          ))}
        </div>
      ) : (
        <div className="case-list-inner" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = pages[Math.floor(item.index / PAGE_SIZE)]?.[item.index % PAGE_SIZE];
            return row ? (
              <CaseRow key={item.key} row={row} index={item.index} start={item.start} selected={item.index === selectedIndex} onSelect={onSelect} />
            ) : (
              <PlaceholderRow key={item.key} start={item.start} label={t('cases.loadingRow')} />
            );
          })}
        </div>
      )}
    </div>
  );
}
