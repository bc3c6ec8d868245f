// Archives (spec routes archived_pick / archived_six_two; issue 19, ADR 0041). An admin retires a 精选
// practice set or the six-two word book (audited); it leaves list_templates and list_books, opening it is
// refused, and everyone who had opened it gets it read-only in their archive with their records: the
// reports of their attempts, their word marks. Un-retiring brings it back and empties those archives.
import type { ArchivedPick, ArchiveKind, Retirable } from '@gre/contract/endpoints/archive';
import { archiveKindLabel } from '@gre/contract/endpoints/archive';
import { wordBookKindLabel } from '@gre/contract/word';
import type { Clock } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { Templates } from '../exam/exam.deps.ts';
import { toRecord } from '../exam/exam.mapper.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import type { WordService } from '../word/word.service.ts';
import type { ArchiveRepo } from './archive.repo.ts';

export interface ArchiveDeps {
  repo: ArchiveRepo;
  clock: Clock;
  templates: Templates;
  words: Pick<WordService, 'archivedBook'>;
  /** Tells every process a user row changed (the auth lookup caches it for 5 s; ADR 0041). */
  userChanged: (userId: number) => void;
}

/** Past this many users a retirement leaves their cached rows to the 5-second expiry. */
const publishMax = 1000;

/** The word books an admin may retire: the six-two book (ADR 0041). */
export const sixTwoBooks: ReadonlySet<string> = new Set(['sixtwo']);

export function createArchive(deps: ArchiveDeps) {
  const { repo, clock } = deps;
  const userOf = (ctx: AuthedContext) => Number(ctx.caller.userId);

  /** The retirable items of a kind: id → title (精选 sets of the current bank; the six-two book). */
  async function items(kind: ArchiveKind): Promise<Map<string, { title: string; questions: number }>> {
    if (kind === 'sixtwo') {
      return new Map([...sixTwoBooks].map((id) => [id, { title: wordBookKindLabel.sixtwo, questions: 0 }]));
    }
    const { t } = await deps.templates();
    return new Map(
      t.defs
        .filter((d) => d.template.page === 'pick')
        .map((d) => [d.template.id, { title: d.template.title, questions: d.template.question_count }]),
    );
  }

  async function describe(kind: ArchiveKind, ids: string[], titles: Map<string, { title: string }>) {
    const [retired, counts] = await Promise.all([repo.retired(kind), repo.counts(kind, ids)]);
    return ids.map(
      (id): Retirable => ({
        kind,
        id,
        title: titles.get(id)?.title ?? id,
        retired: retired.has(id),
        retired_at: retired.get(id)?.getTime() ?? 0,
        opened_by: counts.get(id)?.opened ?? 0,
        archived_for: counts.get(id)?.archived ?? 0,
      }),
    );
  }

  async function pickSets(userId: number, held: Map<string, Date>): Promise<ArchivedPick[]> {
    const [known, rows] = await Promise.all([items('pick'), repo.attempts(userId, [...held.keys()])]);
    return [...held].map(([id, at]) => ({
      template_id: id,
      title: known.get(id)?.title ?? rows.find((r) => r.templateId === id)?.name ?? id,
      question_count: known.get(id)?.questions ?? 0,
      retired_at: at.getTime(),
      records: rows.filter((r) => r.templateId === id).map(toRecord),
    }));
  }

  return {
    async listRetirable() {
      const out: Retirable[] = [];
      for (const kind of ['pick', 'sixtwo'] as const) {
        const known = await items(kind);
        out.push(...(await describe(kind, [...known.keys()], known)));
      }
      return { items: out };
    },

    async setRetired(b: { kind: ArchiveKind; id: string; retired: boolean }, ctx: AuthedContext): Promise<Retirable> {
      const known = await items(b.kind);
      const item = known.get(b.id);
      const what = archiveKindLabel[b.kind];
      // A set the bank no longer builds may still be retired: it can be un-retired.
      const wasRetired = (await repo.retired(b.kind)).has(b.id);
      if (!item && !wasRetired) throw errors.notFound(`没有这套${what}：${b.id}`);
      const now = clock.now();
      const changed = await repo.db.transaction(async (tx) => {
        await repo.lockItem(tx, b.kind, b.id);
        const row = await repo.findRetired(tx, b.kind, b.id);
        if (b.retired && row) throw errors.invalidParam(`这套${what}已经下架了`);
        if (!b.retired && !row) throw errors.invalidParam(`这套${what}没有下架，无需恢复`);
        const users = b.retired
          ? await repo.retire(tx, b.kind, b.id, item?.title ?? b.id, userOf(ctx), now)
          : await repo.unretire(tx, b.kind, b.id);
        await writeStaffAudit(tx, {
          staffId: userOf(ctx),
          action: b.retired ? 'retire' : 'unretire',
          target: null,
          subject: `${b.kind}:${b.id}`,
          before: { retired: !b.retired },
          after: b.retired
            ? { retired: true, archived_for: users.length }
            : { retired: false, archives_removed: users.length },
          at: now,
        });
        return users;
      });
      if (changed.length <= publishMax) for (const id of changed) deps.userChanged(id);
      const [one] = await describe(b.kind, [b.id], known);
      return one as Retirable;
    },

    async listPicks(ctx: AuthedContext) {
      return { sets: await pickSets(userOf(ctx), await repo.archiveOf(userOf(ctx), 'pick')) };
    },

    async getPick(templateId: string, ctx: AuthedContext): Promise<ArchivedPick> {
      const held = await repo.archiveOf(userOf(ctx), 'pick', templateId);
      if (!held.size) throw errors.notFound(archiveRefusal('pick', (await repo.retired('pick')).has(templateId)));
      return (await pickSets(userOf(ctx), held))[0] as ArchivedPick;
    },

    async listSixTwo(ctx: AuthedContext) {
      const held = await repo.archiveOf(userOf(ctx), 'sixtwo');
      const books = [];
      for (const [id, at] of held) {
        const r = await deps.words.archivedBook({ book_id: id, page: 1, page_size: 1 }, ctx);
        books.push({ ...r.book, retired_at: at.getTime() });
      }
      return { books };
    },

    async getSixTwo(b: { book_id: string; page: number; page_size: number }, ctx: AuthedContext) {
      const held = await repo.archiveOf(userOf(ctx), 'sixtwo', b.book_id);
      const at = held.get(b.book_id);
      if (!at) throw errors.notFound(archiveRefusal('sixtwo', (await repo.retired('sixtwo')).has(b.book_id)));
      return { ...(await deps.words.archivedBook(b, ctx)), retired_at: at.getTime() };
    },
  };
}

/** Why the caller has no archive of this item: it is retired but they never opened it, or it is not retired. */
function archiveRefusal(kind: ArchiveKind, retired: boolean): string {
  const what = archiveKindLabel[kind];
  return retired
    ? `你没有打开过这套${what}，存档里没有它（只有下架前打开过的${what}才会存档）`
    : `存档里没有这套${what}：它没有下架，或不存在`;
}

export type Archive = ReturnType<typeof createArchive>;
