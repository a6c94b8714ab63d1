import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useCaseKeyboard } from './useCaseKeyboard';
import { useCasesStore } from './casesStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { LabelFilteredButton } from '../labeling/LabelFilteredButton';
import { CaseDetailPane } from '../case-detail/CaseDetailPane';
import { CaseCount } from './CaseCount';
import { OpenedCaseNote } from './OpenedCaseNote';
import { CaseFilters } from './CaseFilters';
import { CaseList } from './CaseList';
import { CaseSearch } from './CaseSearch';
import { ExportFilteredButton } from './ExportFilteredButton';
import { usePick } from '../../common/usePick';

export function CasesView() {
  const { t } = useI18n();
  const { error, reload, setShown } = usePick(useCasesStore, 'error', 'reload', 'setShown');
  useCaseKeyboard();
  useEffect(() => {
    setShown(true);
    return () => setShown(false);
  }, [setShown]);
  return (
    <div className="cases-view">
      <section className="list-pane" aria-label={t('cases.listLabel')}>
        <div className="list-controls">
          <CaseSearch />
          <CaseFilters />
          <CaseCount />
          <OpenedCaseNote />
          <div className="list-actions">
            <LabelFilteredButton />
            <ExportFilteredButton />
          </div>
        </div>
        {error ? (
          <div className="inline-error">
            <ErrorDetails error={error} testId="list-error" />
            <button type="button" className="button small" onClick={reload}>
              {t('error.retry')}
            </button>
          </div>
        ) : null}
        <CaseList />
        <div className="keyboard-hint" aria-hidden="true">
          {t('cases.keyboardHint')}
        </div>
      </section>
      <CaseDetailPane />
    </div>
  );
}
