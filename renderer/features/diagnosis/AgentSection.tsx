import { STOP_STATES } from '../../../shared/domain/schemas';
import { useI18n } from '../../i18n/useI18n';
import { LayerStatus } from './LayerStatus';
import { useLayers } from './layersStore';
import { RateText } from './RateText';
import { Figure, SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

/** Retrieved when it must, stop states by answerability, and accuracy beside what it cost, in one table. */
export function AgentSection({ system, report }: DiagnosisSectionProps) {
  const { t, num, label } = useI18n();
  const { layers, error } = useLayers(system, report);
  if (!layers) {
    return (
      <SectionCard id="agent" title={t('dxdata.agent.title')} subtitle={t('dxdata.agent.sub')}>
        <LayerStatus error={error} />
      </SectionCard>
    );
  }
  const a = layers.agent;
  const undefinedFor = (why: string) => <span className="dx-rate undefined">{t('dxdata.undefinedWhy', { why })}</span>;
  const figure = (value: number | null, why: string, digits = 1) => (value === null ? undefinedFor(why) : num(Number(value.toFixed(digits))));
  return (
    <SectionCard id="agent" title={t('dxdata.agent.title')} subtitle={t('dxdata.agent.sub')}>
      <div className="dx-figures">
        <Figure label={t('dxdata.agent.missed')} hint={t('dxdata.agent.missed.hint')} testId="dx-missed-retrieval">
          <RateText rate={a.missedRetrieval} why={t('dxdata.why.missed')} />
        </Figure>
        <Figure label={t('dxdata.agent.needless')} hint={t('dxdata.agent.needless.hint')} testId="dx-needless-retrieval">
          <RateText rate={a.needlessRetrieval} why={t('dxdata.why.needless')} />
        </Figure>
        <Figure label={t('dxdata.agent.searches')} hint={t('dxdata.agent.searches.hint')} testId="dx-searches">
          {a.searchesPerCase.mean === null ? undefinedFor(t('dxdata.why.searches')) : t('dxdata.agent.searches.value', { mean: num(Number(a.searchesPerCase.mean.toFixed(2))), n: num(a.searchesPerCase.n) })}
        </Figure>
      </div>
      {a.mustRetrieveUnknown > 0 ? <p className="muted">{t('dxdata.agent.unknown', { count: num(a.mustRetrieveUnknown) })}</p> : null}
      <h3 className="dx-subhead">{t('dxdata.agent.cost')}</h3>
      <p className="muted">{t('dxdata.agent.cost.hint')}</p>
      <table className="dx-table" data-testid="dx-cost">
        <thead>
          <tr>
            <th>{t('dxdata.agent.accuracy')}</th>
            <th>{t('dxdata.agent.searchesPerCorrect')}</th>
            <th>{t('dxdata.agent.tokensPerCorrect')}</th>
            <th>{t('dxdata.agent.latency')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td><RateText rate={a.cost.accuracy} why={t('dxdata.why.accuracy')} /></td>
            <td>{figure(a.cost.searchesPerCorrect, t('dxdata.why.perCorrect.searches'))}</td>
            <td>{figure(a.cost.tokensPerCorrect, t('dxdata.why.perCorrect.tokens'), 0)}</td>
            <td>
              {a.cost.latencyP50 === null || a.cost.latencyP95 === null
                ? undefinedFor(t('dxdata.why.latency'))
                : t('dxdata.agent.latency.value', { p50: num(Math.round(a.cost.latencyP50)), p95: num(Math.round(a.cost.latencyP95)), n: num(a.cost.latencyN) })}
            </td>
          </tr>
        </tbody>
      </table>
      <h3 className="dx-subhead">{t('dxdata.agent.stops')}</h3>
      <table className="dx-table" data-testid="dx-stop-states">
        <thead>
          <tr>
            <th>{t('dxdata.agent.answerability')}</th>
            {[...STOP_STATES, 'unknown' as const].map((s) => (s === 'unknown' ? <th key={s}>{t('dxdata.agent.noStopState')}</th> : <th key={s} className="mono">{s}</th>))}
            <th>{t('dxdata.agent.right')}</th>
          </tr>
        </thead>
        <tbody>
          {a.stopStates.map((row) => (
            <tr key={row.answerability}>
              <th>{row.answerability === 'unknown' ? t('dxdata.agent.noAnswerability') : label('answerability', row.answerability)}</th>
              {[...STOP_STATES, 'unknown' as const].map((s) => <td key={s}>{num(row.counts[s])}</td>)}
              <td>{row.right ? <RateText rate={row.right} why={t('dxdata.why.stop')} /> : t('dxdata.agent.rightNone')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
