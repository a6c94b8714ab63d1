import type { AnchorSetSummary } from '../../../shared/api/calibration-ops';
import { DEFAULT_DRIFT_THRESHOLDS } from '../../../shared/api/calibration-ops';
import { formatRaw, judgeLabel } from '../calibration/format';
import { useI18n } from '../../i18n/useI18n';
import { useAnchorStore } from './anchorStore';
import { driftFlagText } from '../calibration/calibrationNotes';
import { coefficientLabel } from '../calibration/calibrationText';
import { reasonWording } from '../agreement/agreementText';
import { dimensionName } from '../agreement/agreementText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Figure, MaybeNumber } from '../calibration/Figure';

/** Where a mean shift is "possible drift": the cases that would decide it if the change stayed as it is. */
function DecidingN({ label, n, which }: { label: string; n: number | null | undefined; which: string }) {
  const { t, num } = useI18n();
  if (n === null || n === undefined) return null;
  return (
    <span className="cal-deciding" data-testid="drift-deciding-n" data-which={which} data-n={n}>
      {t('calibration.drift.decidingN', { what: label, n: num(n) })}
    </span>
  );
}

/** A judge run on the anchor set: agreement and mean shift against the anchors and the previous judge version, with a DRIFT flag. */
export function DriftPanel({ summary }: { summary: AnchorSetSummary }) {
  const { t, locale, num } = useI18n();
  const runs = useAnchorStore((s) => s.runs);
  const runId = useAnchorStore((s) => s.driftRunId);
  const drifting = useAnchorStore((s) => s.drifting);
  const report = useAnchorStore((s) => s.drift);
  const error = useAnchorStore((s) => s.driftError);
  const setRun = useAnchorStore((s) => s.setDriftRun);
  const check = useAnchorStore((s) => s.checkDrift);
  const thresholds = report?.thresholds ?? summary.thresholds;
  const shown = report && report.anchorSet.name === summary.name && report.anchorSet.version === summary.version ? report : null;

  return (
    <section className="cal-card cal-drift">
      <div className="cal-card-head">
        <h3 className="cal-card-title">{t('calibration.drift.title')}</h3>
      </div>
      <p className="cal-hint" data-testid="drift-thresholds">
        {t('calibration.drift.thresholds', { drop: formatRaw(thresholds.maxAgreementDrop), shift: formatRaw(thresholds.maxBiasShift * 100) })}{' '}
        {t('calibration.drift.defaults', { drop: formatRaw(DEFAULT_DRIFT_THRESHOLDS.maxAgreementDrop), shift: formatRaw(DEFAULT_DRIFT_THRESHOLDS.maxBiasShift * 100) })}
      </p>
      <form
        className="cal-form-row"
        onSubmit={(event) => {
          event.preventDefault();
          void check();
        }}
      >
        <label className="field cal-grow">
          <span className="field-label">{t('calibration.drift.run')}</span>
          <select
            className="select mono"
            value={runId ?? ''}
            data-testid="anchor-drift-run"
            disabled={!runs || runs.length === 0}
            onChange={(event) => setRun(Number(event.target.value))}
          >
            {runs?.length === 0 ? <option value="">{t('calibration.drift.noRuns')}</option> : null}
            {runs?.map((run) => (
              <option key={run.id} value={run.id}>
                #{run.id} · {judgeLabel({ model: run.model, modelVersion: run.modelVersion, promptVersion: run.promptVersion })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button primary" data-testid="anchor-drift" disabled={runId === null || drifting}>
          {drifting ? t('calibration.drift.running') : t('calibration.drift.button')}
        </button>
      </form>
      {error ? <ErrorDetails error={error} testId="anchor-drift-error" /> : null}
      {shown ? (
        <div className="cal-result" data-testid="anchor-drift-result">
          <p className={shown.flagged ? 'cal-drift-flag flagged' : 'cal-drift-flag'} data-testid="drift-flag" data-flagged={String(shown.flagged)} data-state={shown.state ?? ''} role="status">
            <strong>{shown.flagged ? t('calibration.drift.flagged') : shown.state === 'possible' ? t('calibration.drift.possible') : t('calibration.drift.clear')}</strong>
            {shown.state === 'possible' ? <span>{t('calibration.drift.possibleHint')}</span> : null}
            <span>{t('calibration.drift.runLine', { run: `#${shown.run.runId} ${judgeLabel(shown.run)}` })}</span>
          </p>
          <div className="cal-table-scroll">
            <table className="cal-table cal-drift-table">
              <thead>
                <tr>
                  <th rowSpan={2}>{t('calibration.figures.dimension')}</th>
                  <th rowSpan={2} className="num">n</th>
                  <th colSpan={2} className="cal-group-head">{t('calibration.drift.vsAnchors')}</th>
                  <th colSpan={2} className="cal-group-head">{t('calibration.drift.vsPrevious')}</th>
                  <th rowSpan={2}>{t('calibration.drift.flags')}</th>
                </tr>
                <tr>
                  <th>{t('calibration.drift.agreement')}</th>
                  <th>{t('calibration.drift.bias')}</th>
                  <th>{t('calibration.drift.agreement')}</th>
                  <th>{t('calibration.drift.meanShift')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.dimensions.map((d) => (
                  <tr key={d.dimension} data-testid="drift-dimension" data-dimension={d.dimension} data-flagged={String(d.flags.length > 0)} data-state={d.state ?? ''}>
                    <td>
                      {dimensionName(locale, d.dimension)}
                      {d.reason ? <span className="cal-reason">{reasonWording(locale, d.reason, d.reasonCode)}</span> : null}
                    </td>
                    <td className="num">
                      {num(d.n)}
                      {d.missing > 0 ? <span className="cal-missing">{t('calibration.drift.missing', { count: d.missing })}</span> : null}
                    </td>
                    <td>
                      <span className="cal-fig-key">{coefficientLabel(locale, d.agreementKey)}</span>
                      <Figure figure={d.agreement} />
                      <span className="cal-compare">
                        {t('calibration.drift.atFreeze')} <MaybeNumber value={d.agreementAtFreeze} />
                        {' · '}
                        {t('calibration.drift.drop')} <MaybeNumber value={d.agreementDrop} signed />
                      </span>
                    </td>
                    <td>
                      <Figure figure={d.bias} signed />
                      {d.biasAtFreeze !== null || d.biasMove !== null ? (
                        <span className="cal-compare">
                          {t('calibration.drift.atFreeze')} <MaybeNumber value={d.biasAtFreeze} signed />
                          {' · '}
                          {t('calibration.drift.move')} <MaybeNumber value={d.biasMove} signed />
                        </span>
                      ) : null}
                    </td>
                    {d.previous ? (
                      <>
                        <td>
                          <span className="cal-compare mono">#{d.previous.run.runId} {d.previous.run.modelVersion} · n {num(d.previous.n)}</span>
                          <Figure figure={d.previous.agreement} />
                        </td>
                        <td><Figure figure={d.previous.meanShift} signed /></td>
                      </>
                    ) : (
                      <td colSpan={2} className="muted">{t('calibration.drift.noPrevious')}</td>
                    )}
                    <td>
                      {d.flags.length === 0 && d.state === 'possible' ? (
                        <span className="cal-possible" data-testid="drift-dimension-possible">{t('calibration.drift.rowPossible')}</span>
                      ) : d.flags.length === 0 ? (
                        <span className="cal-ok">{t('calibration.drift.ok')}</span>
                      ) : (
                        d.flags.map((flag) => (
                          <span key={flag.code} className="cal-flag" data-testid="drift-dimension-flag" data-code={flag.code} title={driftFlagText(locale, flag)}>
                            {t(flag.code === 'agreement-drop' ? 'calibration.drift.flag.agreement' : 'calibration.drift.flag.bias')}
                          </span>
                        ))
                      )}
                      <DecidingN label={t('calibration.drift.sinceFreeze')} n={d.shiftSinceFreeze?.state === 'possible' ? d.shiftSinceFreeze.decidingN : null} which="freeze" />
                      <DecidingN label={t('calibration.drift.sincePrevious')} n={d.shiftSincePrevious?.state === 'possible' ? d.shiftSincePrevious.decidingN : null} which="previous" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}
