import { useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useAgreementStore, type DimensionReport } from './agreementStore';
import { formatValue, valueName } from './agreementText';
import { Icon } from '../../common/Icon';
import { visibleId } from '../../common/bidi';

const FIRST = 12;

/** The items where the judge and people disagree; each opens its case. */
export function DisagreementList({ dimension }: { dimension: DimensionReport }) {
  const { t, locale, num } = useI18n();
  const openCase = useAgreementStore((s) => s.openCase);
  const [all, setAll] = useState(false);
  const { disagreements } = dimension;
  const shown = all ? disagreements.items : disagreements.items.slice(0, FIRST);
  const value = (v: string | number) => (typeof v === 'number' && dimension.type === 'numeric' ? formatValue(locale, v, 2) : valueName(locale, dimension.dimension, v));
  return (
    <section className="agreement-card" aria-labelledby={`disagreements-${dimension.dimension}`}>
      <div className="ag-card-head-row">
        <h3 className="agreement-card-title" id={`disagreements-${dimension.dimension}`}>
          {t('agreement.section.disagreements')} <span className="ag-count-badge">{num(disagreements.total)}</span>
        </h3>
      </div>
      <p className="ag-card-hint">
        {t('agreement.section.disagreementsHint')}{' '}
        {disagreements.tolerance !== null && dimension.type === 'numeric' ? t('agreement.section.disagreementsTolerance', { tolerance: formatValue(locale, disagreements.tolerance, 2) }) : null}
      </p>
      {disagreements.total === 0 ? (
        disagreements.blind ? null : <p className="ag-empty-line">{t('agreement.disagreement.none')}</p>
      ) : (
        <ul className="ag-disagreement-list" data-testid="agreement-disagreements">
          {shown.map((item) => (
            <li key={`${item.caseId}|${item.responseId ?? ''}|${item.reviewer ?? ''}`}>
              <button
                type="button"
                className="ag-disagreement"
                data-testid="agreement-disagreement"
                data-case-id={item.caseId}
                title={t('agreement.disagreement.open')}
                onClick={() => openCase(item.caseId)}
              >
                <span className="ag-disagreement-main">
                  <span className="ag-disagreement-query">{item.query ?? visibleId(item.caseId)}</span>
                  <span className="ag-disagreement-meta mono">
                    {visibleId(item.caseId)}
                    {item.responseId ? ` · ${visibleId(item.responseId)}` : ''}
                  </span>
                </span>
                <span className="ag-disagreement-values">
                  <span className="ag-value-pill people" title={t('agreement.column.people')}>
                    <span className="ag-pill-label">{t('agreement.column.people')}</span>
                    {value(item.human)}
                  </span>
                  <Icon name="arrowRight" size={13} className="ag-value-arrow" />
                  <span className="ag-value-pill judge" title={t('agreement.column.judge')}>
                    <span className="ag-pill-label">{t('agreement.column.judge')}</span>
                    {value(item.judge)}
                  </span>
                </span>
                {item.rationale || item.reviewer ? (
                  <span className="ag-disagreement-rationale">
                    {item.reviewer ? <span className="muted">{t('agreement.disagreement.reviewer', { reviewer: item.reviewer })} · </span> : null}
                    {item.rationale}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {disagreements.items.length > FIRST && !all ? (
        <button type="button" className="button small ag-show-all" onClick={() => setAll(true)}>
          {t('agreement.disagreement.more', { count: num(disagreements.items.length) })}
        </button>
      ) : null}
      {disagreements.items.length < disagreements.total && (all || disagreements.items.length <= FIRST) ? (
        <p className="ag-card-footnote">{t('agreement.disagreement.limited', { shown: num(disagreements.items.length), count: num(disagreements.total) })}</p>
      ) : null}
      {disagreements.blind ? (
        <p className="ag-card-footnote" data-testid="agreement-disagreements-blind" data-count={disagreements.blind}>
          {t('agreement.disagreement.blind', { count: num(disagreements.blind) })}
        </p>
      ) : null}
    </section>
  );
}
