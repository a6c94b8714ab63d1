import { useState } from 'react';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { CaseRef } from '../../../shared/diagnosis/case-lists';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useLayersStore } from './layersStore';
import { useDiagnosisStore } from './store';

/** A list of cases on the page: which answer carries it and its name there (shared/diagnosis/case-lists.ts). */
export interface CaseListName {
  part: 'report' | 'layers';
  name: string;
}

export type { CaseRef };

export interface CaseListRows<T> {
  rows: readonly T[];
  total: number;
  /** Not shown yet; the next "show more" reads `next` of them. */
  remaining: number;
  next: number;
  loading: boolean;
  error: ApiErrorBody | null;
  loadMore(): Promise<void>;
}

/** Cases read per "show more". */
const MORE = 100;

/**
 * The rows of a page list: the first ones the page carries, then as many more as were asked for,
 * read from the server's whole list. A new answer (the file changed) starts again from its own rows.
 */
export function useCaseList<T extends CaseRef>(refs: readonly T[], list: CaseListName): CaseListRows<T> {
  const report = useDiagnosisStore((s) => s.report);
  const layers = useLayersStore((s) => s.layers);
  // the answer the rows were cut from: the more rows read belong to it (a section may filter its rows anew each render)
  const answer = list.part === 'report' ? report : layers;
  const total = answer?.lists[list.name] ?? refs.length;
  const [more, setMore] = useState<{ after: unknown; rows: T[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const rows = more && more.after === answer ? [...refs, ...more.rows] : refs;
  async function loadMore(): Promise<void> {
    if (!answer || loading) return;
    setLoading(true);
    setError(null);
    try {
      // the system and version of the answer on screen (while another system loads, this one's rows are shown)
      const page = await invoke('diagnosis.cases', { system: answer.system, version: answer.version, part: list.part, list: list.name, offset: rows.length, limit: MORE });
      // the rows come from the very list the page's rows were cut from, so they have its shape
      setMore({ after: answer, rows: [...rows.slice(refs.length), ...(page.cases as unknown as T[])] });
    } catch (caught) {
      const body = toErrorBody(caught);
      // the file was written since the page was read: its lists are read again (the new answer starts its own rows)
      if (body.code === 'conflict' && body.location?.field === 'version') void useDiagnosisStore.getState().refresh();
      else setError(body);
    } finally {
      setLoading(false);
    }
  }
  return { rows, total, remaining: Math.max(0, total - rows.length), next: Math.min(MORE, Math.max(0, total - rows.length)), loading, error, loadMore };
}
