// A demo candidate who has already practised (demo mode only): on the first start, the account
// study@demo.gre-prep.cn works through three short sets the way a candidate does, through the
// app's own endpoints (answers saved, sets finished, so the wrong book, the schedule, the records
// and the reports are the real ones), then writes notes with reasons and an improvement plan and
// collects two questions under a tag. Everything else of the demo stays empty for the journeys.

import type { ReasonLibrary } from '@gre/contract/craft';
import * as cep from '@gre/contract/endpoints/craft';
import * as ep from '@gre/contract/endpoints/exam';
import * as qep from '@gre/contract/endpoints/question';
import * as uep from '@gre/contract/endpoints/user';
import type { Answer } from '@gre/contract/question';
import type { FastifyInstance } from 'fastify';
import { demoPassword } from './demo-accounts.ts';

/** The demo account whose books are filled (README "Demo accounts"). */
export const studyAccount = 'study@demo.gre-prep.cn';
const adminAccount = 'admin@demo.gre-prep.cn';

/** Which sets to work through: one of each, the first accessible of its single kind. */
const setKinds = ['tc1', 'qc', 'ps_single'] as const;

type Envelope<T> = { ok: boolean; data?: T; err_data?: { show?: string } };

export interface DemoHistoryResult {
  sets: number;
  wrongs: number;
}

/**
 * Fills the study account's books unless it has finished anything already (so a restart, or a
 * deleted history, never doubles it). Returns undefined when there was nothing to do.
 */
export async function seedDemoHistory(app: FastifyInstance): Promise<DemoHistoryResult | undefined> {
  async function call<T>(e: { path: string }, body: unknown, token?: string): Promise<T> {
    const res = await app.inject({
      method: 'POST',
      url: e.path,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const env = res.json() as Envelope<T>;
    if (!env.ok || env.data === undefined) throw new Error(`${e.path}: ${env.err_data?.show ?? res.statusCode}`);
    return env.data;
  }
  const login = async (account: string) =>
    (await call<{ token: string }>(uep.login, { account, password: demoPassword })).token;

  const me = await login(studyAccount);
  const records = await call<{ page_control: { total: number } }>(ep.listRecords, { page: 1 }, me);
  if (records.page_control.total > 0) return undefined;
  // The keys come from the admin's view of each question (the candidate never sees them before answering).
  const admin = await login(adminAccount);
  const keyOf = async (id: string) =>
    (await call<{ question: { standard_answer: Answer | null } }>(qep.getQuestion, { id }, admin)).question
      .standard_answer;

  const { cards } = await call<{
    cards: { template: { id: string; kinds: string[]; question_count: number }; accessable: boolean }[];
  }>(ep.listTemplates, { page: 'index' }, me);
  const lib = await call<ReasonLibrary>(cep.getReasonLib, {}, me);
  const wrongs: { id: string; category: number; name: string; examId: string }[] = [];
  let sets = 0;
  for (const kind of setKinds) {
    const card = cards.find(
      (c) =>
        c.accessable &&
        c.template.kinds.length === 1 &&
        c.template.kinds[0] === kind &&
        c.template.question_count <= 12,
    );
    if (!card) continue;
    const opened = await call<{ exam_id: string }>(ep.openBook, { template_id: card.template.id, mode: 'exam' }, me);
    const view = await call<{
      exam: { name: string; sections: { questions: { id: string; data: { category: number } }[] }[] };
    }>(ep.getExam, { exam_id: opened.exam_id }, me);
    const questions = view.exam.sections[0]?.questions ?? [];
    for (const [i, q] of questions.entries()) {
      const key = await keyOf(q.id);
      const first = key?.selects[0];
      if (first === undefined) continue;
      // Two in three right; the others one option off (every kind here has at least four options).
      const wrong = i % 3 === 1;
      const answer = { selects: [wrong ? (first + 1) % 4 : first] };
      await call(
        ep.saveAnswer,
        {
          exam_id: opened.exam_id,
          section_index: 0,
          question_index: i,
          answer,
          used_time_seconds: 40 + ((i * 17) % 60),
        },
        me,
      );
      if (wrong) wrongs.push({ id: q.id, category: q.data.category, name: view.exam.name, examId: opened.exam_id });
    }
    await call(ep.finishExam, { exam_id: opened.exam_id }, me);
    sets++;
  }

  // Notes with reasons on the first two wrong answers, an improvement plan on the first.
  const reasonsOf = (category: number) =>
    (lib.question_categories.find((c) => c.category === category)?.kinds ?? [])
      .flatMap((k) => k.subs)
      .slice(0, 2)
      .map((s) => ({ reason_id: s.id, checked: true }));
  const notes = [
    { note: '转折词 although 之后才是作者真正的态度，第一次读漏了。', mastery: 2 },
    { note: '没有先比较两个量的范围就开始算，忽略了 x 为负数的情形。', mastery: 3 },
  ];
  for (const [i, w] of wrongs.slice(0, notes.length).entries()) {
    const source = { name: w.name, exam_id: w.examId, template_id: '' };
    const n = notes[i] as (typeof notes)[number];
    await call(
      cep.updateCraft,
      {
        update_kind: 'Note',
        craft_id: w.id,
        source,
        craft: {
          note: {
            text_input: { review: '', difficulty: '', new_way: '', puzzle: '', note: n.note },
            review: { mastery: n.mastery, reasons: '' },
            reasons: reasonsOf(w.category),
          },
        },
      },
      me,
    );
    if (i === 0)
      await call(
        cep.updateCraft,
        {
          update_kind: 'Improvement',
          craft_id: w.id,
          source,
          craft: { note: { review: { improvement: '做题时先圈出转折与让步词，再判断空格的方向。' } } },
        },
        me,
      );
  }
  // Two wrong answers collected under a tag.
  const { collect } = await call<{ collect: { id: string } }>(
    cep.addCollectTag,
    { name: '易错题', desp: '做错过、考前要再看一遍的题' },
    me,
  );
  for (const w of wrongs.slice(0, 2))
    await call(
      cep.updateCraft,
      {
        update_kind: 'Collect',
        craft_id: w.id,
        source: { name: w.name, exam_id: w.examId, template_id: '' },
        craft: { collect: { collected: true, collect_ids: [collect.id] } },
      },
      me,
    );
  return { sets, wrongs: wrongs.length };
}
