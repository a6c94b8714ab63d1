import { useEffect, useState } from 'react';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { CaseRef } from '../../../shared/diagnosis/case-lists';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { keptListKey, NOT_KEPT, useKeptLists } from './keptLists';
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
  /** Rows shown before a new answer are being read again from it: the list is not yet as long as it was. */
  rereading: boolean;
  /** Whether the list is shown (kept across visits to the page). */
  open: boolean;
  setOpen(open: boolean): void;
  loading: boolean;
  error: ApiErrorBody | null;
  loadMore(): Promise<void>;
}

/** Cases read per "show more". */
const MORE = 100;
/** The most one `diagnosis.cases` ask may read (shared/api/diagnosis-ops.ts). */
const MOST_PER_ASK = 500;

/**
 * The rows of a page list: the first ones the page carries, then as many more as were asked for,
 * read from the server's whole list, kept with whether it is open (renderer/features/diagnosis/keptLists.ts).
 * A new answer (the file changed) reads again as many rows of its own list as were shown.
 */
export function useCaseList<T extends CaseRef>(refs: readonly T[], list: CaseListName): CaseListRows<T> {
  const report = useDiagnosisStore((s) => s.report);
  const layers = useLayersStore((s) => s.layers);
  // the answer the rows were cut from: the more rows read belong to it (a section may filter its rows anew each render)
  const answer = list.part === 'report' ? report : layers;
  const total = answer?.lists[list.name] ?? refs.length;
  const testSetId = useDiagnosisStore((s) => s.testSetId);
  const key = answer ? keptListKey(testSetId, answer.system, list.part, list.name) : null;
  const kept = useKeptLists((s) => (key === null ? NOT_KEPT : (s.lists[key] ?? NOT_KEPT)));
  const keep = useKeptLists((s) => s.keep);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  // the rows come from the very list the page's rows were cut from, so they have its shape
  const more = answer && kept.version === answer.version ? (kept.more as T[]) : [];
  const rows = more.length > 0 ? [...refs, ...more] : refs;
  async function load(limit: number): Promise<void> {
    if (!answer || loading) return;
    setLoading(true);
    setError(null);
    const read: CaseRef[] = [];
    try {
      // the system and version of the answer on screen (while another system loads, this one's rows are shown), in asks the contract allows
      while (read.length < limit) {
        const page = await invoke('diagnosis.cases', { system: answer.system, version: answer.version, part: list.part, list: list.name, offset: rows.length + read.length, limit: Math.min(MOST_PER_ASK, limit - read.length) });
        read.push(...page.cases);
        if (page.cases.length === 0) break;
      }
      if (key !== null) keep(key, { version: answer.version, more: [...more, ...read] });
    } catch (caught) {
      const body = toErrorBody(caught);
      // the file was written since the page was read: its lists are read again (the new answer starts its own rows)
      if (body.code === 'conflict' && body.location?.field === 'version') void useDiagnosisStore.getState().refresh();
      else setError(body);
    } finally {
      setLoading(false);
    }
  }
  const loadMore = () => load(MORE);
  // a page read anew (the file changed, a case flagged) shows as many of its rows as were shown before:
  // the list does not shrink under the reader
  const shownBefore = answer && kept.version !== null && kept.version !== answer.version ? kept.more.length : 0;
  useEffect(() => {
    if (shownBefore > 0) void load(shownBefore);
  }, [answer?.version]); // once per new answer
  const open = kept.open;
  const setOpen = (value: boolean) => {
    if (key !== null) keep(key, { open: value });
  };
  return { rows, total, remaining: Math.max(0, total - rows.length), next: Math.min(MORE, Math.max(0, total - rows.length)), open, setOpen, rereading: shownBefore > 0 || loading, loading, error, loadMore };
}
