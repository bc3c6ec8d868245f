// The demo lessons shipped in the repository (content/lessons, made by scripts/make-lessons.ts; ADR
// 0039): at every start, each one missing from the media storage is copied in and its row written,
// so `npm start` has playable lessons on a machine without ffmpeg. Idempotent; an admin's changes to
// other lessons are never touched.
import fs from 'node:fs';
import path from 'node:path';
import { lessonTopicSchema } from '@gre/contract/lesson';
import { questionKindSchema } from '@gre/contract/question';
import { z } from 'zod';
import { lessons } from '../../db/schema/lesson.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, excluded } from '../../platform/db.ts';
import type { MediaStorage } from '../../platform/storage.ts';
import { contentTypeOf } from './lesson.package.ts';
import { lessonKey } from './lesson.service.ts';

const builtinSchema = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    title: z.string(),
    summary: z.string(),
    topic: lessonTopicSchema,
    kinds: z.array(questionKindSchema).min(1),
    free: z.boolean(),
    sort: z.number().int(),
    duration_s: z.number().positive(),
    files: z.array(z.string()).min(1),
  }),
);

/** Copies the shipped lessons into `storage` where missing; returns how many were (re)written. */
export async function seedLessons(deps: { db: Db; clock: Clock; storage: MediaStorage; dir: string }): Promise<number> {
  const index = path.join(deps.dir, 'lessons.json');
  if (!fs.existsSync(index)) return 0;
  const list = builtinSchema.parse(JSON.parse(fs.readFileSync(index, 'utf8')));
  let written = 0;
  for (const l of list) {
    // The master playlist is stored last, so its presence means the whole lesson is there.
    const complete = await deps.storage.exists(lessonKey(l.id, 'master.m3u8'));
    if (!complete) {
      const ordered = [...l.files.filter((f) => f !== 'master.m3u8'), 'master.m3u8'];
      for (const f of ordered)
        await deps.storage.put(
          lessonKey(l.id, f),
          await fs.promises.readFile(path.join(deps.dir, l.id, f)),
          contentTypeOf(f),
        );
      written++;
    }
    const now = deps.clock.now();
    await deps.db
      .insert(lessons)
      .values({
        id: l.id,
        title: l.title,
        summary: l.summary,
        topic: l.topic,
        kinds: l.kinds,
        free: l.free,
        status: 'ready',
        progress: 100,
        durationS: l.duration_s,
        builtin: true,
        sort: l.sort,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: lessons.id,
        set: excluded(
          'title',
          'summary',
          'topic',
          'kinds',
          'free',
          'status',
          'progress',
          'durationS',
          'builtin',
          'sort',
        ),
      });
  }
  return written;
}
