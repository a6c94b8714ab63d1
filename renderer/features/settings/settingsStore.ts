import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { ReleaseThreshold } from '../../../shared/api/labeling-ops';
import {
  countIssues, emptyDraft, emptyOption, freshName, fromDraft, moveItem, sameDimensions, toDraft, validateDrafts,
  type DimensionDraft, type DraftIssue, type OptionDraft,
} from './dimension-draft';
import { DEFAULT_DIMENSIONS, type Dimension } from '../../../shared/domain/dimensions';
import { parsePercentText, toPercentText } from '../report/format';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';

export const THRESHOLD_FIELDS = ['minCorrectAnswerRate', 'maxOverRefusalRate', 'minCorrectRefusalRate'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

export type ThresholdDraft = Record<ThresholdField, string>;
export type ThresholdProblem = 'not-a-number' | 'out-of-range' | 'incomplete';

export interface ThresholdRow {
  questionType: string;
  stakes: 'high' | 'low' | null;
  /** False when the test set has no threshold stored for this question type yet. */
  stored: boolean;
}

type DimensionPatch = Partial<Pick<DimensionDraft, 'name' | 'type' | 'scope' | 'min' | 'max'>>;

interface SettingsState {
  /** The test set the loaded settings belong to. */
  testSetId: string | null;
  loading: boolean;
  loadError: ApiErrorBody | null;

  saved: Dimension[];
  drafts: DimensionDraft[];
  selectedKey: string | null;
  issues: Record<string, DraftIssue[]>;
  issueCount: number;
  dirty: boolean;
  saving: boolean;
  saveError: ApiErrorBody | null;
  /** The dimension the backend's refusal points at (by its field, e.g. dimensions.3.options), if any. */
  saveErrorKey: string | null;
  savedNotice: boolean;
  confirmingRestore: boolean;

  thresholds: Record<string, ReleaseThreshold>;
  thresholdRows: ThresholdRow[];
  thresholdDrafts: Record<string, ThresholdDraft>;
  thresholdProblems: Record<string, Partial<Record<ThresholdField, ThresholdProblem>>>;
  thresholdsDirty: boolean;
  thresholdsSaving: boolean;
  thresholdsError: ApiErrorBody | null;
  thresholdsSavedNotice: boolean;

  load(testSetId: string | null): Promise<void>;
  select(key: string): void;
  updateDimension(key: string, patch: DimensionPatch): void;
  addDimension(): void;
  removeDimension(key: string): void;
  moveDimension(key: string, delta: number): void;
  addOption(key: string): void;
  updateOption(key: string, optionKey: string, patch: Partial<Pick<OptionDraft, 'text' | 'stakes'>>): void;
  removeOption(key: string, optionKey: string): void;
  moveOption(key: string, optionKey: string, delta: number): void;
  save(): Promise<boolean>;
  discard(): void;
  askRestore(): void;
  cancelRestore(): void;
  restoreDefaults(): Promise<void>;

  setThreshold(questionType: string, field: ThresholdField, text: string): void;
  saveThresholds(): Promise<boolean>;
  discardThresholds(): void;
}

let loadTicket = 0;
/** The threshold fields typed in since the last save or discard, as `questionType\nfield`. */
const editedThresholds = new Set<string>();
let noticeTimer: ReturnType<typeof setTimeout> | null = null;
let thresholdNoticeTimer: ReturnType<typeof setTimeout> | null = null;
const NOTICE_MS = 2600;

/** The question types the thresholds table lists: the questionType dimension's values, then any others stored. */
function thresholdRowsFor(dimensions: readonly Dimension[], thresholds: Record<string, ReleaseThreshold>): ThresholdRow[] {
  const rows: ThresholdRow[] = [];
  const questionType = dimensions.find((d) => d.name === 'questionType');
  for (const option of questionType?.options ?? []) {
    const value = String(option.value);
    rows.push({ questionType: value, stakes: option.stakes ?? null, stored: Object.prototype.hasOwnProperty.call(thresholds, value) });
  }
  for (const key of Object.keys(thresholds)) {
    if (!rows.some((row) => row.questionType === key)) rows.push({ questionType: key, stakes: null, stored: true });
  }
  return rows;
}

function thresholdDraftsFor(rows: readonly ThresholdRow[], thresholds: Record<string, ReleaseThreshold>): Record<string, ThresholdDraft> {
  const drafts: Record<string, ThresholdDraft> = {};
  for (const row of rows) {
    const stored = thresholds[row.questionType];
    drafts[row.questionType] = {
      minCorrectAnswerRate: toPercentText(stored?.minCorrectAnswerRate),
      maxOverRefusalRate: toPercentText(stored?.maxOverRefusalRate),
      minCorrectRefusalRate: toPercentText(stored?.minCorrectRefusalRate),
    };
  }
  return drafts;
}

/** Parses every row: a complete row becomes a threshold, an empty one is left out, anything else is a problem. */
function parseThresholds(drafts: Record<string, ThresholdDraft>, rows: readonly ThresholdRow[]) {
  const problems: SettingsState['thresholdProblems'] = {};
  const values: Record<string, ReleaseThreshold> = {};
  for (const row of rows) {
    const draft = drafts[row.questionType];
    if (!draft) continue;
    const parsed: Partial<Record<ThresholdField, number>> = {};
    const rowProblems: Partial<Record<ThresholdField, ThresholdProblem>> = {};
    let blanks = 0;
    for (const field of THRESHOLD_FIELDS) {
      const result = parsePercentText(draft[field]);
      if (!result.ok) rowProblems[field] = result.problem;
      else if (result.value === null) blanks++;
      else parsed[field] = result.value;
    }
    // a row left entirely empty keeps the backend's default; a half-filled (or cleared stored) row is a problem
    if (blanks > 0 && (blanks < THRESHOLD_FIELDS.length || row.stored)) {
      for (const field of THRESHOLD_FIELDS) if (draft[field].trim() === '') rowProblems[field] ??= 'incomplete';
    }
    if (Object.keys(rowProblems).length > 0) problems[row.questionType] = rowProblems;
    else if (blanks === 0) values[row.questionType] = parsed as ReleaseThreshold;
  }
  return { problems, values };
}

function sameThresholds(a: Record<string, ReleaseThreshold>, b: Record<string, ReleaseThreshold>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (!x || !y) return false;
    for (const field of THRESHOLD_FIELDS) if (Math.abs(x[field] - y[field]) > 1e-9) return false;
  }
  return true;
}

export const useSettingsStore = create<SettingsState>()((set, get) => {
  /** Replaces the drafts and recomputes everything that follows from them. */
  function setDrafts(drafts: DimensionDraft[], extra: Partial<SettingsState> = {}): void {
    const issues = validateDrafts(drafts);
    const selectedKey = extra.selectedKey !== undefined ? extra.selectedKey : get().selectedKey;
    set({
      drafts,
      issues,
      issueCount: countIssues(issues),
      dirty: !sameDimensions(drafts, get().saved),
      savedNotice: false,
      ...extra,
      selectedKey: drafts.some((d) => d.key === selectedKey) ? selectedKey : (drafts[0]?.key ?? null),
    });
  }

  function editDraft(key: string, edit: (draft: DimensionDraft) => DimensionDraft): void {
    setDrafts(get().drafts.map((draft) => (draft.key === key ? edit(draft) : draft)));
  }

  function applySaved(saved: Dimension[], keepSelectionByName: boolean): void {
    const selectedName = keepSelectionByName ? get().drafts.find((d) => d.key === get().selectedKey)?.name : undefined;
    const drafts = saved.map(toDraft);
    set({ saved });
    setDrafts(drafts, { selectedKey: drafts.find((d) => d.name === selectedName)?.key ?? drafts[0]?.key ?? null });
  }

  /**
   * The saved thresholds, as drafts. A load keeps the fields edited since the last save or discard: the
   * table is on screen while a return visit reloads it, and a value read back must not undo a keystroke.
   */
  function applyThresholds(thresholds: Record<string, ReleaseThreshold>, keepEdits = false): void {
    const rows = thresholdRowsFor(get().saved, thresholds);
    const drafts = thresholdDraftsFor(rows, thresholds);
    if (!keepEdits) editedThresholds.clear();
    for (const key of editedThresholds) {
      const [questionType, field] = key.split('\n') as [string, ThresholdField];
      const edited = get().thresholdDrafts[questionType]?.[field];
      if (drafts[questionType] && edited !== undefined) drafts[questionType] = { ...drafts[questionType], [field]: edited };
    }
    set({ thresholds, thresholdRows: rows, thresholdDrafts: drafts, thresholdProblems: {}, thresholdsDirty: false });
    if (editedThresholds.size > 0) {
      const { problems, values } = parseThresholds(drafts, rows);
      set({ thresholdProblems: problems, thresholdsDirty: Object.keys(problems).length > 0 || !sameThresholds(values, thresholds) });
    }
  }

  function flashNotice(kind: 'dimensions' | 'thresholds'): void {
    if (kind === 'dimensions') {
      if (noticeTimer) clearTimeout(noticeTimer);
      set({ savedNotice: true });
      noticeTimer = setTimeout(() => set({ savedNotice: false }), NOTICE_MS);
    } else {
      if (thresholdNoticeTimer) clearTimeout(thresholdNoticeTimer);
      set({ thresholdsSavedNotice: true });
      thresholdNoticeTimer = setTimeout(() => set({ thresholdsSavedNotice: false }), NOTICE_MS);
    }
  }

  async function saveDimensions(dimensions: Dimension[]): Promise<boolean> {
    set({ saving: true, saveError: null, saveErrorKey: null, savedNotice: false });
    try {
      const saved = await invoke('dimensions.save', { dimensions });
      applySaved(saved, true);
      // the question types may have changed: the thresholds table follows the saved dimension set (keeping its edits)
      applyThresholds(get().thresholds, true);
      flashNotice('dimensions');
      return true;
    } catch (error) {
      const body = toErrorBody(error);
      set({ saveError: body, saveErrorKey: null });
      return false;
    } finally {
      set({ saving: false });
    }
  }

  /** Points the refusal at the draft it names (the drafts were sent in order). */
  function locateSaveError(): void {
    const field = get().saveError?.location?.field ?? '';
    const match = /^dimensions\.(\d+)/.exec(field);
    set({ saveErrorKey: match ? (get().drafts[Number(match[1])]?.key ?? null) : null });
  }

  return {
    testSetId: null,
    loading: false,
    loadError: null,
    saved: [],
    drafts: [],
    selectedKey: null,
    issues: {},
    issueCount: 0,
    dirty: false,
    saving: false,
    saveError: null,
    saveErrorKey: null,
    savedNotice: false,
    confirmingRestore: false,
    thresholds: {},
    thresholdRows: [],
    thresholdDrafts: {},
    thresholdProblems: {},
    thresholdsDirty: false,
    thresholdsSaving: false,
    thresholdsError: null,
    thresholdsSavedNotice: false,

    async load(testSetId) {
      const sameSet = testSetId === get().testSetId;
      // unsaved edits survive leaving the screen and coming back; another test set starts afresh
      if (sameSet && (get().dirty || get().thresholdsDirty)) return;
      const ticket = ++loadTicket;
      editedThresholds.clear();
      set({ loading: true, loadError: null, testSetId, ...(sameSet ? {} : { saveError: null, saveErrorKey: null, thresholdsError: null }) });
      try {
        const draftsAsked = get().drafts;
        const [dimensions, thresholds] = await Promise.all([invoke('dimensions.list', {}), invoke('settings.releaseThresholds', {})]);
        if (ticket !== loadTicket) return;
        // the cards stay on screen while a return visit reloads them: what was edited meanwhile is kept
        if (sameSet && get().drafts !== draftsAsked) {
          set({ saved: dimensions });
          setDrafts(get().drafts);
        } else {
          applySaved(dimensions, sameSet);
        }
        applyThresholds(thresholds, sameSet);
        set({ loading: false });
      } catch (error) {
        if (ticket !== loadTicket) return;
        set({ loading: false, loadError: toErrorBody(error) });
      }
    },

    select(key) {
      set({ selectedKey: key });
    },

    updateDimension(key, patch) {
      editDraft(key, (draft) => {
        const next = { ...draft, ...patch };
        // a categorical / ordinal / binary dimension needs two values to begin with
        if (patch.type && patch.type !== draft.type && (patch.type === 'categorical' || patch.type === 'binary' || patch.type === 'ordinal')) {
          while (next.options.length < 2) next.options = [...next.options, emptyOption()];
        }
        return next;
      });
    },

    addDimension() {
      const draft = emptyDraft(freshName(get().drafts));
      setDrafts([...get().drafts, draft], { selectedKey: draft.key });
    },

    removeDimension(key) {
      const drafts = get().drafts;
      const at = drafts.findIndex((d) => d.key === key);
      const next = drafts.filter((d) => d.key !== key);
      setDrafts(next, { selectedKey: next[Math.min(at, next.length - 1)]?.key ?? null });
    },

    moveDimension(key, delta) {
      const drafts = get().drafts;
      const at = drafts.findIndex((d) => d.key === key);
      if (at < 0) return;
      setDrafts(moveItem(drafts, at, at + delta));
    },

    addOption(key) {
      editDraft(key, (draft) => ({ ...draft, options: [...draft.options, emptyOption()] }));
    },

    updateOption(key, optionKey, patch) {
      editDraft(key, (draft) => ({
        ...draft,
        options: draft.options.map((option) => (option.key === optionKey ? { ...option, ...patch } : option)),
      }));
    },

    removeOption(key, optionKey) {
      editDraft(key, (draft) => ({ ...draft, options: draft.options.filter((option) => option.key !== optionKey) }));
    },

    moveOption(key, optionKey, delta) {
      editDraft(key, (draft) => {
        const at = draft.options.findIndex((option) => option.key === optionKey);
        return at < 0 ? draft : { ...draft, options: moveItem(draft.options, at, at + delta) };
      });
    },

    async save() {
      const { drafts, issueCount, saving } = get();
      if (saving || issueCount > 0) return false;
      const ok = await saveDimensions(drafts.map(fromDraft));
      if (!ok) locateSaveError();
      return ok;
    },

    discard() {
      applySaved(get().saved, true);
      set({ saveError: null, saveErrorKey: null });
    },

    askRestore() {
      set({ confirmingRestore: true });
    },

    cancelRestore() {
      set({ confirmingRestore: false });
    },

    async restoreDefaults() {
      set({ confirmingRestore: false });
      const ok = await saveDimensions(DEFAULT_DIMENSIONS);
      if (!ok) {
        // show what was asked for, so the refusal reads against it; Discard goes back to what is saved
        const drafts = DEFAULT_DIMENSIONS.map(toDraft);
        setDrafts(drafts, { selectedKey: drafts[0]?.key ?? null, saveError: get().saveError });
        locateSaveError();
      }
    },

    setThreshold(questionType, field, text) {
      editedThresholds.add(`${questionType}\n${field}`);
      const thresholdDrafts = { ...get().thresholdDrafts, [questionType]: { ...get().thresholdDrafts[questionType], [field]: text } };
      const { problems, values } = parseThresholds(thresholdDrafts, get().thresholdRows);
      const unchanged = Object.keys(problems).length === 0 && sameThresholds(values, get().thresholds);
      set({ thresholdDrafts, thresholdProblems: problems, thresholdsDirty: !unchanged, thresholdsSavedNotice: false });
    },

    async saveThresholds() {
      const { thresholdDrafts, thresholdRows, thresholdsSaving } = get();
      if (thresholdsSaving) return false;
      const { problems, values } = parseThresholds(thresholdDrafts, thresholdRows);
      if (Object.keys(problems).length > 0) {
        set({ thresholdProblems: problems });
        return false;
      }
      set({ thresholdsSaving: true, thresholdsError: null });
      try {
        const saved = await invoke('settings.saveReleaseThresholds', { thresholds: values });
        applyThresholds(saved);
        flashNotice('thresholds');
        return true;
      } catch (error) {
        set({ thresholdsError: toErrorBody(error) });
        return false;
      } finally {
        set({ thresholdsSaving: false });
      }
    },

    discardThresholds() {
      applyThresholds(get().thresholds);
      set({ thresholdsError: null });
    },
  };
});
