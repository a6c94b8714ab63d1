import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import type { DimensionReport } from './agreementStore';
import { formatPercent, formatPoints, formatSigned, formatValue, reasonWording, valueName } from './agreementText';
import { FigureValue } from './FigureText';

/** "The judge is 0.26 more lenient than people (95% interval …)": the headline of the bias, in words. */
export function BiasSentence({ dimension }: { dimension: DimensionReport }) {
  const { t, locale } = useI18n();
  const bias = dimension.bias;
  if (!bias) return null;
  const h = bias.headline;
  if (h.value === null) return <p className="ag-bias-sentence muted">{t('agreement.undefinedWithReason', { reason: reasonWording(locale, h.reason, h.reasonCode) })}</p>;

  const share = (v: number | null) => (v === null ? '—' : formatPercent(locale, v));
  const amount = h.kind === 'mean' ? formatValue(locale, Math.abs(h.value)) : t('agreement.bias.points', { value: formatPoints(locale, Math.abs(h.value)).replace('+', '') });
  let key: MessageKey;
  if (h.kind === 'category') key = h.value > 0 ? 'agreement.bias.category.more' : h.value < 0 ? 'agreement.bias.category.less' : 'agreement.bias.category.none';
  else key = `agreement.bias.${h.kind}.${h.direction ?? 'none'}`;
  const label = h.label === null ? '' : valueName(locale, dimension.dimension, h.label);
  const main = t(key, { value: amount, judge: share(h.judge), human: share(h.human), label });
  const bound = (v: number | null) => (v === null ? '—' : h.kind === 'mean' ? formatSigned(locale, v) : formatPoints(locale, v));
  const interval = h.ci95 ? t('agreement.bias.interval', { low: bound(h.ci95[0]), high: bound(h.ci95[1]), n: h.n }) : '.';
  const lean = h.direction === 'lenient' ? 'lenient' : h.direction === 'strict' ? 'strict' : 'neutral';
  return (
    <div className="ag-bias-sentence" data-testid="agreement-bias" data-direction={h.direction ?? 'none'} data-clear={h.clear ? 'yes' : 'no'} data-lean={lean}>
      <p className="ag-bias-main">
        {main}
        {interval}
      </p>
      {h.value !== 0 ? <p className="ag-bias-note">{h.clear ? t('agreement.bias.clear') : t('agreement.bias.unclear')}</p> : null}
    </div>
  );
}

/** Bias: the sentence, the means or pass rates behind it, and per-value over- and under-calling. */
export function BiasCard({ dimension }: { dimension: DimensionReport }) {
  const { t, locale, num } = useI18n();
  const bias = dimension.bias;
  if (!bias) return null;
  const percent = (v: number) => formatPercent(locale, v);
  return (
    <section className="agreement-card" aria-labelledby={`bias-${dimension.dimension}`}>
      <h3 className="agreement-card-title" id={`bias-${dimension.dimension}`}>
        {t('agreement.section.bias')}
      </h3>
      <BiasSentence dimension={dimension} />
      {bias.mean ? (
        <p className="ag-bias-detail">
          {t(bias.mean.scale === 'value' ? 'agreement.bias.means' : 'agreement.bias.meansPosition', {
            judge: bias.mean.judgeMean === null ? '—' : formatValue(locale, bias.mean.judgeMean),
            human: bias.mean.humanMean === null ? '—' : formatValue(locale, bias.mean.humanMean),
          })}
        </p>
      ) : null}
      {dimension.failureLayer ? (
        <p className="ag-failure-layer-line" data-testid="agreement-failure-layer">
          <strong>{t('agreement.section.failureLayer')}: </strong>
          {dimension.failureLayer.peopleBlamedRetrievalOrData === 0
            ? t('agreement.failureLayer.none')
            : t('agreement.failureLayer.line', {
                people: num(dimension.failureLayer.peopleBlamedRetrievalOrData),
                count: dimension.failureLayer.judgeSaidGeneration,
                rate: dimension.failureLayer.rate.value === null ? '—' : percent(dimension.failureLayer.rate.value),
              })}
        </p>
      ) : null}
      {bias.categories.length > 0 && dimension.type !== 'binary' ? (
        <>
          <table className="agreement-table ag-category-table">
            <thead>
              <tr>
                <th scope="col">{t('agreement.column.value2')}</th>
                <th scope="col" className="ag-numeric">{t('agreement.column.people')}</th>
                <th scope="col" className="ag-numeric">{t('agreement.column.judge')}</th>
                <th scope="col" className="ag-numeric">{t('agreement.column.overCalls')}</th>
                <th scope="col" className="ag-numeric">{t('agreement.column.underCalls')}</th>
              </tr>
            </thead>
            <tbody>
              {bias.categories.map((c) => {
                const net = c.netShare ?? 0;
                return (
                  <tr key={String(c.label)}>
                    <th scope="row">
                      {valueName(locale, dimension.dimension, c.label)}
                      {net !== 0 ? <span className={net > 0 ? 'ag-net more' : 'ag-net less'}>{formatPoints(locale, net)}</span> : null}
                    </th>
                    <td className="ag-numeric">{num(c.humanCount)}</td>
                    <td className="ag-numeric">{num(c.judgeCount)}</td>
                    <td className="ag-numeric">
                      {num(c.overCalls)} <span className="muted ag-small">(<FigureValue figure={c.overRate} format={percent} />)</span>
                    </td>
                    <td className="ag-numeric">
                      {num(c.underCalls)} <span className="muted ag-small">(<FigureValue figure={c.underRate} format={percent} />)</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="ag-card-footnote">{t('agreement.bias.categoriesHint')}</p>
        </>
      ) : null}
    </section>
  );
}
