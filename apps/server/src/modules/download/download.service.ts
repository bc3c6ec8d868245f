// Study materials (/download, issue 19, ADR 0040). `list` answers every material with its stored
// file's size and pages (download counts for staff) and starts generating the stale ones in the
// background; `prepare` checks the caller's right, waits for the current file and signs a one-minute
// download address for the caller; `check` verifies that address again when the file is fetched
// (signature, expiry, the right, no running exam), and `open` streams it and counts the download.
// A file is generated once per content version, on a worker thread: single-flight per material and
// one generation at a time per process; stored through the media storage (platform/storage.ts) under a key naming the
// version, so a second process finds it made and a new version never serves an old file.
// `my-wrongs` is each user's own 错题本: made for the caller from their wrong book (download.wrongs.ts)
// on the same worker, kept per user (`wrong_books`) at the version of their book, never warmed up
// by the list. Who may download is the `materials` right of the per-role data (mayVisitMaterial).
import type { Readable } from 'node:stream';
import { chinaDay } from '@gre/contract/china-time';
import { type Material, type MaterialId, materialIds, materialInfo } from '@gre/contract/endpoints/download';
import type { RoleKind } from '@gre/contract/enums';
import { materialsRefusal, type RoleRights } from '@gre/contract/rights';
import { eq, sql } from 'drizzle-orm';
import { materials, wrongBooks } from '../../db/schema/download.ts';
import { users } from '../../db/schema/user.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext, Caller } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { createSigner } from '../../platform/signed.ts';
import type { MediaStorage } from '../../platform/storage.ts';
import { callerOfUser, mayVisitMaterial } from '../user/user.mapper.ts';
import {
  type MaterialContent,
  type MaterialSources,
  materialContent,
  type SharedMaterialId,
} from './download.materials.ts';
import type { PdfRenderer } from './download.pool.ts';
import { type WrongItem, wrongBookContent, wrongBookLimit } from './download.wrongs.ts';

/** How long a prepared download address works. */
export const downloadLinkMs = 60_000;

/** Materials that quote the bank (word meanings, Issue prompts, keys and analyses): withheld while an exam runs. */
const fromTheBank = (id: MaterialId) => id !== 'formulas';

const personal = 'my-wrongs' as const;
const isShared = (id: MaterialId): id is SharedMaterialId => id !== personal;

const emptyBook = '你的错题本还是空的：练习或模考中做错的题会自动收进错题本，之后就可以在这里下载';
const runningExam = '你有正在进行的计时考试，交卷后才能下载这份资料';

export interface DownloadDeps {
  db: Db;
  clock: Clock;
  secret: string;
  storage: MediaStorage;
  sources: MaterialSources;
  /** Lays out a PDF off the event loop (download.pool.ts). */
  renderer: Pick<PdfRenderer, 'render'>;
  /** Whether the user has a timed exam running now (the answer gate, ADR 0017). */
  examRunning(userId: string): Promise<boolean>;
  /** Drops cached content versions when the bank is imported or edited. */
  onContentChange(drop: () => void): void;
  /** Whether a role has the materials right (role_quotas.materials). */
  materialsRight(): Promise<(role: RoleKind) => boolean>;
  /** The rights of the table's roles, for the refusal's wording (who has the right). */
  roles(): Promise<RoleRights[]>;
  /** The caller's wrong book (modules/craft). */
  wrongs: {
    basis(userId: number): Promise<{ count: number; basis: string }>;
    book(caller: Caller, limit: number): Promise<{ items: WrongItem[]; total: number; basis: string }>;
  };
  log?: { error(obj: unknown, msg: string): void };
}

export type DownloadCheck =
  | { ok: true; userId: number; id: MaterialId }
  | { ok: false; status: 403 | 404 | 410; message: string };

type MaterialRow = typeof materials.$inferSelect;
type WrongBookRow = typeof wrongBooks.$inferSelect;

export function createDownloads(deps: DownloadDeps) {
  const { db, clock, storage } = deps;
  const signer = createSigner(deps.secret, 'gre-prep material download v1');
  const contents = new Map<SharedMaterialId, Promise<MaterialContent>>();
  /** The versions worked out so far (for the list, which never waits for one). */
  const versions = new Map<SharedMaterialId, string>();
  let epoch = 0;
  let wordRows: ReturnType<MaterialSources['words']> | null = null;
  const sources: MaterialSources = {
    // One read of the table for the five word lists.
    words: () => {
      wordRows ??= deps.sources.words();
      wordRows.catch(() => {
        wordRows = null;
      });
      return wordRows;
    },
    issues: () => deps.sources.issues(),
  };
  deps.onContentChange(() => {
    epoch++;
    contents.clear();
    versions.clear();
    wordRows = null;
  });
  const inFlight = new Map<string, Promise<unknown>>();
  /**
   * Generations waiting for the one worker: a download someone waits for goes before the warm-ups
   * the list starts; one at a time, since a PDF takes a core for seconds.
   */
  const waiting: { urgent: boolean; start: () => void }[] = [];
  let running = false;
  const pump = () => {
    if (running) return;
    const i = waiting.findIndex((w) => w.urgent);
    const [next] = waiting.splice(i < 0 ? 0 : i, 1);
    if (!next) return;
    running = true;
    next.start();
  };
  function scheduled<T>(urgent: boolean, work: () => Promise<T>): { promise: Promise<T>; hurry(): void } {
    const entry = { urgent, start: () => {} };
    const promise = new Promise<T>((resolve, reject) => {
      entry.start = () =>
        work()
          .then(resolve, reject)
          .finally(() => {
            running = false;
            pump();
          });
    });
    waiting.push(entry);
    pump();
    return {
      promise,
      hurry: () => {
        entry.urgent = true;
      },
    };
  }
  const hurries = new Map<string, () => void>();

  function content(id: SharedMaterialId): Promise<MaterialContent> {
    let c = contents.get(id);
    if (!c) {
      const of = epoch;
      c = materialContent(id, sources);
      c.then(
        (made) => {
          if (of === epoch) versions.set(id, made.version);
        },
        () => contents.delete(id),
      );
      contents.set(id, c);
    }
    return c;
  }

  async function stored(id: SharedMaterialId): Promise<MaterialRow | undefined> {
    const [row] = await db.select().from(materials).where(eq(materials.id, id));
    return row;
  }

  const keyOf = (id: SharedMaterialId, version: string) => `materials/${id}-${version}.pdf`;

  async function generate(id: SharedMaterialId, c: MaterialContent): Promise<MaterialRow> {
    const started = performance.now();
    const file = await deps.renderer.render(c.pdf);
    const key = keyOf(id, c.version);
    await storage.put(key, file.bytes, 'application/pdf');
    const values = {
      version: c.version,
      key,
      bytes: file.bytes.length,
      pages: file.pages,
      generateMs: Math.round(performance.now() - started),
      generatedAt: clock.now(),
    };
    const before = await stored(id);
    const [row] = await db
      .insert(materials)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: materials.id, set: values })
      .returning();
    if (before?.key && before.key !== key) await storage.delete(before.key);
    if (!row) throw new Error(`material ${id} not stored`);
    return row;
  }

  /**
   * The stored row of the material's current version, generating it first when it is stale; `urgent`
   * when someone waits for it (a download), not for a warm-up.
   */
  async function ensure(id: SharedMaterialId, urgent: boolean): Promise<MaterialRow> {
    const c = await content(id);
    const row = await stored(id);
    if (row?.version === c.version && row.key && (await storage.exists(row.key))) return row;
    return single(`${id}@${c.version}`, urgent, () => generate(id, c));
  }

  /** One generation per flight name at a time; later askers share it (and hurry it when they wait). */
  function single<T>(flight: string, urgent: boolean, work: () => Promise<T>): Promise<T> {
    let p = inFlight.get(flight) as Promise<T> | undefined;
    if (p) {
      if (urgent) hurries.get(flight)?.();
      return p;
    }
    const job = scheduled(urgent, work);
    p = job.promise;
    inFlight.set(flight, p);
    hurries.set(flight, job.hurry);
    const done = () => {
      inFlight.delete(flight);
      hurries.delete(flight);
    };
    p.then(done, done);
    return p;
  }

  async function storedBook(userId: number): Promise<WrongBookRow | undefined> {
    const [row] = await db.select().from(wrongBooks).where(eq(wrongBooks.userId, userId));
    return row;
  }

  /**
   * The caller's 错题本 file at the current version of their book, made first when the stored one is
   * older (another answer, a note, an edit of a question); null when the book is empty.
   */
  async function ensureBook(u: UserRow): Promise<WrongBookRow | null> {
    const caller = callerOf(u);
    const book = await deps.wrongs.book(caller, wrongBookLimit);
    if (!book.items.length) return null;
    const c = wrongBookContent(book.items, { name: u.name, total: book.total, date: chinaDay(clock.now()) });
    const row = await storedBook(u.id);
    if (row?.version === c.version && (await storage.exists(row.key))) {
      if (row.basis !== book.basis)
        await db.update(wrongBooks).set({ basis: book.basis }).where(eq(wrongBooks.userId, u.id));
      return { ...row, basis: book.basis };
    }
    return single(`wrongs:${u.id}@${c.version}`, true, async () => {
      const file = await deps.renderer.render(c.pdf);
      const key = `wrongbooks/${u.id}-${c.version}.pdf`;
      await storage.put(key, file.bytes, 'application/pdf');
      const values = {
        basis: book.basis,
        version: c.version,
        key,
        questions: c.questions,
        bytes: file.bytes.length,
        pages: file.pages,
        generatedAt: clock.now(),
      };
      const before = await storedBook(u.id);
      const [made] = await db
        .insert(wrongBooks)
        .values({ userId: u.id, ...values })
        .onConflictDoUpdate({ target: wrongBooks.userId, set: values })
        .returning();
      if (before?.key && before.key !== key) await storage.delete(before.key);
      if (!made) throw new Error(`wrong book of ${u.id} not stored`);
      return made;
    });
  }

  type UserRow = typeof users.$inferSelect;
  const callerOf = (u: UserRow): Caller => callerOfUser(u, clock.now());

  /** The user when they may download (the materials right of their role, their flag, or staff). */
  async function visitor(userId: number): Promise<UserRow | null> {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u || u.isFreeze) return null;
    return mayVisitMaterial(u, clock.now(), await deps.materialsRight()) ? u : null;
  }

  const refusal = async () => materialsRefusal(await deps.roles());

  const signed = (userId: number, id: MaterialId, exp: string) => `${userId}|${id}|${exp}`;

  function fileName(id: MaterialId): string {
    return `gre-${id}.pdf`;
  }

  return {
    async list(ctx: AuthedContext): Promise<{ can_visit: boolean; materials: Material[] }> {
      const userId = Number(ctx.caller.userId);
      const staff = ctx.caller.isAdmin || ctx.caller.isOperator;
      const [rowList, book, basis, may] = await Promise.all([
        db.select().from(materials),
        storedBook(userId),
        deps.wrongs.basis(userId),
        visitor(userId),
      ]);
      const rows = new Map(rowList.map((r) => [r.id, r]));
      const out: Material[] = [];
      for (const id of materialIds) {
        if (!isShared(id)) {
          out.push({
            id,
            ...materialInfo[id],
            ready: !!book && book.basis === basis.basis,
            bytes: book?.bytes ?? null,
            pages: book?.pages ?? null,
            downloads: null,
            wrongs: basis.count,
          });
          continue;
        }
        const row = rows.get(id);
        // The current version when this process knows it; otherwise it is worked out (and a stale
        // file made) in the background, and the stored file counts as current meanwhile: the list
        // never waits for the word table to be read or a PDF to be made.
        const current = versions.get(id) ?? null;
        const ready = !!row?.version && (current === null || row.version === current);
        if (!current || !ready)
          ensure(id, false).catch((err) => deps.log?.error({ err, material: id }, 'material generation failed'));
        out.push({
          id,
          ...materialInfo[id],
          ready,
          bytes: row?.version ? row.bytes : null,
          pages: row?.version ? row.pages : null,
          downloads: staff ? (row?.downloads ?? 0) : null,
          wrongs: null,
        });
      }
      return { can_visit: !!may, materials: out };
    },

    /** Checks the right, makes the file if needed, and signs its address for the caller. */
    async prepare(id: MaterialId, ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const u = await visitor(userId);
      if (!u) throw errors.forbidden(await refusal());
      if (fromTheBank(id) && (await deps.examRunning(ctx.caller.userId))) throw errors.forbidden(runningExam);
      if (isShared(id)) await ensure(id, true);
      else if (!(await ensureBook(u))) throw errors.notFound(emptyBook);
      const expiresAt = new Date(clock.now().getTime() + downloadLinkMs);
      const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
      return {
        url: `/api/download/file/${userId}.${id}.${exp}.${signer.sign(signed(userId, id, exp))}`,
        file_name: fileName(id),
        expires_at: expiresAt.toISOString(),
      };
    },

    /** Whether a download address is genuine, unexpired, and its user may still have the file. */
    async check(token: string): Promise<DownloadCheck> {
      const invalid = { ok: false as const, status: 403 as const, message: '下载地址无效，请回到资料下载页重新下载' };
      const m = /^(\d{1,15})\.([a-z0-9-]{1,24})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return invalid;
      const [, uid = '', material = '', exp = '', sig = ''] = m;
      if (!(materialIds as readonly string[]).includes(material)) return invalid;
      const id = material as MaterialId;
      const userId = Number(uid);
      if (!signer.verify(signed(userId, id, exp), sig)) return invalid;
      if (Number.parseInt(exp, 36) * 1000 <= clock.now().getTime())
        return { ok: false, status: 410, message: '下载地址已过期（一分钟内有效），请回到资料下载页重新下载' };
      if (!(await visitor(userId))) return { ok: false, status: 403, message: await refusal() };
      if (fromTheBank(id) && (await deps.examRunning(String(userId))))
        return { ok: false, status: 403, message: runningExam };
      return { ok: true, userId, id };
    },

    /** The current file as a stream, counted as one download. */
    async open(
      id: MaterialId,
      userId: number,
    ): Promise<{ stream: Readable; bytes: number; fileName: string; title: string } | null> {
      if (!isShared(id)) {
        const u = await visitor(userId);
        const book = u ? await ensureBook(u) : null;
        const stream = book ? await storage.get(book.key) : null;
        return book && stream
          ? { stream, bytes: book.bytes, fileName: fileName(id), title: materialInfo[id].title }
          : null;
      }
      const row = await ensure(id, true);
      const stream = row.key ? await storage.get(row.key) : null;
      if (!stream) return null;
      await db
        .update(materials)
        .set({ downloads: sql`${materials.downloads} + 1` })
        .where(eq(materials.id, id));
      return { stream, bytes: row.bytes, fileName: fileName(id), title: materialInfo[id].title };
    },

    /** Resolves when no generation is under way (the app waits for it before closing). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight.values()]);
    },
  };
}

export type Downloads = ReturnType<typeof createDownloads>;
