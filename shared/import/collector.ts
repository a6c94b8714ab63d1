import { text as say } from '../messages/text';
import type { CaseRecord, DocumentRecord, ImportKind, JudgeConfig, ResponseRecord, VerdictRecord } from '../domain/schemas';
import { overLimit, type LimitedField } from '../security/field-limits';
import { loneSurrogatePath } from '../security/well-formed';
import { ImportDataError } from './errors';
import type { ForeignReport } from './foreign/build';
import type { Located, ParsedImport, ConcreteImportFormat } from './types';

/**
 * Accumulates the records of one file and enforces what holds across lines:
 * unique ids within the file, and one judge configuration per judge file.
 */
export class Collector {
  readonly documents: Located<DocumentRecord>[] = [];
  readonly cases: Located<CaseRecord>[] = [];
  readonly responses: Located<ResponseRecord>[] = [];
  readonly verdicts: Located<VerdictRecord>[] = [];
  private readonly caseLines = new Map<string, number>();
  private readonly docLines = new Map<string, number>();
  private readonly responseLines = new Map<string, number>();
  private readonly verdictLines = new Map<string, number>();
  private judge: { config: JudgeConfig; line: number } | null = null;

  constructor(readonly fileName: string) {}

  /** Every reader's records pass here, so one check bounds native and foreign files alike (and refuses text SQLite would change). */
  private limit(line: number, fields: [string, string | null | undefined, LimitedField][], record: object): void {
    const broken = loneSurrogatePath(record);
    if (broken !== null) throw new ImportDataError(this.fileName, line, broken, say('err.field.lone-surrogate'));
    for (const [field, text, limit] of fields) {
      const problem = overLimit(text, limit);
      if (problem) throw new ImportDataError(this.fileName, line, field, problem);
    }
  }

  addCase(record: CaseRecord, line: number, idField = 'id'): void {
    this.limit(line, [
      ['query', record.query, 'query'],
      ['referenceAnswer', record.referenceAnswer, 'answer'],
      ...(record.claims ?? []).flatMap((c, i): [string, string, LimitedField][] => [
        [`claims.${i}.text`, c.text, 'claim'],
        ...(c.evidence ?? []).map((e, j): [string, string, LimitedField] => [`claims.${i}.evidence.${j}.quote`, e.quote, 'claim']),
      ]),
    ], record);
    const prev = this.caseLines.get(record.id);
    if (prev !== undefined) {
      throw new ImportDataError(this.fileName, line, idField,
        say('err.import.duplicate-case', { id: record.id, line: prev }));
    }
    this.caseLines.set(record.id, line);
    this.cases.push({ record, line });
  }

  /** `derived`: a document made from context text; the same text twice is the same document, not an error. */
  addDocument(record: DocumentRecord, line: number, derived = false): void {
    this.limit(line, [['text', record.text, 'documentText']], record);
    const key = `${record.docId}\u0000${record.revision}`;
    const prev = this.docLines.get(key);
    if (prev !== undefined) {
      if (derived) return;
      throw new ImportDataError(this.fileName, line, 'docId',
        say('err.import.duplicate-document', { docId: record.docId, revision: record.revision, line: prev }));
    }
    this.docLines.set(key, line);
    this.documents.push({ record, line });
  }

  addResponse(record: ResponseRecord, line: number, idField = 'id'): void {
    this.limit(line, [
      ['answer', record.answer, 'answer'],
      ...record.finalContext.map((c, i): [string, string, LimitedField] => [`finalContext.${i}.text`, c.text, 'chunkText']),
    ], record);
    const prev = this.responseLines.get(record.id);
    if (prev !== undefined) {
      throw new ImportDataError(this.fileName, line, idField,
        say('err.import.duplicate-response', { id: record.id, line: prev }));
    }
    this.responseLines.set(record.id, line);
    this.responses.push({ record, line });
  }

  addVerdict(record: VerdictRecord, line: number): void {
    this.limit(line, [['rationale', record.rationale, 'reason']], record);
    const j = record.judge;
    if (this.judge === null) {
      this.judge = { config: j, line };
    } else {
      const first = this.judge.config;
      for (const key of ['model', 'version', 'promptVersion', 'promptHash'] as const) {
        const a = first[key] ?? null;
        const b = j[key] ?? null;
        if (a !== b) {
          throw new ImportDataError(this.fileName, line, `judge.${key}`,
            say('err.import.judge-mixed', { key, got: JSON.stringify(b), line: this.judge.line, expected: JSON.stringify(a) }));
        }
      }
    }
    const key = `${record.caseId}\u0000${record.responseId ?? ''}\u0000${record.dimension}`;
    const prev = this.verdictLines.get(key);
    if (prev !== undefined) {
      throw new ImportDataError(this.fileName, line, 'dimension',
        say(record.responseId ? 'err.import.duplicate-response-verdict' : 'err.import.duplicate-verdict',
          { line: prev, dimension: record.dimension, caseId: record.caseId, responseId: record.responseId ?? null }));
    }
    this.verdictLines.set(key, line);
    this.verdicts.push({ record, line });
  }

  get recordCount(): number {
    return this.cases.length + this.documents.length + this.responses.length + this.verdicts.length;
  }

  result(format: ConcreteImportFormat, lines: number, kind: ImportKind, report: ForeignReport | null = null): ParsedImport {
    return {
      format,
      documents: this.documents,
      cases: this.cases,
      responses: this.responses,
      verdicts: this.verdicts,
      judge: kind === 'judge' && this.judge ? this.judge.config : null,
      lines,
      report,
    };
  }
}
