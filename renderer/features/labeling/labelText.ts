import { isForbiddenClaimId } from '../../../shared/diagnosis/claim-ids';
import type { LabelValue } from '../../../shared/domain/dimensions';
import { catalogues, hasEnumLabel, type EnumKind, type MessageKey } from '../../i18n';
import { formatScaleValue } from './numeric';
import type { I18n } from '../../i18n/useI18n';

/** Dimensions whose values share a vocabulary with the Cases screen. */
const ENUM_DIMENSIONS: Partial<Record<string, EnumKind>> = { answerability: 'answerability', questionType: 'questionType' };

function has(i18n: I18n, key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(catalogues[i18n.locale], key);
}

/** A dimension's name for people ("Answerability", "可回答性"), or its raw name for user-defined ones. */
export function dimensionLabel(i18n: I18n, name: string): string {
  const key = `labeling.dim.${name}`;
  return has(i18n, key) ? i18n.t(key) : name;
}

/** The question a step asks, or null for user-defined dimensions. */
export function dimensionQuestion(i18n: I18n, name: string): string | null {
  const key = `labeling.ask.${name}`;
  return has(i18n, key) ? i18n.t(key) : null;
}

/** A one-line explanation of an option, when the catalogue has one. */
export function optionHint(i18n: I18n, dimension: string, value: string | number): string | null {
  const key = `labeling.hint.${dimension}.${value}`;
  return has(i18n, key) ? i18n.t(key) : null;
}

/** A label value for people: translated vocabulary, a scale value, a claim count. */
export function valueLabel(i18n: I18n, dimension: string, value: LabelValue | undefined): string {
  if (value === null || value === undefined) return i18n.t('labeling.value.none');
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    // a multi-select set: its values named, or "none" ([] is the answer "none apply")
    return value.length === 0 ? i18n.t('labeling.multi.none') : value.map((v) => valueLabel(i18n, dimension, v as string)).join(i18n.t('labeling.multi.separator'));
  }
  if (Array.isArray(value)) return i18n.t('labeling.value.claims', { count: value.length });
  if (typeof value === 'boolean') return i18n.t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'object') {
    // required claims counted apart from forbidden ones: a stated forbidden claim is a fault, not one more "stated"
    const entries = Object.entries(value);
    const required = entries.filter(([id]) => !isForbiddenClaimId(id));
    const forbidden = entries.filter(([id, m]) => isForbiddenClaimId(id) && m.stated).length;
    const stated = i18n.t('labeling.value.stated', { stated: required.filter(([, m]) => m.stated).length, count: required.length });
    return forbidden > 0 ? `${stated} · ${i18n.t('labeling.value.forbiddenStated', { count: forbidden })}` : stated;
  }
  const kind = ENUM_DIMENSIONS[dimension];
  if (kind && typeof value === 'string' && hasEnumLabel(i18n.locale, kind, value)) return i18n.label(kind, value);
  const key = `labeling.value.${dimension}.${value}`;
  if (has(i18n, key)) return i18n.t(key);
  if (typeof value === 'number' && dimension === 'faithfulness') return formatScaleValue(value);
  return String(value);
}

/** The value with its raw form when the label differs (e.g. "Right (2)"). */
export function valueWithCode(i18n: I18n, dimension: string, value: LabelValue | undefined): string {
  const text = valueLabel(i18n, dimension, value);
  return typeof value === 'number' && text !== String(value) && text !== formatScaleValue(value) ? `${text} (${value})` : text;
}

/** A suggestion's reason code from the API, in the person's language (or as sent, when unknown). */
export function refusalReasonText(i18n: I18n, reason: string | null | undefined): string | null {
  if (!reason) return null;
  const key = `labeling.why.${reason}`;
  return has(i18n, key) ? i18n.t(key) : reason;
}

export function formatTime(i18n: I18n, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(i18n.locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}
