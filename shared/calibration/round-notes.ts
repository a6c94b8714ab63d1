import type { RoundNote, RoundNoteCode } from '../api/calibration-ops';

/**
 * Round notes travel as a code with its figures; this is their English sentence (the CLI, `--json`
 * and the API's `text`). The UI words them itself from the code (renderer/view/roundNoteText.ts).
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A note the sampler or the round start writes (code 'text' only wraps an old stored sentence). */
export type CodedNote = Exclude<RoundNoteCode, { code: 'text' }>;

export function roundNoteText(note: CodedNote): string {
  switch (note.code) {
    case 'changes-measured': {
      const v = note.values;
      return `Judge changes measured between runs ${v.fromRunId} → ${v.toRunId} on ${v.dimensions.join(', ')}.`;
    }
    case 'no-judge-run':
      return 'No judge run scores any dimension yet: the round reviews every dimension and its figures will have no judge to compare.';
    case 'no-comparable-runs':
      return 'Fewer than two comparable judge runs (same dimension, same judge model and prompt version): the changed half was filled from random.';
    case 'few-changed': {
      const v = note.values;
      return `Only ${plural(v.changed, 'eligible item', 'eligible items')} changed between the comparable judge runs (${v.wanted} wanted): the rest was filled from random.`;
    }
    case 'previous-excluded': {
      const n = note.values.excluded;
      return `${plural(n, 'item', 'items')} of the previous round ${n === 1 ? 'was' : 'were'} kept out of the changed half.`;
    }
    case 'few-eligible': {
      const v = note.values;
      return `Only ${plural(v.eligible, 'item is', 'items are')} eligible: the round has ${plural(v.picked, 'item', 'items')}, not ${v.size}.`;
    }
  }
}

export const withText = (note: CodedNote): RoundNote => ({ ...note, text: roundNoteText(note) });

/**
 * The notes column as stored: a JSON array of `{code, values}` or, in rounds started before notes
 * had codes, of English sentences (kept as they were, code 'text').
 */
export function readStoredNotes(json: string): RoundNote[] {
  return (JSON.parse(json) as (string | CodedNote)[]).map((note) =>
    typeof note === 'string' ? { code: 'text', values: {}, text: note } : withText(note),
  );
}

export const storedNotes = (notes: readonly CodedNote[]): string => JSON.stringify(notes.map(({ code, values }) => ({ code, values })));
