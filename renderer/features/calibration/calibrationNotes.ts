import type { DriftFlag, RoundNote } from '../../../shared/api/calibration-ops';
import { formatNumber, translate, type Locale } from '../../i18n';
import { coefficientLabel } from './calibrationText';
import { dimensionName } from '../agreement/agreementText';

/** Round notes and drift flags worded in the interface language from their code and figures (the API's English is for API users). */

export function roundNoteText(locale: Locale, note: RoundNote): string {
  const n = (value: number) => formatNumber(locale, value);
  switch (note.code) {
    case 'changes-measured': {
      const v = note.values;
      const dimensions = v.dimensions.map((d) => dimensionName(locale, d)).join(translate(locale, 'calibration.note.listSeparator'));
      return translate(locale, 'calibration.note.changesMeasured', { from: v.fromRunId, to: v.toRunId, dimensions });
    }
    case 'no-judge-run':
      return translate(locale, 'calibration.note.noJudgeRun');
    case 'no-comparable-runs':
      return translate(locale, 'calibration.note.noComparableRuns');
    case 'few-changed':
      return translate(locale, 'calibration.note.fewChanged', { count: note.values.changed, wanted: n(note.values.wanted) });
    case 'previous-excluded':
      return translate(locale, 'calibration.note.previousExcluded', { count: note.values.excluded });
    case 'few-eligible': {
      const v = note.values;
      const picked = translate(locale, 'calibration.note.itemCount', { count: v.picked });
      return translate(locale, 'calibration.note.fewEligible', { count: v.eligible, picked, size: n(v.size) });
    }
    case 'text':
      return note.text;
  }
}

const fixed = (value: number, digits = 3) => value.toFixed(digits);

export function driftFlagText(locale: Locale, flag: DriftFlag): string {
  if (flag.code === 'agreement-drop') {
    const v = flag.values;
    return translate(locale, 'calibration.drift.flag.agreementDetail', {
      coefficient: coefficientLabel(locale, v.coefficient), atFreeze: fixed(v.atFreeze), now: fixed(v.now), drop: fixed(v.drop), threshold: v.threshold,
    });
  }
  const v = flag.values;
  return translate(locale, v.fromFreeze ? 'calibration.drift.flag.biasDetail' : 'calibration.drift.flag.biasDetailFromZero', {
    from: fixed(v.from), now: fixed(v.now), share: fixed(v.share * 100, 1), threshold: fixed(v.threshold * 100, 1),
  });
}
