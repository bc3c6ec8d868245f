// Opening, listing and searching questions, with role rights applied on the server: a caller who
// may not open a question gets a refusal (or a summary in lists), and answers and analyses only
// go to callers who may open the question. Answers of the caller's running timed exam are withheld
// by the answer gate (modules/exam/exam.exposure.ts): on every response that carries a Question, and
// here for search, whose hits could match on an analysis.
import { searchQuestions } from '@gre/contract/endpoints/question';
import { QuestionCategory } from '@gre/contract/enums';
import type { Question, QuestionGroup } from '@gre/contract/question';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { isStaff, type RequestContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import { type Catalogue, loadCatalogue } from './catalogue.ts';
import { withAccess } from './question.mapper.ts';
import type { Rights } from './rights.ts';
import { type SearchRequest, searchCatalogue } from './search.ts';

const searchPath = searchQuestions.path;

export function createQuestionService(deps: {
  db: Db;
  clock: Clock;
  rights: () => Promise<Rights>;
  bus: InvalidationBus;
  /** The answer gate: questions of the caller's running exam are left out of text hits; hits of a lapsed one are logged. */
  runningExams: {
    runningIds(ctx: RequestContext): Promise<((id: string) => boolean) | null>;
    served(ctx: RequestContext, ids: readonly string[], path: string): Promise<void>;
  };
  /** The mock-only pool of a catalogue (ADR 0021): search leaves it out for candidates. */
  mockOnly?: (c: Catalogue) => Set<string>;
}) {
  let current: Promise<Catalogue> | null = null;
  /** Loaded on first use (main.ts warms it up right after listening), reloaded after imports. */
  const catalogue = () => {
    current ??= loadCatalogue(deps.db, deps.clock.now()).catch((err) => {
      current = null;
      throw err;
    });
    return current;
  };
  deps.bus.subscribe((topic) => {
    if (topic === 'catalogue' || topic === everything) current = null;
  });

  const open = (q: Question, ctx: RequestContext, rights: Rights) =>
    withAccess(q, rights.canOpen(ctx.caller, q.visibility), true);

  return {
    catalogue,

    /** After an import: this process and (through the bus) every other one reload. */
    invalidate() {
      deps.bus.publish('catalogue', '*');
    },

    async get(id: string, ctx: RequestContext) {
      const [c, rights] = await Promise.all([catalogue(), deps.rights()]);
      const entry = c.byId.get(id);
      if (!entry) throw errors.notFound('题目不存在或已下线');
      rights.assertCanOpen(ctx.caller, entry.question.visibility);
      const group = entry.question.group_id ? (c.groups.get(entry.question.group_id) ?? null) : null;
      return { question: entry.question, group };
    },

    async gets(ids: string[], ctx: RequestContext) {
      const [c, rights] = await Promise.all([catalogue(), deps.rights()]);
      const out: Question[] = [];
      const groups = new Map<string, QuestionGroup>();
      for (const id of [...new Set(ids)]) {
        const entry = c.byId.get(id);
        if (!entry) continue;
        const q = open(entry.question, ctx, rights);
        out.push(q);
        if (q.accessable && q.group_id) {
          const g = c.groups.get(q.group_id);
          if (g) groups.set(g.id, g);
        }
      }
      return { questions: out, groups: [...groups.values()] };
    },

    async getTags(category: number) {
      const c = await catalogue();
      const all = category === QuestionCategory.None;
      return {
        tags: all ? c.tags : c.tags.filter((t) => t.category === category),
        sources: all ? c.sources : c.sources.filter((s) => s.category === category),
      };
    },

    async search(req: SearchRequest, ctx: RequestContext) {
      const text = req.text.trim() !== '';
      const [c, rights, running] = await Promise.all([
        catalogue(),
        deps.rights(),
        text ? deps.runningExams.runningIds(ctx) : null,
      ]);
      const reserved = isStaff(ctx.caller) ? null : (deps.mockOnly?.(c) ?? null);
      const found = searchCatalogue(c, req, (visibility) => rights.canOpen(ctx.caller, visibility), running, reserved);
      // A highlight may quote an analysis: hits of a lapsed exam are logged.
      const ids = found.question_infos.map((q) => q.id);
      if (text) await deps.runningExams.served(ctx, ids, searchPath);
      return found;
    },
  };
}

export type QuestionService = ReturnType<typeof createQuestionService>;
