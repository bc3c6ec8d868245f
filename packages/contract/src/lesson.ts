// Lessons (issue 19, ADR 0039): short strategy videos by topic and question kind, played with HLS from
// signed, expiring addresses. The shapes the catalogue, the player and the admins' lessons panel share.
import { z } from 'zod';
import { type QuestionKind, questionKindSchema } from './question.ts';

/** The catalogue's sections. */
export const lessonTopics = ['verbal', 'quant', 'strategy'] as const;
export const lessonTopicSchema = z.enum(lessonTopics, { error: '课程主题不正确' });
export type LessonTopic = z.infer<typeof lessonTopicSchema>;
export const lessonTopicLabel: Record<LessonTopic, string> = {
  verbal: '语文',
  quant: '数学',
  strategy: '应试策略',
};

/** A lesson's id: its address /video/<id>; lower-case letters, digits and dashes. */
export const lessonIdSchema = z
  .string({ error: '课程编号不正确' })
  .min(1, { error: '课程编号不正确' })
  .max(64, { error: '课程编号不正确' })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: '课程编号不正确' });

/** ready: playable; packaging: the job is cutting it into HLS; failed: the job gave up (see failure). */
export const lessonStatuses = ['ready', 'packaging', 'failed'] as const;
export const lessonStatusSchema = z.enum(lessonStatuses);
export type LessonStatus = z.infer<typeof lessonStatusSchema>;

export const lessonLimits = {
  title: 60,
  summary: 500,
  /** An uploaded source video, in bytes. */
  uploadBytes: 200 * 1024 * 1024,
  kinds: 6,
} as const;
export const lessonUploadMaxText = '200 MB';
/** The file chooser's filter (a hint only; the server reads the type from the bytes). */
export const lessonAccept = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv';

/** A catalogue entry. `locked`: the caller's role may not watch it (the rights data: role_quotas.lessons). */
export const lessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** What it teaches. */
  summary: z.string(),
  topic: lessonTopicSchema,
  /** The question kinds that practise it; the first is the practice link's. */
  kinds: z.array(questionKindSchema),
  duration_s: z.number(),
  /** Open to every logged-in user; otherwise to roles whose rights include lessons. */
  free: z.boolean(),
  locked: z.boolean(),
  /** The caller's progress. */
  position_s: z.number(),
  watched: z.boolean(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** A lesson opened for playing: the signed, expiring addresses of its master playlist and poster. */
export const lessonPlaySchema = lessonSchema.extend({
  master_url: z.string(),
  poster_url: z.string(),
  /** Chinese captions (WebVTT) when the lesson has them (the shipped lessons: their narration). */
  captions_url: z.string().nullable(),
  /** When the addresses stop working (ms since epoch); the player asks again after. */
  expires_at: z.number().int(),
});
export type LessonPlay = z.infer<typeof lessonPlaySchema>;

/** The admins' view: every lesson with its packaging state. */
export const managedLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  topic: lessonTopicSchema,
  kinds: z.array(questionKindSchema),
  free: z.boolean(),
  status: lessonStatusSchema,
  /** Packaging progress, 0–100. */
  progress: z.number().int(),
  /** Why packaging failed, in Chinese; null otherwise. */
  failure: z.string().nullable(),
  duration_s: z.number(),
  builtin: z.boolean(),
  created_at: z.string(),
});
export type ManagedLesson = z.infer<typeof managedLessonSchema>;

/** The practice list section of a kind (features/practice gives each section this id). */
export const practiceAnchor = (kind: QuestionKind) => `kind-${kind}`;
