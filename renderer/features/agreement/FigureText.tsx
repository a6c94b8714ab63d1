import type { Figure } from '../../../shared/api/agreement-ops';
import { useI18n } from '../../i18n/useI18n';
import type { ReasonCode } from '../../../shared/messages/reasons.en';
import { reasonWording } from './agreementText';

/** The reason a figure is undefined in the window's language, from its code (an older file's sentence as it is). */
export function useReason(): (reason: string | null, code: ReasonCode | null | undefined) => string {
  const { locale } = useI18n();
  return (reason, code) => reasonWording(locale, reason, code);
}

/** A value, or "undefined — reason" (never 0). */
export function FigureValue({ figure, format, inlineReason = false }: { figure: Pick<Figure, 'value' | 'reason' | 'reasonCode'>; format: (value: number) => string; inlineReason?: boolean }) {
  const { t } = useI18n();
  const reason = useReason();
  if (figure.value === null) {
    const why = reason(figure.reason, figure.reasonCode);
    return (
      <span className="ag-figure-undefined" title={why} data-testid="ag-figure-undefined">
        {inlineReason ? t('agreement.undefinedWithReason', { reason: why }) : t('agreement.undefined')}
      </span>
    );
  }
  return <span className="ag-figure-value">{format(figure.value)}</span>;
}

/** "0.512 – 0.873", or nothing when there is no interval. */
export function IntervalText({ figure, format }: { figure: Pick<Figure, 'ci95' | 'ciReason' | 'ciReasonCode' | 'ciBounded'>; format: (value: number) => string }) {
  const { t } = useI18n();
  const reason = useReason();
  if (!figure.ci95 || figure.ci95[0] === null || figure.ci95[1] === null) {
    return (
      <span className="ag-interval-none" title={reason(figure.ciReason, figure.ciReasonCode)}>
        {t('agreement.noInterval')}
      </span>
    );
  }
  return (
    <span className="ag-interval-text">
      {format(figure.ci95[0])} – {format(figure.ci95[1])}
      {figure.ciBounded ? <span className="ag-interval-bounded" data-testid="interval-bounded"> ({t('agreement.method.bounded')})</span> : null}
    </span>
  );
}

/** The value and its interval on a small scale (domain [lo, hi]). */
export function IntervalBar({ figure, domain }: { figure: Pick<Figure, 'value' | 'ci95'>; domain: [number, number] }) {
  if (figure.value === null) return <span className="ag-interval-bar empty" aria-hidden="true" />;
  const [lo, hi] = domain;
  const at = (v: number) => `${(Math.max(lo, Math.min(hi, v)) - lo) / (hi - lo) * 100}%`;
  const ci = figure.ci95 && figure.ci95[0] !== null && figure.ci95[1] !== null ? figure.ci95 : null;
  return (
    <span className="ag-interval-bar" aria-hidden="true">
      {lo < 0 ? <span className="ag-interval-zero" style={{ left: at(0) }} /> : null}
      {ci ? <span className="ag-interval-range" style={{ left: at(ci[0]!), width: `calc(${at(ci[1]!)} - ${at(ci[0]!)})` }} /> : null}
      <span className="ag-interval-point" style={{ left: at(figure.value) }} />
    </span>
  );
}
