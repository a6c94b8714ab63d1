import type { MessageKey } from '../../i18n';
import { reasonText } from './reasonText';
import { useI18n } from '../../i18n/useI18n';
import { CaseLinks } from './CaseLinks';
import { RateText } from './RateText';
import { SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

const layerKey = (layer: string) => `diagnosis.layer.${layer}` as MessageKey;

/** The sentence naming the layer with the most failures, and every failing response's layer with its reason. */
export function LayersSection({ report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const { layers } = report;
  const top = layers.top ? layers.counts.find((c) => c.layer === layers.top) : undefined;
  let sentence: string;
  if (layers.failing === 0 && layers.unplaced === 0) sentence = t('diagnosis.summary.none', { assessed: num(layers.assessed) });
  else if (layers.failing === 0) sentence = t('diagnosis.summary.unplaced', { count: num(layers.unplaced) });
  else if (top) sentence = t('diagnosis.summary.top', { layer: t(layerKey(top.layer)), count: num(top.share.count), total: num(layers.failing) });
  else sentence = t('diagnosis.summary.tie', { total: num(layers.failing) });
  return (
    <SectionCard id="layers" title={t('diagnosis.section.layers')} subtitle={t('diagnosis.section.layers.sub')}>
      <p className="dx-verdict" data-testid="diagnosis-verdict">{sentence}</p>
      {layers.notAssessed > 0 ? <p className="muted">{t('diagnosis.summary.notAssessed', { count: num(layers.notAssessed) })}</p> : null}
      {layers.unplaced > 0 && layers.failing > 0 ? <p className="muted" data-testid="diagnosis-unplaced">{t('diagnosis.summary.unplaced', { count: num(layers.unplaced) })}</p> : null}
      {layers.failing > 0 ? (
        <table className="dx-table" data-testid="diagnosis-layers">
          <thead>
            <tr>
              <th scope="col">{t('diagnosis.layers.layer')}</th>
              <th scope="col">{t('diagnosis.layers.share')}</th>
              <th scope="col">{t('diagnosis.layers.cases')}</th>
            </tr>
          </thead>
          <tbody>
            {layers.counts.map((c) => {
              const assigned = layers.assignments.filter((a) => a.layer === c.layer);
              return (
                <tr key={c.layer} data-testid={`diagnosis-layer-${c.layer}`} className={c.layer === layers.top ? 'dx-top' : undefined}>
                  <th scope="row" className="dx-layer-name">{t(layerKey(c.layer))}</th>
                  <td><RateText rate={c.share} why={t('diagnosis.why.cells')} /></td>
                  <td>
                    <CaseLinks refs={assigned} list={{ part: 'report', name: `layers.assignments@${c.layer}` }} note={(a) => reasonText(t, a.reason)} of={t(layerKey(c.layer))} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </SectionCard>
  );
}
