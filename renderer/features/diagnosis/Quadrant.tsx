import type { MessageKey } from '../../i18n';
import { formatPercent } from '../report/format';
import { useI18n } from '../../i18n/useI18n';
import { CellGrid } from './CellGrid';
import type { DiagnosisReport } from './store';

const TONE = { 'high-high': 'good', 'high-low': 'warn', 'low-high': 'warn', 'low-low': 'bad' } as const;

/** The recall × utilisation 2×2: high recall on the top row, high utilisation on the right. */
export function Quadrant({ quadrant, lists }: { quadrant: DiagnosisReport['quadrant']; lists: DiagnosisReport['lists'] }) {
  const { t, num, locale } = useI18n();
  const order = [['high', 'low'], ['high', 'high'], ['low', 'low'], ['low', 'high']] as const;
  const cells = order.map(([recall, utilisation]) => {
    const cell = quadrant.cells.find((c) => c.recall === recall && c.utilisation === utilisation)!;
    const key = `${recall}-${utilisation}` as const;
    return {
      key,
      title: `${t('diagnosis.quadrant.recall', { level: t(`diagnosis.level.${recall}` as MessageKey) })} · ${t('diagnosis.quadrant.utilisation', { level: t(`diagnosis.level.${utilisation}` as MessageKey) })}`,
      advice: t(`diagnosis.quadrant.${key}` as MessageKey),
      share: cell.share,
      cases: cell.responses,
      list: { part: 'report' as const, name: `quadrant.cells.${quadrant.cells.indexOf(cell)}.responses` },
      tone: TONE[key],
    };
  });
  const ex = quadrant.excluded;
  const undefinedCount = lists['quadrant.utilisationUndefined'] ?? 0;
  return (
    <div className="dx-quadrant">
      <h3 className="dx-subhead">{t('diagnosis.quadrant.title')}</h3>
      <p className="muted">
        {t('diagnosis.quadrant.axes', { recall: formatPercent(quadrant.thresholds.recall, locale) ?? '', utilisation: formatPercent(quadrant.thresholds.utilisation, locale) ?? '' })}
      </p>
      <CellGrid cells={cells} testId="diagnosis-quadrant" />
      {undefinedCount > 0 ? <p className="muted">{t('diagnosis.quadrant.undefined', { count: undefinedCount })}</p> : null}
      {ex.noEvidence + ex.notLabeled + ex.reviewersDisagree > 0 ? (
        <p className="muted" data-testid="diagnosis-quadrant-excluded">
          {t('diagnosis.quadrant.excluded', { noEvidence: num(ex.noEvidence), notLabeled: num(ex.notLabeled), disagree: num(ex.reviewersDisagree) })}
        </p>
      ) : null}
    </div>
  );
}
