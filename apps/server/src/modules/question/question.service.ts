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
import { type Catalogue, loadCatalogue, loadCatalogueRow, withCatalogueRow } from './catalogue.ts';
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
  /** A background catalogue load that failed (the loaded one keeps answering). */
  logError?: (err: unknown, msg: string) => void;
}) {
  let current: Promise<Catalogue> | null = null;
  /** Bumped by every change of `current`: a background load started before a change is not swapped in. */
  let generation = 0;
  /** Loaded on first use (main.ts warms it up right after listening), reloaded after imports. */
  const catalogue = () => {
    if (!current) {
      const loading = loadCatalogue(deps.db, deps.clock.now()).catch((err) => {
        if (current === loading) current = null;
        throw err;
      });
      current = loading;
    }
    return current;
  };

  // After one question's edit (ADR 0035): the full load in the background, for the search index,
  // which withCatalogueRow cannot update; the patched catalogue answers meanwhile. One at a time;
  // edits during a load start one more after it, and a load a later change overtook is dropped.
  let backgroundLoad: Promise<void> | null = null;
  let loadAgain = false;
  const loadInBackground = () => {
    if (backgroundLoad) {
      loadAgain = true;
      return;
    }
    const startedAt = generation;
    backgroundLoad = loadCatalogue(deps.db, deps.clock.now()).then(
      (c) => {
        if (generation === startedAt) current = Promise.resolve(c);
      },
      (err: unknown) => deps.logError?.(err, 'catalogue: background load after an edit failed'),
    );
    void backgroundLoad.finally(() => {
      backgroundLoad = null;
      if (loadAgain) {
        loadAgain = false;
        loadInBackground();
      }
    });
  };

  /** One question changed (its edit): its entry read again and replaced at once; the full load follows. */
  const questionChanged = (id: string) => {
    const base = current;
    generation++;
    if (!base) return; // not loaded yet: the coming load reads the edit
    const patched: Promise<Catalogue> = base
      .then(async (c) => {
        const fresh = await loadCatalogueRow(deps.db, id);
        const next = fresh && withCatalogueRow(c, fresh.row, fresh.tagRows);
        if (next) return next;
        // Retired, or not in this catalogue: only a full load is right.
        if (current === patched) current = null;
        return catalogue();
      })
      .catch((err) => {
        if (current === patched) current = null;
        throw err;
      });
    current = patched;
    loadInBackground();
  };

  deps.bus.subscribe((topic, key) => {
    if (topic === everything || (topic === 'catalogue' && key === everything)) {
      generation++;
      current = null;
    } else if (topic === 'catalogue') questionChanged(key);
  });

  const open = (q: Question, ctx: RequestContext, rights: Rights) =>
    withAccess(q, rights.canOpen(ctx.caller, q.visibility), true);

  return {
    catalogue,

    /** After an import: this process and (through the bus) every other one reload. */
    invalidate() {
      deps.bus.publish('catalogue', everything);
    },

    /**
     * After an admin's edit of one question (ADR 0035): this process and (through the bus) every
     * other one replace its entry at once, from the stored row and edit, then load in the background.
     */
    questionChanged(id: string) {
      deps.bus.publish('catalogue', id);
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
