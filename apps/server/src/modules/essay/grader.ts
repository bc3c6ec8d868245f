// Graders behind one interface: the built-in scorer (no network), the external model grader (an
// OpenAI-compatible chat endpoint, falling back to the built-in scorer), and later a teacher
// grader (the staff issue): a teacher's grade reaches the essay through EssayService.finish(),
// the same path the job handler uses, so a teacher grader needs no change here.
import type { EssayComment } from '@gre/contract/essay';
import { agreementLine } from './builtin-weights.ts';

export interface EssayPrompt {
  id: string;
  /** The prompt itself (the claim or recommendation). */
  stem: string;
  /** The task instructions ("Write a response in which…"). */
  instructions: string;
}

export interface GradeInput {
  prompt: EssayPrompt;
  text: string;
}

export interface GradeResult {
  /** 0–6 in half points. */
  score: number;
  comment: EssayComment;
  /** Stored in essays.grader: 'builtin', 'model:<name>', 'builtin:model-fallback'. */
  grader: string;
  /** For the server log only: why a fallback happened. */
  note?: string;
}

export interface Grader {
  /** Grades one essay. Throws when it cannot (the job retries, then the essay is Failed). */
  grade(input: GradeInput, signal?: AbortSignal): Promise<GradeResult>;
}

/** A grading failure that retrying cannot fix; `reason` is shown to the user. */
export class PermanentGradingError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

/** Rounds to the nearest half point within 0–6. */
export const toHalfPoints = (x: number) => Math.min(6, Math.max(0, Math.round(x * 2) / 2));

/** How the card names who graded the essay. */
export function graderLabel(grader: string): string {
  if (grader === 'builtin') return '内置评分';
  if (grader === 'builtin:model-fallback') return '内置评分（模型暂不可用）';
  if (grader.startsWith('model:')) return `模型评分（${grader.slice('model:'.length)}）`;
  if (grader.startsWith('teacher:')) return '老师批改';
  return '';
}

/** The card's line on agreement with human raters: measured for the built-in scorer only. */
export function graderAgreement(grader: string): string {
  return grader === 'builtin' || grader === 'builtin:model-fallback' ? agreementLine() : '';
}
