import { useI18n } from '../../i18n/useI18n';
import { useAgreementStore, type DimensionReport } from './agreementStore';
import { dimensionName, formatPercent, formatValue } from './agreementText';

/** One tab per dimension of the run, with its n and its headline coefficient. */
export function DimensionTabs({ dimensions }: { dimensions: DimensionReport[] }) {
  const { t, locale } = useI18n();
  const selected = useAgreementStore((s) => s.dimension);
  const select = useAgreementStore((s) => s.selectDimension);
  return (
    <div className="ag-dimension-tabs" role="tablist" aria-label={t('agreement.title')}>
      {dimensions.map((d) => {
        const primary = d.coefficients.find((c) => c.key === d.breakdown.primaryKey);
        const agreement = d.coefficients.find((c) => c.key === 'percentAgreement');
        const active = d.dimension === selected;
        return (
          <button
            key={d.dimension}
            type="button"
            role="tab"
            aria-selected={active}
            className={active ? 'ag-dimension-tab active' : 'ag-dimension-tab'}
            data-testid="agreement-dimension-tab"
            data-dimension={d.dimension}
            onClick={() => select(d.dimension)}
          >
            <span className="ag-tab-name">{dimensionName(locale, d.dimension)}</span>
            <span className="ag-tab-meta">
              <span className="ag-tab-type">{t(`agreement.type.${d.type}`)}</span>
              {d.n === 0 ? (
                <span className="ag-tab-figure muted">{t('agreement.tab.noPairs')}</span>
              ) : (
                <>
                  <span className="ag-tab-figure">{t('agreement.tab.pairs', { n: d.n })}</span>
                  {agreement?.value != null ? <span className="ag-tab-figure">{formatPercent(locale, agreement.value, 0)}</span> : null}
                  {primary && primary.key !== 'percentAgreement' ? (
                    <span className="ag-tab-figure ag-strong" title={t(`agreement.coefficient.${primary.key}`)}>
                      {primary.value === null ? t('agreement.undefined') : formatValue(locale, primary.value, 2)}
                    </span>
                  ) : null}
                </>
              )}
              {d.warnings.length > 0 ? <span className="ag-tab-warning" aria-hidden="true">!</span> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}
