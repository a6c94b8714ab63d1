import type { ImportReport as Report } from '../../../shared/api/contract';
import { useI18n } from '../../i18n/useI18n';
import { useImportStore } from './importStore';

/** What a foreign file held beyond the counts: the judge's verdicts per dimension, dimensions to define, fields not imported. */
export function ImportReport({ fileId, report, defined }: { fileId: number; report: Report; defined: string[] | null }) {
  const { t, num } = useI18n();
  const define = useImportStore((s) => s.defineOfferedDimensions);
  const created = new Set([...report.createdDimensions, ...(defined ?? [])]);
  const offered = report.newDimensions.filter((d) => !created.has(d.name));
  return (
    <div className="import-report">
      {report.metrics.length > 0 ? (
        <table className="table import-metrics" data-testid="import-metrics">
          <caption>{t('import.metrics')}</caption>
          <thead>
            <tr>
              <th>{t('import.dimension')}</th>
              <th className="num">{t('import.verdicts')}</th>
              <th className="num">{t('import.emptyScores')}</th>
              <th>{t('import.metricStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {report.metrics.map((m) => (
              <tr key={m.dimension} data-testid={`import-metric-${m.dimension}`}>
                <td>
                  <span className="mono">{m.dimension}</span>
                  {m.metric !== m.dimension ? <span className="metric-name muted">{t('import.metric')}: <span className="mono">{m.metric}</span></span> : null}
                </td>
                <td className="num">{num(m.verdicts)}</td>
                <td className="num">{m.empty ? num(m.empty) : ''}</td>
                <td className={m.defined || created.has(m.dimension) ? '' : 'muted'}>
                  {t(created.has(m.dimension) ? 'import.metric.created' : m.defined ? 'import.metric.defined' : 'import.metric.notDefined')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {offered.length > 0 ? (
        <div className="note offer" data-testid="import-offer-dimensions">
          <p>{t('import.offerDimensions', { names: offered.map((d) => d.name).join(', ') })}</p>
          <button type="button" className="button" onClick={() => void define(fileId)} data-testid="import-define-dimensions">
            {t('import.defineDimensions')}
          </button>
        </div>
      ) : defined ? (
        <p className="muted" data-testid="import-dimensions-defined">{t('import.dimensionsDefined', { names: defined.join(', ') })}</p>
      ) : null}
      {report.unused.length > 0 ? (
        <div className="import-unused" data-testid="import-unused">
          <h4>{t('import.unused')}</h4>
          <ul>
            {report.unused.map((u) => (
              <li key={`${u.reason}:${u.field}`}>
                {t(u.reason === 'judge-score' ? 'import.unused.judgeScore' : 'import.unused.unmapped', { field: u.field, records: num(u.records) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
