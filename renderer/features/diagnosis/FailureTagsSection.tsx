import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { LayerStatus } from './LayerStatus';
import { useLayers } from './layersStore';
import { RateText } from './RateText';
import { Figure, SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

/** The failure tags the data suggests, by the layer each blames, and whether the judge leans toward blaming generation. */
export function FailureTagsSection({ system, report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const { layers, error } = useLayers(system, report);
  return (
    <SectionCard id="failure-tags" title={t('dxdata.tags.title')} subtitle={t('dxdata.tags.sub')}>
      {!layers ? (
        <LayerStatus error={error} />
      ) : (
        <>
          {layers.suggestedByLayer.length === 0 ? (
            <p className="muted" data-testid="dx-tags-none">{t('dxdata.tags.none')}</p>
          ) : (
            <table className="dx-table" data-testid="dx-tags">
              <thead>
                <tr>
                  <th>{t('dxdata.tags.layer')}</th>
                  <th>{t('dxdata.tags.tag')}</th>
                  <th>{t('dxdata.tags.count')}</th>
                </tr>
              </thead>
              <tbody>
                {layers.suggestedByLayer.flatMap((group) =>
                  group.tags.map((tag, i) => (
                    <tr key={tag.tag}>
                      <th>{i === 0 ? t(`dxdata.tagLayer.${group.layer}` as MessageKey) : ''}</th>
                      <td className="mono">{tag.tag}</td>
                      <td>{num(tag.count)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          )}
          <Figure label={t('dxdata.tags.judge')} hint={t('dxdata.tags.judge.hint')} testId="dx-judge-blame">
            {layers.judgeBlamesGeneration ? <RateText rate={layers.judgeBlamesGeneration} why={t('dxdata.why.judgeBlames')} /> : <span className="muted">{t('dxdata.tags.judge.none')}</span>}
          </Figure>
        </>
      )}
    </SectionCard>
  );
}
