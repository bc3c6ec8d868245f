// Opening, listing and searching questions, with role rights applied on the server: a caller who
// may not open a question gets a refusal (or a summary in lists), and answers and analyses only
// go to callers who may open the question.
import { QuestionCategory } from '@gre/contract/enums';
import type { Question, QuestionGroup, QuestionInfo } from '@gre/contract/question';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { RequestContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { type Catalogue, loadCatalogue } from './catalogue.ts';
import { withAccess } from './question.mapper.ts';
import type { Rights } from './rights.ts';
import { highlight } from './search-index.ts';

export interface SearchRequest {
  text: string;
  category: number;
  kinds: string[];
  difficulties: number[];
  tag_ids: string[];
  only_accessible: boolean;
  page: number;
  page_size: number;
}

export function createQuestionService(deps: {
  db: Db;
  clock: Clock;
  rights: () => Promise<Rights>;
  bus: InvalidationBus;
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
    if (topic === 'catalogue') current = null;
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
      return { tags: category === QuestionCategory.None ? c.tags : c.tags.filter((t) => t.category === category) };
    },

    async search(req: SearchRequest, ctx: RequestContext) {
      const [c, rights] = await Promise.all([catalogue(), deps.rights()]);
      const text = req.text.trim();
      const kinds = new Set(req.kinds);
      const difficulties = new Set(req.difficulties);
      const tagIds = new Set(req.tag_ids);
      const keep = (i: number) => {
        const q = c.entries[i]?.question;
        if (!q) return false;
        if (req.category !== QuestionCategory.None && q.category !== req.category) return false;
        if (kinds.size && !kinds.has(q.kind)) return false;
        if (difficulties.size && !difficulties.has(q.difficulty)) return false;
        if (tagIds.size && !q.tag_ids.some((t) => tagIds.has(t))) return false;
        if (q.visibility === 'hidden' || q.visibility === 'forbid') return rights.canOpen(ctx.caller, q.visibility);
        if (req.only_accessible && !rights.canOpen(ctx.caller, q.visibility)) return false;
        return true;
      };
      let hits: number[];
      if (text) {
        const scored = c.index.search(text);
        hits = [...scored.entries()]
          .filter(([i]) => keep(i))
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .map(([i]) => i);
      } else {
        hits = [];
        for (let i = 0; i < c.entries.length; i++) if (keep(i)) hits.push(i);
      }
      const start = (req.page - 1) * req.page_size;
      const infos: QuestionInfo[] = hits.slice(start, start + req.page_size).map((i) => {
        const e = c.entries[i] as (typeof c.entries)[number];
        const q = e.question;
        return {
          id: q.id,
          category: q.category,
          kind: q.kind,
          difficulty: q.difficulty,
          visibility: q.visibility,
          accessable: rights.canOpen(ctx.caller, q.visibility),
          brief: q.brief,
          tag_names: e.tagNames,
          source_names: q.source_names,
          highlight: text ? highlight(e.text, text) : '',
        };
      });
      return { page_control: { page: req.page, page_size: req.page_size, total: hits.length }, question_infos: infos };
    },
  };
}

export type QuestionService = ReturnType<typeof createQuestionService>;
