import { z } from 'zod';
import { enErrors } from './errors.en';
import { zhErrors } from './errors.zh-CN';
import { enDiagnosisText } from './diagnosis.en';
import { zhDiagnosisText } from './diagnosis.zh-CN';
import { enReasonText } from './reasons.en';
import { zhReasonText } from './reasons.zh-CN';

/**
 * A sentence that is not yet worded: a catalogue key and the values it names
 * (file, line, field, expected, got, …). The backend sends these; the window
 * words them in the reader's language and the CLI in English, both through
 * `renderText`, so no sentence is ever worded twice or read back into a key.
 * A value may itself be a LocalText (a type name, a nested reason) or a list
 * of them (joined the way the language joins a list).
 */
export interface LocalText {
  key: string;
  values?: Record<string, TextValue>;
}
export type TextValue = string | number | null | LocalText | TextValue[];

/** The languages the catalogue is written in (the window's languages). */
export type MessageLocale = 'zh-CN' | 'en';

const CATALOGUES: Record<MessageLocale, Record<string, string>> = { en: { ...enErrors, ...enDiagnosisText, ...enReasonText }, 'zh-CN': { ...zhErrors, ...zhDiagnosisText, ...zhReasonText } };

const TextValueSchema: z.ZodType<TextValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.null(), LocalTextSchema, z.array(TextValueSchema)]),
);
export const LocalTextSchema: z.ZodType<LocalText> = z.lazy(() =>
  z.object({ key: z.string().min(1), values: z.record(z.string(), TextValueSchema).optional() }),
);

/** A LocalText for `key` (a key of errors.en.ts). */
export function text(key: string, values?: Record<string, TextValue>): LocalText {
  return values ? { key, values } : { key };
}

const LIST_SEPARATOR: Record<MessageLocale, string> = { en: '; ', 'zh-CN': '；' };

function renderValue(locale: MessageLocale, value: TextValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map((v) => renderValue(locale, v)).join(LIST_SEPARATOR[locale]);
  if (typeof value === 'object') return renderText(locale, value);
  return String(value);
}

/** The sentence in `locale` (English when the key is missing there; the key itself when it is missing everywhere). */
export function renderText(locale: MessageLocale, t: LocalText): string {
  const lookup = (key: string): string | undefined =>
    Object.prototype.hasOwnProperty.call(CATALOGUES[locale], key) ? CATALOGUES[locale][key] : CATALOGUES.en[key];
  // the singular form `.one` when the count is 1
  const template = (t.values?.count === 1 ? lookup(`${t.key}.one`) : undefined) ?? lookup(t.key) ?? t.key;
  if (!t.values) return template;
  const values = t.values;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? renderValue(locale, values[name]) : whole,
  );
}

/** An error's sentence in `locale`: worded from its text when it has one, else its (English) message. */
export function errorSentence(locale: MessageLocale, error: { message: string; text?: LocalText | null }): string {
  return error.text ? renderText(locale, error.text) : error.message;
}
