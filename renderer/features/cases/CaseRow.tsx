import { memo } from 'react';
import type { CaseSummary } from '../../../shared/api/contract';
import { useI18n } from '../../i18n/useI18n';
import { caseRowDomId } from './domIds';
import { EnumChip } from '../../common/EnumChip';
import { visibleId } from '../../common/bidi';

export const ROW_HEIGHT = 58;


interface CaseRowProps {
  row: CaseSummary;
  index: number;
  start: number;
  selected: boolean;
  onSelect(index: number, id: string): void;
}

export const CaseRow = memo(function CaseRow({ row, index, start, selected, onSelect }: CaseRowProps) {
  const { label, t } = useI18n();
  return (
    <div
      id={caseRowDomId(index)}
      role="option"
      aria-selected={selected}
      className={selected ? 'case-row selected' : 'case-row'}
      data-testid="case-row"
      data-case-id={row.id}
      data-index={index}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
      onClick={() => onSelect(index, row.id)}
    >
      <div className="case-row-query" title={row.query}>
        {row.query}
      </div>
      <div className="case-row-meta">
        <span className="case-row-id mono">{visibleId(row.id)}</span>
        {row.split === 'holdout' ? (
          <span className="case-row-flag holdout" data-testid="case-holdout-mark" title={t('holdout.row.title')}>
            {t('holdout.row')}
          </span>
        ) : null}
        {row.answerability ? <EnumChip kind="answerability" value={row.answerability} /> : null}
        {row.questionType ? <EnumChip kind="questionType" value={row.questionType} quiet /> : null}
        {row.slices.length > 0 ? (
          <span className="case-row-slices">{row.slices.map((slice) => label('slice', slice)).join(' · ')}</span>
        ) : null}
        {row.leak ? (
          <span className="case-row-flag memory-leak" data-testid="case-flag-leak" title={t('cases.leakFlagged.title')}>
            {t('cases.leakFlagged')}
          </span>
        ) : null}
        {row.flags.map((flag) => (
          <span key={flag} className={`case-row-flag ${flag}`} data-testid={`case-flag-${flag}`} title={t(`cases.flag.${flag}.title`)}>
            {label('flag', flag)}
          </span>
        ))}
        {row.responseCount > 0 ? (
          <span className="case-row-responses" title={t('cases.responseCount', { count: row.responseCount })}>
            {row.responseCount}
          </span>
        ) : null}
      </div>
    </div>
  );
});

export function PlaceholderRow({ start, label }: { start: number; label: string }) {
  return (
    <div
      className="case-row placeholder"
      aria-label={label}
      data-testid="case-row-placeholder"
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
    >
      <div className="skeleton skeleton-line wide" />
      <div className="skeleton skeleton-line narrow" />
    </div>
  );
}
