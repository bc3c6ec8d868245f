// What the exam service's use cases share: the injected dependencies, the templates derived from the
// catalogue (built once per catalogue), the scorer, and who writes. Each use case (exam.books.ts,
// exam.actions.ts, exam.results.ts, exam.custom.ts, exam.write.ts) takes the parts it needs.
import type { Craft } from '@gre/contract/craft';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import type { AuthedContext, Caller } from '../../platform/endpoints.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { QuestionService } from '../question/question.service.ts';
import type { Rights } from '../question/rights.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import type { StoredRuntime, StoredSection } from './exam.engine.ts';
import type { Quota } from './exam.quota.ts';
import type { ExamRepo } from './exam.repo.ts';
import { scoreAnswer } from './exam.scoring.ts';
import { buildTemplates, type TemplateDef } from './exam.templates.ts';

/** What a write committed: sections finished by the candidate or by the clock in this write. */
export interface CommittedSections {
  tx: Tx;
  userId: number;
  examId: string;
  examKind: string;
  examName: string;
  templateId: string;
  /** The newly committed sections (after the write). */
  sections: StoredSection[];
  /** Every section of the exam (after the write). */
  allSections: StoredSection[];
  /** The exam became Finished in this write (every question is scored). */
  examFinished: boolean;
  /** Runs `fn` after the transaction committed (errors are logged, never thrown to the caller). */
  afterCommit: (fn: () => Promise<void> | void) => void;
}

export interface ExamServiceDeps {
  repo: ExamRepo;
  clock: Clock;
  questions: QuestionService;
  rights: () => Promise<Rights>;
  quotas: () => Promise<Map<number, Quota>>;
  /** Other domains' reactions to committed sections (essays), inside the exam's transaction. */
  onCommitted?: Array<(c: CommittedSections) => Promise<void>>;
  /** Told (after the commit) when a user's exam was created or started a section (the answer gate's lookup). */
  onStarted?: (userId: number) => void;
  /** The caller's crafts of these questions (the review loop), shown with an exam that is not a running timed one. */
  craftsOf?: (userId: number, ids: string[]) => Promise<Map<string, Craft>>;
  /** Where failures of after-commit work are reported. */
  logError?: (err: unknown, msg: string) => void;
  /**
   * Archives (ADR 0041): the 精选 sets an admin retired (template id → when): gone from list_templates,
   * refused by open; their records stay.
   */
  retiredSets?: () => Promise<Map<string, Date>>;
  /** Item parameters for scaled scores and adaptive cut scores (loaded before any exam is read). */
  scoring: Pick<ScoringService, 'paramsOf' | 'ready'>;
}

export interface TemplateIndex {
  defs: TemplateDef[];
  byId: Map<string, TemplateDef>;
}

/** The catalogue and the templates built from it. */
export type Templates = () => Promise<{ c: Catalogue; t: TemplateIndex }>;

/**
 * Templates follow the catalogue: rebuilt (and upserted, idempotently) when it is reloaded; a
 * build that failed is tried again by the next call.
 */
export function templateSource(deps: Pick<ExamServiceDeps, 'repo' | 'clock' | 'questions' | 'scoring'>): Templates {
  const built = new WeakMap<Catalogue, Promise<TemplateIndex>>();
  return async () => {
    const [c] = await Promise.all([deps.questions.catalogue(), deps.scoring.ready()]);
    let t = built.get(c);
    if (!t) {
      t = (async () => {
        const defs = buildTemplates(c);
        await deps.repo.upsertTemplates(defs, deps.clock.now());
        return { defs, byId: new Map(defs.map((d) => [d.template.id, d])) };
      })();
      t.catch(() => built.delete(c));
      built.set(c, t);
    }
    return { c, t: await t };
  };
}

/** Scores a question's runtime against the catalogue (null for a question no longer in it). */
export const scorer = (c: Catalogue) => (r: StoredRuntime) => {
  const q = c.byId.get(r.id)?.question;
  return q ? scoreAnswer(q, r.answer) : null;
};

/** Who writes: the candidate (quotas apply), or the server settling a clock (caller null). */
export interface Writer {
  userId: number;
  caller: Caller | null;
}
export const by = (ctx: AuthedContext): Writer => ({ userId: Number(ctx.caller.userId), caller: ctx.caller });

/** The position a progress answer reports. */
export const position = (si: number, qi: number) => ({ si, qi });
