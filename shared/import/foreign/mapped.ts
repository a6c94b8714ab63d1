import { ImportDataError, quoteList } from '../errors';
import { renderText, text as say, type LocalText } from '../../messages/text';
import type { FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

/** What a column can be mapped to with `--map target=column,…` (the dialog saves one mapping per file shape). */
export const MAP_TARGETS = ['id', 'query', 'referenceAnswer', 'contexts', 'evidence', 'retrieved', 'response'] as const;
export type MapTarget = (typeof MAP_TARGETS)[number];
export type ColumnMapping = Partial<Record<MapTarget, string>>;

/** A column mapping that cannot be read, worded from the catalogue like every refusal. */
export class MappingError extends Error {
  constructor(readonly text: LocalText) {
    super(renderText('en', text));
  }
}

/** Parses `query=question,referenceAnswer=ideal`; the message names the bad part. */
export function parseColumnMapping(text: string): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const eq = part.indexOf('=');
    const target = part.slice(0, eq).trim();
    const column = part.slice(eq + 1).trim();
    if (eq <= 0 || column === '') throw new MappingError(say('err.mapping.not-pair', { part }));
    if (!(MAP_TARGETS as readonly string[]).includes(target)) throw new MappingError(say('err.mapping.target', { target, targets: MAP_TARGETS.join(', ') }));
    mapping[target as MapTarget] = column;
  }
  if (!mapping.query) throw new MappingError(say('err.mapping.no-query'));
  return mapping;
}

/** Any file whose columns the user mapped to a case's fields; columns not mapped are reported unused. */
export function mappedFormat(mapping: ColumnMapping): ForeignFormat {
  return {
    format: 'mapped',
    label: 'mapped',
    idPrefix: 'mapped',
    distinctive: Object.values(mapping),
    matches: (keys) => Object.values(mapping).every((c) => keys.includes(c)),
    csvList: 'literal',
    read(r: FieldReader): ForeignRecord {
      const text = (target: MapTarget) => (mapping[target] ? r.string(mapping[target]!) : undefined);
      const list = (target: MapTarget) => (mapping[target] ? r.list(mapping[target]!) : []);
      return {
        id: text('id'),
        queryField: mapping.query!,
        query: text('query'),
        reference: text('referenceAnswer'),
        contexts: list('contexts'),
        evidence: list('evidence'),
        retrieved: list('retrieved'),
        response: text('response'),
        responseField: mapping.response,
      };
    },
  };
}

/** A mapped column the file does not have is named before anything is read. */
export function requireMappedColumns(mapping: ColumnMapping, keys: readonly string[], file: string): void {
  for (const [target, column] of Object.entries(mapping)) {
    if (!keys.includes(column!)) {
      throw new ImportDataError(file, null, column!, say('err.foreign.mapped-missing', { column: column!, target, keys: quoteList(keys, 20) }));
    }
  }
}
