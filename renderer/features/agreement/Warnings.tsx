import type { AgreementWarning } from '../../../shared/api/agreement-ops';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { formatPercent, formatValue } from './agreementText';
import { Icon } from '../../common/Icon';

/** The warnings of a dimension: small n, the prevalence paradox, values left out, … */
export function Warnings({ warnings }: { warnings: AgreementWarning[] }) {
  const { t, locale, num } = useI18n();
  if (warnings.length === 0) return null;
  const text = (w: AgreementWarning): string => {
    const p = w.params;
    const number = (key: string) => Number(p[key]);
    switch (w.code) {
      case 'kappa-paradox':
        return t(p.ac1 === undefined ? 'agreement.warning.kappa-paradox.noAc1' : 'agreement.warning.kappa-paradox', {
          kappa: formatValue(locale, number('kappa')),
          agreement: formatPercent(locale, number('agreement')),
          label: String(p.label),
          share: formatPercent(locale, number('share'), 0),
          ac1: p.ac1 === undefined ? '' : formatValue(locale, number('ac1')),
        });
      case 'small-n':
      case 'clustered-pairs':
      case 'excluded-values':
      case 'duplicate-verdicts':
        return t(`agreement.warning.${w.code}` as MessageKey, Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'number' ? num(v) : v])));
      default:
        return t(`agreement.warning.${w.code}` as MessageKey, p);
    }
  };
  return (
    <ul className="agreement-warnings">
      {warnings.map((w) => (
        <li key={w.code} className={w.code === 'clustered-pairs' ? 'agreement-warning info' : 'agreement-warning'} data-testid="agreement-warning" data-code={w.code}>
          <Icon name="alert" size={14} />
          <span>{text(w)}</span>
        </li>
      ))}
    </ul>
  );
}
