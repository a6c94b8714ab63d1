import { useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';
import { visibleId } from '../../common/bidi';

const SHOWN = 30;

/** A figure's cases, one click away: a toggle listing them, each opening in the Cases view. */
export function CaseLinks({ refs, testId, note }: { refs: readonly { caseId: string; responseId: string }[]; testId?: string; note?: (ref: { caseId: string; responseId: string }) => string }) {
  const { t, num } = useI18n();
  const [open, setOpen] = useState(false);
  if (refs.length === 0) return <span className="muted dx-no-cases">{t('diagnosis.cases.none')}</span>;
  return (
    <div className="dx-cases" data-testid={testId}>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('diagnosis.cases.hide') : t('diagnosis.cases.show', { count: num(refs.length) })}
      </button>
      {open ? (
        <ul className="dx-case-list">
          {refs.slice(0, SHOWN).map((ref) => (
            <li key={ref.responseId}>
              <button type="button" className="link-button mono" title={t('diagnosis.cases.openTitle')} onClick={() => openCaseInCasesView(ref.caseId)}>
                {visibleId(ref.caseId)}
              </button>
              {note ? <span className="dx-case-note">{note(ref)}</span> : <span className="muted mono dx-case-note">{visibleId(ref.responseId)}</span>}
            </li>
          ))}
          {refs.length > SHOWN ? <li className="muted">{t('diagnosis.cases.more', { count: num(refs.length - SHOWN) })}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
