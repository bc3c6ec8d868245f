// Lessons (issue 19, ADR 0039): the catalogue, a lesson opened for playing (signed, expiring HLS
// addresses), the caller's position; the admins' upload (packaged to HLS by a job) and lessons panel.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  lessonIdSchema,
  lessonLimits,
  lessonPlaySchema,
  lessonSchema,
  lessonTopicSchema,
  lessonUploadMaxText,
  managedLessonSchema,
} from '../lesson.ts';
import { questionKindSchema } from '../question.ts';

export const listLessons = endpoint({
  path: '/api/lesson/list',
  summary: '课程目录：每节课讲什么、时长、对应题型，是否可看（按角色权益）与我的进度',
  access: 'user',
  request: z.object({}),
  response: z.object({ lessons: z.array(lessonSchema) }),
});

export const getLesson = endpoint({
  path: '/api/lesson/get',
  summary: '打开一节课：签名且有时效的 HLS 播放地址与封面地址，以及上次看到的位置',
  access: 'user',
  errors: ['not_found', 'limit', 'busy'],
  request: z.object({ id: lessonIdSchema }),
  response: lessonPlaySchema,
});

export const saveLessonProgress = endpoint({
  path: '/api/lesson/save_progress',
  summary: '记录我看到的位置（秒）；看到结尾（或 ended）即记为已看完',
  access: 'user',
  errors: ['not_found', 'limit'],
  rateLimit: { max: 120, timeWindowMs: 60_000 },
  request: z.object({
    id: lessonIdSchema,
    position_s: z
      .number({ error: '播放位置不正确' })
      .min(0, { error: '播放位置不正确' })
      .max(24 * 3600, { error: '播放位置不正确' }),
    ended: z.boolean({ error: '参数 ended 不正确' }).default(false),
  }),
  response: z.object({ position_s: z.number(), watched: z.boolean() }),
});

export const manageLessons = endpoint({
  path: '/api/lesson/admin_list',
  summary: '管理员：全部课程及其打包进度与失败原因',
  access: 'admin',
  request: z.object({}),
  response: z.object({ lessons: z.array(managedLessonSchema) }),
});

/** Multipart text fields are strings: kinds comma-separated, free "true" / "false". */
export const uploadLesson = endpoint({
  path: '/api/lesson/upload',
  summary: `管理员：上传一段课程视频（multipart/form-data，字段 file；MP4、MOV、WebM 或 MKV，不超过 ${lessonUploadMaxText}），由后台任务打包为 HLS`,
  access: 'admin',
  errors: ['busy'],
  multipart: { file: 'file', maxBytes: lessonLimits.uploadBytes },
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  request: z.object({
    title: z
      .string({ error: '请填写课程标题' })
      .trim()
      .min(1, { error: '请填写课程标题' })
      .max(lessonLimits.title, { error: `课程标题最多 ${lessonLimits.title} 个字` }),
    summary: z
      .string({ error: '请填写课程简介' })
      .trim()
      .min(1, { error: '请填写课程简介' })
      .max(lessonLimits.summary, { error: `课程简介最多 ${lessonLimits.summary} 个字` }),
    topic: lessonTopicSchema,
    kinds: z
      .string({ error: '请选择对应题型' })
      .transform((s) =>
        s
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(questionKindSchema, { error: '题型不正确' })
          .min(1, { error: '请至少选择一个对应题型' })
          .max(lessonLimits.kinds, { error: `最多选择 ${lessonLimits.kinds} 个题型` }),
      ),
    free: z
      .enum(['true', 'false'], { error: '请选择是否免费' })
      .default('false')
      .transform((v) => v === 'true'),
  }),
  response: managedLessonSchema,
});

export const deleteLesson = endpoint({
  path: '/api/lesson/admin_delete',
  summary: '管理员：删除一节上传的课程（视频文件与观看记录一并删除；内置演示课程不可删除）',
  access: 'admin',
  errors: ['not_found', 'conflict'],
  request: z.object({ id: lessonIdSchema }),
  response: z.object({ deleted: z.boolean() }),
});
