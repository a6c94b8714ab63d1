import { nextVersion } from '../calibration/format';
import { useI18n } from '../../i18n/useI18n';
import { freezeProblem, useAnchorStore } from './anchorStore';
import { dimensionName } from '../agreement/agreementText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Modal } from '../../common/Modal';

/** Freeze adjudicated items of closed rounds into a named anchor set; an existing name gets version N+1. */
export function FreezeDialog() {
  const { t, locale, num, label } = useI18n();
  const dialog = useAnchorStore((s) => s.freeze);
  const sets = useAnchorStore((s) => s.sets);
  const close = useAnchorStore((s) => s.closeFreeze);
  const edit = useAnchorStore((s) => s.editFreeze);
  const toggle = useAnchorStore((s) => s.toggleFreezeList);
  const submit = useAnchorStore((s) => s.submitFreeze);
  if (!dialog) return null;
  const { draft, rounds, dimensions, slices, busy, error } = dialog;
  const problem = freezeProblem(draft);
  const names = [...new Set((sets ?? []).map((s) => s.name))];
  const { version, latest } = nextVersion(sets ?? [], draft.name);

  return (
    <Modal
      title={t('calibration.freeze.title')}
      onClose={close}
      closeLabel={t('common.close')}
      testId="anchor-freeze-dialog"
      width="wide"
      footer={
        <>
          <button type="button" className="button" onClick={close}>{t('common.cancel')}</button>
          <button
            type="submit"
            form="anchor-freeze-form"
            className="button primary"
            data-testid="anchor-freeze-submit"
            disabled={problem !== null || busy}
          >
            {busy ? t('calibration.freeze.running') : t('calibration.freeze.button', { version })}
          </button>
        </>
      }
    >
      <form
        id="anchor-freeze-form"
        className="form cal-freeze"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span className="field-label">{t('calibration.freeze.name')}</span>
          <input
            className="input mono"
            value={draft.name}
            list="anchor-names"
            autoFocus
            spellCheck={false}
            placeholder="weekly-anchors"
            data-testid="anchor-freeze-name"
            aria-invalid={draft.name !== '' && problem === 'name'}
            onChange={(event) => edit({ name: event.target.value })}
          />
          <datalist id="anchor-names">
            {names.map((name) => <option key={name} value={name} />)}
          </datalist>
          {draft.name !== '' && problem === 'name' ? <span className="field-error">{t('calibration.freeze.nameError')}</span> : null}
          {draft.name.trim() !== '' && problem !== 'name' ? (
            <span className={latest !== null ? 'cal-version-note existing' : 'cal-version-note'} data-testid="anchor-freeze-version" data-version={version}>
              {latest !== null
                ? t('calibration.freeze.newVersion', { name: draft.name.trim(), version, latest })
                : t('calibration.freeze.firstVersion', { name: draft.name.trim() })}
            </span>
          ) : null}
        </label>

        <fieldset className="cal-fieldset">
          <legend className="field-label">{t('calibration.freeze.rounds')}</legend>
          {rounds === null ? (
            <div className="skeleton skeleton-line" />
          ) : rounds.length === 0 ? (
            <p className="field-error">{t('calibration.freeze.noRounds')}</p>
          ) : (
            <div className="cal-checks">
              {rounds.map((round) => (
                <label key={round.id} className="cal-check">
                  <input
                    type="checkbox"
                    checked={draft.roundIds.includes(round.id)}
                    data-testid="anchor-freeze-round"
                    data-round-id={round.id}
                    onChange={() => toggle('roundIds', round.id)}
                  />
                  <span className="mono">{round.week}</span>
                  <span className="muted">#{round.id} · {t('calibration.rounds.items', { count: round.items })}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <fieldset className="cal-fieldset">
          <legend className="field-label">
            {t('calibration.freeze.dimensions')} <span className="field-hint">{t('calibration.freeze.noneMeansAll')}</span>
          </legend>
          <div className="cal-checks">
            {dimensions.map((d) => (
              <label key={d.name} className="cal-check">
                <input type="checkbox" checked={draft.dimensions.includes(d.name)} data-testid="anchor-freeze-dimension" data-dimension={d.name} onChange={() => toggle('dimensions', d.name)} />
                {dimensionName(locale, d.name)}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="cal-fieldset">
          <legend className="field-label">
            {t('calibration.freeze.slices')} <span className="field-hint">{t('calibration.freeze.noneMeansAll')}</span>
          </legend>
          {slices.length === 0 ? (
            <p className="field-hint">{t('calibration.freeze.noSlices')}</p>
          ) : (
            <div className="cal-checks">
              {slices.map((slice) => (
                <label key={slice.value} className="cal-check">
                  <input type="checkbox" checked={draft.slices.includes(slice.value)} data-testid="anchor-freeze-slice" data-slice={slice.value} onChange={() => toggle('slices', slice.value)} />
                  {label('slice', slice.value)} <span className="muted">{num(slice.count)}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <fieldset className="cal-fieldset">
          <legend className="field-label">{t('calibration.freeze.thresholds')}</legend>
          <div className="form-row">
            <label className="field">
              <span className="field-hint">{t('calibration.freeze.maxDrop')}</span>
              <input className="input" inputMode="decimal" value={draft.maxAgreementDrop} data-testid="anchor-freeze-drop" onChange={(event) => edit({ maxAgreementDrop: event.target.value })} />
            </label>
            <label className="field">
              <span className="field-hint">{t('calibration.freeze.maxShift')}</span>
              <input className="input" inputMode="decimal" value={draft.maxBiasShift} data-testid="anchor-freeze-shift" onChange={(event) => edit({ maxBiasShift: event.target.value })} />
            </label>
          </div>
          {problem === 'thresholds' ? <span className="field-error">{t('calibration.freeze.thresholdError')}</span> : null}
        </fieldset>
        <p className="cal-hint">{t('calibration.freeze.never')}</p>
        {error ? <ErrorDetails error={error} testId="anchor-freeze-error" /> : null}
      </form>
    </Modal>
  );
}
