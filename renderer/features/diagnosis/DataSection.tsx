import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { CaseLinks } from './CaseLinks';
import { LayerStatus } from './LayerStatus';
import { useLayers } from './layersStore';
import { RateText } from './RateText';
import { Figure, SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

/** Stale chunks in the context and how often the answer follows the old version (the conflict slice's headline). */
export function DataSection({ system, report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const { layers, error } = useLayers(system, report);
  if (!layers) {
    return (
      <SectionCard id="data" title={t('dxdata.data.title')} subtitle={t('dxdata.data.sub')}>
        <LayerStatus error={error} />
      </SectionCard>
    );
  }
  const d = layers.data;
  const unlabeled = (count: number) => (count > 0 ? <p className="muted">{t('dxdata.data.unlabeled', { count: num(count) })}</p> : null);
  return (
    <SectionCard id="data" title={t('dxdata.data.title')} subtitle={t('dxdata.data.sub')}>
      <div className="dx-figures">
        <Figure label={t('dxdata.data.conflictRuns')} hint={t('dxdata.data.conflictRuns.hint')} testId="dx-follow-old-conflict">
          <RateText rate={d.conflictRuns.followed} why={t('dxdata.why.conflictRuns')} />
          {unlabeled(d.conflictRuns.unlabeled)}
        </Figure>
        <Figure label={t('dxdata.data.conflictSlice')} hint={t('dxdata.data.conflictSlice.hint')} testId="dx-follow-old-slice">
          <RateText rate={d.conflictSliceNormal.followed} why={t('dxdata.why.conflictSlice')} />
          {unlabeled(d.conflictSliceNormal.unlabeled)}
        </Figure>
        <Figure label={t('dxdata.data.stale')} hint={t('dxdata.data.stale.hint')} testId="dx-stale">
          <RateText rate={d.staleContext} why={t('dxdata.why.normal')} />
        </Figure>
        <Figure label={t('dxdata.data.followed')} hint={t('dxdata.data.followed.hint')} testId="dx-followed">
          <RateText rate={d.followedStale.followed} why={t('dxdata.why.followed')} />
          {unlabeled(d.followedStale.unlabeled)}
        </Figure>
      </div>
      <h3 className="dx-subhead">{t('dxdata.data.staleList')}</h3>
      <CaseLinks
        refs={layers.staleResponses}
        list={{ part: 'layers', name: 'staleResponses' }}
        testId="dx-stale-cases"
        showKey="dxdata.data.staleShow"
        note={(s) => {
          const reason = t(`dxdata.reason.${s.reason}` as MessageKey);
          return s.current ? t('dxdata.data.staleNote', { docId: s.docId, revision: s.revision, current: s.current, reason }) : t('dxdata.data.staleNoteNoCurrent', { docId: s.docId, revision: s.revision, reason });
        }}
      />
    </SectionCard>
  );
}
