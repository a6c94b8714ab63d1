import type { MessageKey } from '../i18n';
import { useI18n } from '../i18n/useI18n';

export interface KeyLegendRow {
  keys: string[];
  label: MessageKey;
}

/** The keys of a keyboard-first panel and what each does ("…" stands for a range, as in 1 … 9). */
export function KeyLegend({ label, rows }: { label: string; rows: readonly KeyLegendRow[] }) {
  const { t } = useI18n();
  return (
    <dl className="cal-legend" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.keys.map((key, i) => (key === '…' ? <span key={i} className="muted">–</span> : <kbd key={i}>{key}</kbd>))}</dt>
          <dd>{t(row.label)}</dd>
        </div>
      ))}
    </dl>
  );
}
