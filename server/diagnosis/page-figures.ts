import { createHash } from 'node:crypto';
import { currentBasis, diagnosisInputs, type InputsRead } from '../../db/diagnosis-inputs';
import { listsStoredFor, storedList, storedPage, storePage, type PagePart } from '../../db/diagnosis-pages';
import { dropAfter, keptWhileUnwritten } from '../../db/kept-reads';
import { listSystems } from '../../db/label-reports';
import { reading, reportRead } from '../../db/read-progress';
import { LATEST_SCHEMA_VERSION } from '../../db/migrations';
import type { Db } from '../../db/open';
import { caseListAt, listName, pageOf, partOf, type CaseRef, type PageOf } from '../../shared/diagnosis/case-lists';
import { layersReport, type LayersReport } from '../../shared/diagnosis/layers-report';
import { diagnose, type DiagnosisReport } from '../../shared/diagnosis/report';
import { ApiError } from '../../shared/api/contract';
import { text as say } from '../../shared/messages/text';
import { appVersion } from '../app-version';
import type { CasesAsk } from './page-jobs';

/**
 * The Diagnosis page's two reports of one system, computed whole (every case of every cell, as
 * `touchstone diagnose` prints them) from one read of the file (kept between visits and brought up to
 * date with the labels written since: db/diagnosis-inputs.ts), and kept while nothing is written,
 * so the other half of the page, a second visit and the further cases of a list cost no new
 * computation. The page gets them with each list cut to its first cases (shared/diagnosis/case-lists.ts)
 * and a version naming what they were computed on, which a "show more" names. The page is also kept in
 * the file with that basis (db/diagnosis-pages.ts), so a file reopened with nothing written since
 * shows it without a read. The app runs these in its Diagnosis worker (server/diagnosis/page-jobs.ts),
 * except the cheap answers from the stored page.
 */

/** Refuses a system version without responses in this file, naming the op asked. */
export function requireSystem(db: Db, system: string, op: string): void {
  if (!listSystems(db).some((s) => s.system === system)) {
    throw new ApiError('not-found', say('err.system.no-responses', { system }), { file: op, line: null, field: 'system' });
  }
}

interface Reports {
  report: DiagnosisReport;
  layers: LayersReport;
}

interface WholePage {
  /** The two halves as the page gets them, cut once. */
  pages: { report: PageOf<DiagnosisReport>; layers: PageOf<LayersReport> };
  /** Both reports whole: computed with the page, else (a page stored in the file) on the first "show more" the stored lists cannot answer. */
  whole: Reports | null;
  /** What the page is right for while the file's generation holds (null: nothing can tell, so nothing is stored). */
  basis: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

// a page stored by another version of the app, or before a migration, may have been computed otherwise
const APP_VERSION = `${appVersion()}\u0000${LATEST_SCHEMA_VERSION}`;
const withVersion = (basis: string | null) => (basis === null ? null : `${APP_VERSION}\u0000${basis}`);

/** The basis a read of the file now would be right for, with the version (null: nothing can tell). */
const basisNow = (db: Db, system: string) => withVersion(currentBasis(db, system, today()));

/** Both reports from one read of the file; the computing is done outside the read's transaction. */
const computed = (db: Db, system: string) => reading(db, () => computedFrom(db, system, diagnosisInputs(db, system, today())));

function computedFrom(db: Db, system: string, { base, layers, read, basis }: InputsRead): WholePage & { read: InputsRead['read'] } {
  reportRead(db, system, 'figures');
  const whole = { report: diagnose(base), layers: layersReport(layers) };
  return { whole, pages: { report: pageOf(whole.report), layers: pageOf(whole.layers) }, basis: withVersion(basis), read };
}

/**
 * Keeps a computed page in the file. A page brought up to date after a label stores its figures alone:
 * writing every list again costs more than the page itself (at 100,000 responses, tens of megabytes to
 * compress), and a label changes a few rows of them. A read of the whole file stores its lists too,
 * unless they are stored for its basis already.
 */
function keepInFile(db: Db, system: string, page: WholePage & { read: InputsRead['read'] }): void {
  if (page.basis === null) return;
  const lists = page.read === 'whole' && listsStoredFor(db, system) !== page.basis ? listsOf(page, page.whole!) : null;
  storePage(db, system, page.basis, page.pages, lists);
}

/** Every whole list of both reports, by the names the pages count them under. */
function listsOf(page: WholePage, whole: Reports): { part: PagePart; path: string; cases: unknown[] }[] {
  return (['report', 'layers'] as const).flatMap((part) =>
    Object.keys(page.pages[part].lists).filter((name) => !name.includes('@')).map((path) => ({ part, path, cases: caseListAt(whole[part], path)! })),
  );
}

function wholePage(db: Db, system: string): { value: WholePage; stamp: string } {
  return keptWhileUnwritten(db, 'diagnosis-page', `${system}\u0000${today()}`, () => {
    const basis = basisNow(db, system);
    const stored = basis === null ? null : storedPage(db, system, basis);
    if (stored) return { pages: { report: JSON.parse(stored.report), layers: JSON.parse(stored.layers) }, whole: null, basis };
    const page = computed(db, system);
    keepInFile(db, system, page);
    return page;
  });
}

/**
 * What a "show more" names to continue a page: the basis it was computed on (its figures are those
 * of that basis, whichever connection computed or stored them), else, when nothing can tell the basis
 * (a read-only file), the write stamp of the connection that read it.
 */
const versionOf = (page: WholePage, stamp: string) => (page.basis === null ? `w:${stamp}` : basisVersion(page.basis));
const basisVersion = (basis: string) => `b:${createHash('sha256').update(basis).digest('hex').slice(0, 32)}`;

export function reportPage(db: Db, system: string): PageOf<DiagnosisReport> & { version: string } {
  const { value, stamp } = wholePage(db, system);
  return { ...value.pages.report, version: versionOf(value, stamp) };
}

export function layersPage(db: Db, system: string): PageOf<LayersReport> & { version: string } {
  const { value, stamp } = wholePage(db, system);
  return { ...value.pages.layers, version: versionOf(value, stamp) };
}

/**
 * One half of the page as the file stores it for what the file holds now, or null. Cheap (a few
 * small reads and the half's JSON), so the app answers it on its own connection; what is not stored is
 * read and computed by the Diagnosis worker (server/diagnosis/page-jobs.ts).
 */
export function storedHalf<P extends PagePart>(db: Db, system: string, part: P): (P extends 'report' ? PageOf<DiagnosisReport> : PageOf<LayersReport>) & { version: string } | null {
  const basis = basisNow(db, system);
  const stored = basis === null ? null : storedPage(db, system, basis);
  return basis === null || stored === null ? null : { ...JSON.parse(stored[part]), version: basisVersion(basis) };
}

// the list "show more" read last, parsed: the next "show more" goes on in the same list (at 100,000
// responses one list is megabytes of JSON); let go a minute after its last use
const lastList = new WeakMap<Db, { key: string; list: unknown[]; timer: ReturnType<typeof setTimeout> | null }>();

/** `limit` cases of a stored page's list, when the file stores that list for what it holds now; else null. */
export function storedCases(db: Db, ask: CasesAsk): { total: number; cases: CaseRef[] } | null {
  const basis = basisNow(db, ask.system);
  const named = listName(ask.list);
  if (basis === null || !named || basisVersion(basis) !== ask.version) return null;
  const key = JSON.stringify([ask.system, basis, ask.part, named.path]);
  let last = lastList.get(db);
  if (last?.key !== key) {
    const list = storedList(db, ask.system, basis, ask.part, named.path);
    // not stored (yet: a read ahead may store it): the worker answers
    if (!list) return null;
    lastList.set(db, (last = { key, list, timer: null }));
  }
  dropAfter(60_000, db, last, (d, entry) => {
    if (lastList.get(d) === entry) lastList.delete(d);
  });
  const list = partOf(last.list, named.layer) as CaseRef[] | null;
  return list ? { total: list.length, cases: list.slice(ask.offset, ask.offset + ask.limit) } : null;
}

/**
 * Reads and computes `system`'s page ahead: a page asked after people label is then brought up to date
 * rather than read whole (db/diagnosis-inputs.ts keeps the read, and what each response derives is kept
 * with it). Nothing to do when the read is kept (the worker computed the page it shows). A page read
 * whole is stored with its lists, so "show more" on a reopened file finds them. `asked`: as a read ahead
 * of the page, or to keep a kept read current (which does not keep it longer).
 */
export function warmPage(db: Db, system: string, asked: 'by-page' | 'to-keep-current' = 'by-page'): void {
  if (!listSystems(db).some((s) => s.system === system)) return;
  reading(db, () => {
    const inputs = diagnosisInputs(db, system, today(), asked);
    if (inputs.read !== 'kept') keepInFile(db, system, computedFrom(db, system, inputs));
  });
}

const changed = () => new ApiError('conflict', say('err.diagnosis.changed', {}), { file: 'diagnosis.cases', line: null, field: 'version' });

/** A whole list of the page: from its reports, else as the file stores it, else from its reports computed now (on the same basis). */
function wholeList(db: Db, system: string, page: WholePage, part: PagePart, name: string): unknown[] | null {
  const named = listName(name);
  if (!named) return null;
  if (!page.whole && page.basis !== null) {
    const stored = storedList(db, system, page.basis, part, named.path);
    if (stored) return partOf(stored, named.layer);
  }
  if (!page.whole) {
    const now = computed(db, system);
    if (now.basis !== page.basis) throw changed();
    page.whole = now.whole;
  }
  return caseListAt(page.whole![part], name);
}

/**
 * `limit` cases of a page list from `offset` on. Refused as a conflict when the file was written since
 * the page was read (`version`): the offsets of the page's list would skip or repeat cases of the new one.
 */
export function casesPage(db: Db, ask: CasesAsk): { total: number; cases: CaseRef[] } {
  const { value, stamp } = wholePage(db, ask.system);
  if (versionOf(value, stamp) !== ask.version) throw changed();
  const list = wholeList(db, ask.system, value, ask.part, ask.list) as CaseRef[] | null;
  if (!list) throw new ApiError('not-found', say('err.diagnosis.list', { list: ask.list }), { file: 'diagnosis.cases', line: null, field: 'list' });
  return { total: list.length, cases: list.slice(ask.offset, ask.offset + ask.limit) };
}
