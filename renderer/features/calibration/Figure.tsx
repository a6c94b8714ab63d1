import type { Figure as FigureData } from '../../../shared/api/agreement-ops';
import { formatFixed, formatInterval, formatSigned } from './format';
import { useI18n } from '../../i18n/useI18n';
import { reasonWording } from '../agreement/agreementText';

/**
 * One figure of the API: its value and 95% interval, or "undefined" with the
 * reason (never 0). `signed` writes differences with their sign.
 */
export function Figure({ figure, signed = false, digits = 3, interval = true, testId }: {
  figure: Pick<FigureData, 'value' | 'reason' | 'reasonCode' | 'ci95' | 'ciReason' | 'ciReasonCode'>;
  signed?: boolean;
  digits?: number;
  interval?: boolean;
  testId?: string;
}) {
  const { t, locale } = useI18n();
  if (figure.value === null) {
    const why = reasonWording(locale, figure.reason, figure.reasonCode) || t('calibration.figure.noReason');
    return (
      <span className="cal-figure undefined" data-testid={testId} data-value="">
        <span className="cal-undefined">{t('calibration.figure.undefined')}</span>
        <span className="cal-reason" title={why}>{why}</span>
      </span>
    );
  }
  const text = signed ? formatSigned(locale, figure.value, digits) : formatFixed(locale, figure.value, digits);
  const ci = formatInterval(locale, figure.ci95, digits, signed);
  return (
    <span className="cal-figure" data-testid={testId} data-value={figure.value}>
      <span className="cal-value">{text}</span>
      {interval ? (
        ci ? (
          <span className="cal-ci" title={t('calibration.figure.ciTitle')}>{ci}</span>
        ) : (
          <span className="cal-ci none" title={reasonWording(locale, figure.ciReason, figure.ciReasonCode)}>{t('calibration.figure.noInterval')}</span>
        )
      ) : null}
    </span>
  );
}

/** A bare number from the API that may be undefined (null), with the reason given for it. */
export function MaybeNumber({ value, signed = false, digits = 3 }: { value: number | null; signed?: boolean; digits?: number }) {
  const { t, locale } = useI18n();
  if (value === null) {
    return (
      <span className="cal-undefined">
        {t('calibration.figure.undefined')}
      </span>
    );
  }
  return <span className="cal-value">{signed ? formatSigned(locale, value, digits) : formatFixed(locale, value, digits)}</span>;
}
