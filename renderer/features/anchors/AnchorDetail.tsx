import { formatRaw, formatWhen, judgeLabel } from '../calibration/format';
import { useI18n } from '../../i18n/useI18n';
import { useAnchorStore } from './anchorStore';
import { coefficientLabel } from '../calibration/calibrationText';
import { dimensionName, valueName } from '../agreement/agreementText';
import { Icon } from '../../common/Icon';
import { MaybeNumber } from '../calibration/Figure';
import { DriftPanel } from './DriftPanel';
import { ExportPanel } from './ExportPanel';
import { usePick } from '../../common/usePick';

/** The selected anchor set version: what it holds, its export, and the drift check. */
export function AnchorDetail() {
  const { t, locale, num, label } = useI18n();
  const { sets, selected, frozen } = usePick(useAnchorStore, 'sets', 'selected', 'frozen');
  const summary = sets?.find((s) => s.name === selected?.name && s.version === selected?.version) ?? null;
  if (!summary) return null;

  return (
    <div className="cal-anchor-detail" data-testid="anchor-detail" data-name={summary.name} data-version={summary.version}>
      {frozen && frozen.summary.name === summary.name ? (
        <p className={frozen.created ? 'cal-notice success' : 'cal-notice'} data-testid="anchor-frozen" data-created={String(frozen.created)}>
          <Icon name={frozen.created ? 'check' : 'alert'} size={14} />
          {frozen.created
            ? frozen.summary.version > 1
              ? t('calibration.anchors.frozenNew', { name: frozen.summary.name, version: frozen.summary.version, previous: frozen.summary.version - 1 })
              : t('calibration.anchors.frozenFirst', { name: frozen.summary.name })
            : t('calibration.anchors.frozenSame', { name: frozen.summary.name, version: frozen.summary.version })}
        </p>
      ) : null}
      <section className="cal-card cal-anchor-summary">
        <div className="cal-card-head">
          <h2 className="cal-card-title">
            <span className="mono">{summary.name}</span> <span className="cal-version-tag">v{summary.version}</span>
          </h2>
          <span className="cal-hint">
            {summary.origin === 'imported' ? t('calibration.anchors.importedAt', { when: formatWhen(locale, summary.frozenAt) }) : t('calibration.anchors.frozenOn', { when: formatWhen(locale, summary.frozenAt) })}
          </span>
        </div>
        <dl className="cal-facts">
          <div>
            <dt>{t('calibration.anchors.items')}</dt>
            <dd>{num(summary.items)}</dd>
          </div>
          <div>
            <dt>{t('calibration.anchors.rounds')}</dt>
            <dd>{summary.rounds.length ? summary.rounds.map((r) => `#${r}`).join(', ') : '—'}</dd>
          </div>
          <div>
            <dt>{t('calibration.anchors.slices')}</dt>
            <dd>{summary.slices.length ? summary.slices.map((slice) => label('slice', slice)).join(', ') : t('calibration.anchors.allSlices')}</dd>
          </div>
          <div>
            <dt>{t('calibration.anchors.reviewers')}</dt>
            <dd>{summary.reviewers.join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>{t('calibration.anchors.thresholds')}</dt>
            <dd>
              {t('calibration.anchors.thresholdsText', {
                drop: formatRaw(summary.thresholds.maxAgreementDrop),
                shift: formatRaw(summary.thresholds.maxBiasShift * 100),
              })}
            </dd>
          </div>
        </dl>
        <table className="cal-table cal-anchor-dims-table">
          <thead>
            <tr>
              <th>{t('calibration.figures.dimension')}</th>
              <th className="num">{t('calibration.anchors.items')}</th>
              <th>{t('calibration.anchors.judgeAtFreeze')}</th>
              <th>{t('calibration.anchors.agreementAtFreeze')}</th>
              <th>{t('calibration.anchors.biasAtFreeze')}</th>
              <th>{t('calibration.anchors.counts')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.dimensions.map((d) => (
              <tr key={d.dimension} data-testid="anchor-dimension" data-dimension={d.dimension}>
                <td>{dimensionName(locale, d.dimension)}</td>
                <td className="num">{num(d.items)}</td>
                <td className="mono small">{d.judge ? judgeLabel(d.judge) : '—'}</td>
                <td>
                  <span className="cal-fig-key">{coefficientLabel(locale, d.agreementKey)}</span> <MaybeNumber value={d.agreement} />
                </td>
                <td>
                  <MaybeNumber value={d.bias} signed />
                  {d.bias === null && d.type === 'categorical' ? <span className="cal-reason">{t('calibration.anchors.noCategoricalBias')}</span> : null}
                </td>
                <td>
                  <div className="cal-counts">
                    {summary.counts
                      .filter((c) => c.dimension === d.dimension)
                      .map((c) => (
                        <span key={String(c.value)} className="chip chip-quiet">
                          {valueName(locale, d.dimension, formatRaw(c.value))} <strong>{num(c.count)}</strong>
                        </span>
                      ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="cal-anchor-actions">
        <ExportPanel />
        <DriftPanel summary={summary} />
      </div>
    </div>
  );
}
