import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectImport } from '../../shared/import/detect-kind';

const read = (path: string) => new Uint8Array(readFileSync(new URL(`../../${path}`, import.meta.url)));
const csv = (text: string) => new TextEncoder().encode(text);

describe('what a chosen file holds, before anything is written', () => {
  it('names the kind of each demo file from its fields', () => {
    expect(detectImport('documents.jsonl', read('shared/sample/documents.jsonl'))).toEqual({ kind: 'documents', format: 'jsonl' });
    expect(detectImport('cases.jsonl', read('shared/sample/cases.jsonl'))).toEqual({ kind: 'cases', format: 'jsonl' });
    expect(detectImport('responses.jsonl', read('shared/sample/responses.jsonl'))).toEqual({ kind: 'responses', format: 'jsonl' });
    expect(detectImport('judge.jsonl', read('shared/sample/judge.jsonl'))).toEqual({ kind: 'judge', format: 'jsonl' });
  });

  it('Ragas and DeepEval files are cases, whatever the container', () => {
    expect(detectImport('r.csv', read('test/fixtures/external/ragas_eval_result_letstalk.csv'))).toEqual({ kind: 'cases', format: 'ragas' });
    expect(detectImport('g.json', read('test/fixtures/external/deepeval_goldens.json'))).toEqual({ kind: 'cases', format: 'deepeval' });
    expect(detectImport('run.json', read('test/fixtures/external/deepeval_latest_test_run.json'))).toEqual({ kind: 'cases', format: 'deepeval' });
  });

  it('native CSV by its header; an unknown or unreadable file is left to the person', () => {
    expect(detectImport('docs.csv', csv('docId,title,revision,text\nd1,T,1,x\n'))).toEqual({ kind: 'documents', format: 'csv' });
    expect(detectImport('resp.csv', csv('caseId,system,answer\nc1,s,a\n'))).toEqual({ kind: 'responses', format: 'csv' });
    expect(detectImport('x.json', read('test/fixtures/external/labelstudio_export_qa.json'))).toEqual({ kind: null, format: null });
    expect(detectImport('bad.jsonl', csv('{"id": \n'))).toEqual({ kind: null, format: null });
    expect(detectImport('empty.csv', csv(''))).toEqual({ kind: null, format: null });
  });
});
