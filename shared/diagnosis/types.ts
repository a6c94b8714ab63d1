import type { StopState } from '../domain/schemas';
import type { CitationTag } from './citations';
import type { ListHolds } from './evidence';
import type { ResponseLeaks } from './permission-leaks';
import type { StaleChunk } from './staleness';
import type { TagSuggestion } from './tag-suggestions';

/**
 * What the diagnosis reads, already resolved from the file: one system version's responses with
 * the case each answers and the human (else judge) values the figures need. Pure data, so the
 * screen, the CLI and the tests compute the same figures from the same shape.
 */

export const CONDITIONS = ['normal', 'gold-context', 'no-retrieval', 'distractors-only', 'reordered', 'conflict'] as const;
export type Condition = (typeof CONDITIONS)[number];

export interface DxEvidence {
  docId: string;
  quote: string;
}

/** A required claim with its stable id (shared/diagnosis/claim-ids.ts). */
export interface DxClaim {
  id: string;
  text: string;
  evidence: DxEvidence[];
}

export interface DxCase {
  caseId: string;
  questionType: string | null;
  answerability: string | null;
  accessScope: string[];
  claims: DxClaim[];
  forbidden: { id: string; text: string }[];
  leak: boolean;
  /** The case's units as the file indexed them (shared/diagnosis/evidence.ts); computed from the claims when absent. */
  units?: { docId: string; quote: string; claims: string[] }[];
}

export interface DxChunk {
  text: string;
  docId?: string | null;
  chunkId?: string | null;
  revision?: string | null;
  rank?: number;
}

export interface DxCitation {
  start: number;
  end: number;
  docId?: string | null;
  chunkId?: string | null;
  quote?: string | null;
}

export const CITATION_VERDICTS = ['supported', 'unsupported', 'none'] as const;
export type CitationVerdict = (typeof CITATION_VERDICTS)[number];

/** One claim's mark in a "claims this answer states" value. */
export interface StatedMark {
  stated: boolean;
  citation?: CitationVerdict | null;
}

/**
 * The response's "stated" value as the figures use it: the adjudicated one, else its single
 * reviewer's; reviewers who disagree leave it out.
 */
export type StatedState =
  | {
      kind: 'value';
      marks: Record<string, StatedMark>;
      source: 'adjudicated' | 'reviewer';
      citationsDisputed?: string[];
      /** The case's claim ids the marks were resolved to (they mark exactly these): set by the read, which resolves them once. */
      of?: { claims: readonly string[]; forbidden: readonly string[] };
    }
  | { kind: 'disagree' }
  | { kind: 'none' };

/** A human value where labeled (adjudicated, else the latest reviewer's), else the judge's. */
export interface Sourced<T> {
  value: T;
  source: 'human' | 'judge';
}

export interface DxResponse {
  responseId: string;
  caseId: string;
  /**
   * Its case's index in the input's cases, when the read knows it: the figures then find the case without a
   * lookup by id (they check the case there has this id, and look it up by id when not).
   */
  caseAt?: number;
  /** How the figures' lists name it (`{ caseId, responseId }`), when the read made it: one object, shared by every list. */
  ref?: { caseId: string; responseId: string };
  condition: Condition;
  retrievalCalled: boolean | null;
  finalContext: DxChunk[];
  /** The ranked list before assembly; empty when the run did not record it. */
  candidates: DxChunk[];
  citations: DxCitation[];
  stated: StatedState;
  /** Correctness as a share of the scale's top: 1 = right (null: not labeled and not judged). */
  correct: Sourced<boolean> | null;
  /** The correctness value itself, as stored (a change below the top, partly right to wrong, is a change too). */
  correctValue?: string | null;
  faithfulness: Sourced<number> | null;
  behavior: string | null;
  /** Where each list holds each unit of the case, as the file indexed it; matched from the text when absent. */
  holds?: { context: ListHolds; candidates: ListHolds };
  /**
   * What the figures read of the chunk lists, citations and trajectory, derived once and kept in
   * the file (db/response-facts.ts); with it the lists themselves are not read (left empty).
   */
  facts?: ResponseFacts;
}

/**
 * One response's figures-relevant facts about its chunk lists, citations and trajectory, with its
 * case and the test set's documents (shared/diagnosis/response-facts.ts computes them).
 */
export interface ResponseFacts {
  /** Chunks in the final context (k). */
  contextLength: number;
  citations: number;
  /** The first final-context chunk whose document the case may not see. */
  hiddenDoc: string | null;
  /** The first final-context chunk cut from a stale revision (as of the day computed). */
  staleDoc: { docId: string; revision: string } | null;
  /** The distinct rule-check failures of its citations. */
  citationTags: CitationTag[];
  /** For the data, permission and agent layers. */
  stale: StaleChunk[];
  leaks: ResponseLeaks;
  suggestions: TagSuggestion[];
  agent: { retrievalCalled: boolean | null; stopState: StopState | null; searches: number | null; tokens: number | null; latencyMs: number | null };
}

export interface DxDocument {
  docId: string;
  revision: string;
  /** Newest revision first is not assumed: `newest` says which revision of the document is current. */
  newest: boolean;
  stale: boolean;
  accessScope: string[];
  text: string | null;
}

export const DEPENDENCIES = ['strong', 'supplementary'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

export interface DiagnosisSettings {
  recallThreshold: number;
  utilisationThreshold: number;
  faithfulnessThreshold: number;
  /** Per question type: how the product depends on the knowledge base (default strong). */
  dependency: Record<string, Dependency>;
}

export const DEFAULT_DIAGNOSIS_SETTINGS: DiagnosisSettings = {
  recallThreshold: 0.5,
  utilisationThreshold: 0.5,
  faithfulnessThreshold: 0.5,
  dependency: {},
};

export interface DiagnosisInput {
  system: string;
  cases: DxCase[];
  responses: DxResponse[];
  documents: DxDocument[];
  settings: DiagnosisSettings;
}
