import { ErrorDetails } from '../../common/ErrorDetails';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';
import { visibleId } from '../../common/bidi';
import { useCaseList, type CaseListName, type CaseListRows, type CaseRef } from './useCaseList';

/**
 * A figure's cases, one click away: a toggle listing them, each opening in the Cases view. The page
 * carries a list's first cases; "show more" reads the next ones.
 */
export function CaseLinks<T extends CaseRef>({
  refs,
  list,
  testId,
  note,
  showKey = 'diagnosis.cases.show',
  of,
}: {
  refs: readonly T[];
  list: CaseListName;
  testId?: string;
  note?: (row: T) => string;
  /** The toggle's words when the list's rows are not one per case (a row per stale chunk). */
  showKey?: MessageKey;
  /** The figure or cell the cases are of: named to a screen reader, so the page's many toggles can be told apart. */
  of?: string;
}) {
  const { t, num } = useI18n();
  const { rows, total, open, setOpen, ...more } = useCaseList(refs, list);
  if (total === 0) return <span className="muted dx-no-cases">{t('diagnosis.cases.none')}</span>;
  const words = open ? t('diagnosis.cases.hide') : t(showKey, { count: num(total) });
  return (
    <div className="dx-cases" data-testid={testId}>
      <button type="button" className="link-button" aria-expanded={open} aria-label={of ? `${words} · ${of}` : undefined} onClick={() => setOpen(!open)}>
        {words}
      </button>
      {open ? (
        <ul className="dx-case-list">
          {rows.map((row, i) => (
            // a response can be listed twice (two stale chunks): its place keeps the rows apart
            <li key={`${row.responseId}\u0000${i}`} data-testid="dx-case-row">
              <button type="button" className="link-button mono" title={t('diagnosis.cases.openTitle')} onClick={() => openCaseInCasesView(row.caseId)}>
                {visibleId(row.caseId)}
              </button>
              {note ? <span className="dx-case-note">{note(row)}</span> : <span className="muted mono dx-case-note">{visibleId(row.responseId)}</span>}
            </li>
          ))}
          <MoreCases {...more} />
        </ul>
      ) : null}
    </div>
  );
}

/** The rows of a list not shown yet, with a button reading the next ones (list items of a .dx-case-list). */
export function MoreCases({ remaining, next, loading, error, loadMore }: Pick<CaseListRows<CaseRef>, 'remaining' | 'next' | 'loading' | 'error' | 'loadMore'>) {
  const { t, num } = useI18n();
  return (
    <>
      {remaining > 0 ? (
        <li className="dx-case-more">
          <span className="muted">{t('diagnosis.cases.more', { count: num(remaining) })}</span>
          <button type="button" className="link-button" data-testid="dx-cases-more" disabled={loading} aria-busy={loading} onClick={() => void loadMore()}>
            {t('diagnosis.cases.showMore', { count: num(next) })}
          </button>
        </li>
      ) : null}
      {error ? <li><ErrorDetails error={error} /></li> : null}
    </>
  );
}
