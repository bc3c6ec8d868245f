// No answers during a running exam (docs/decisions/0017): the whole contract walked during a running
// mock, answers back after it is over, staff and lapsed exams logged and left out of calibration,
// and the lookup kept fresh across processes.
import { allEndpoints } from '@gre/contract/all-endpoints';
import type { Endpoint } from '@gre/contract/endpoint';
import * as cep from '@gre/contract/endpoints/craft';
import * as essay from '@gre/contract/endpoints/essay';
import * as ep from '@gre/contract/endpoints/exam';
import * as flash from '@gre/contract/endpoints/flash';
import * as pep from '@gre/contract/endpoints/post';
import * as qep from '@gre/contract/endpoints/question';
import * as word from '@gre/contract/endpoints/word';
import { ExamStatus, RoleKind } from '@gre/contract/enums';
import { postRefusals } from '@gre/contract/post';
import type { Answer, Question, QuestionGroup } from '@gre/contract/question';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examExposures, exams } from '../../db/schema/exam.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildWordTest } from '../../test/factories.ts';
import { buildSecondApp, createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { createScoringRepo } from '../scoring/scoring.repo.ts';
import type { StoredSection } from './exam.engine.ts';
import { carriesQuestions, runningUntil } from './exam.exposure.ts';

/** What the walker does with each endpoint of the contract during a running mock. */
type Walk =
  | { content: (f: Fixture) => unknown[] }
  | {
      /** Why it cannot return an answer, an analysis or a verdict. */
      none: string;
    };

interface Fixture {
  mockExamId: string;
  /** Every question the mock shows or may still show (its adaptive variants included). */
  mockIds: string[];
  issueId: string;
  practiceExamId: string;
  practiceBookId: string;
  practiceTemplateId: string;
  essayId: string;
  searches: string[];
  words: string[];
  /** A flash set of the candidate's, made before the mock started. */
  flashId: string;
  /** A question-card set of the candidate's made before the mock started, holding one of its questions. */
  questionFlashId: string;
  /** That mock question (a sentence-equivalence or one-blank item the candidate collected). */
  cardQuestionId: string;
}

const progress = 'a write: answers with the exam’s progress (clocks, the caller’s own answer), no Question';
const account = 'accounts, sessions and profiles: no question content';

/**
 * Every endpoint of the contract. A new endpoint fails the first test until it is added here: with
 * the bodies that ask it for the mock's questions, or with the reason it cannot return content.
 */
const walks: Record<string, Walk> = {
  '/api/question/get': { content: (f) => f.mockIds.map((id) => ({ id })) },
  '/api/question/gets': { content: (f) => chunks(f.mockIds, 50).map((ids) => ({ ids })) },
  '/api/question/search': {
    content: (f) => [
      ...f.searches.map((text) => ({ text, page_size: 50 })),
      { category: 1, page_size: 50 },
      { category: 2, page_size: 50 },
    ],
  },
  '/api/question/get_tags': { content: () => [{}] },
  '/api/word/get_details': { content: (f) => f.words.map((w) => ({ word: w })) },
  '/api/word/get_all': { content: () => [{}] },
  '/api/word/search': { content: (f) => [...f.words.map((text) => ({ text })), { page_size: 100 }] },
  '/api/word/get_details_by_book': {
    content: () => [
      { book_id: 'wrong', page_size: 100 },
      { book_id: 'sixtwo', page_size: 100 },
      { book_id: 'mine', page_size: 100 },
    ],
  },
  '/api/word/list_books': { none: 'book titles and counts of words' },
  '/api/word/add_words': { none: 'the caller’s marks: words and times, no meaning' },
  '/api/word/delete': { none: 'the caller’s marks: words and times, no meaning' },
  '/api/word/mark_simple': { none: 'the caller’s marks: words and times, no meaning' },
  '/api/word/merge': { none: 'counts of words' },
  '/api/flash/check_create': { none: 'counts of cards and coins' },
  '/api/flash/create_flash': {
    content: () => [
      { range_kind: 'mine', size: 5 },
      { range_kind: 'wrong', size: 5 },
      { range_kind: 'book', book_id: 'sixtwo', size: 5 },
      { range_kind: 'collected_questions', size: 100 },
      { range_kind: 'wrong_questions', size: 100 },
    ],
  },
  '/api/flash/open_flash': { content: (f) => [{ flash_id: f.flashId }, { flash_id: f.questionFlashId }] },
  '/api/flash/give_up_flash': { content: (f) => [{ flash_id: f.flashId }] },
  '/api/flash/finish_round': { content: (f) => [{ flash_id: f.flashId, round: 0, runtimes: [] }] },
  '/api/flash/update_choice': {
    // A question card's verdict carries its key: answered on the question set holding a mock question.
    content: (f) => [{ flash_id: f.questionFlashId, round: 0, index: 0, word: f.cardQuestionId, choices: [0] }],
  },
  '/api/flash/get_progress': { none: 'counts, titles of sets and levels: no meaning' },
  '/api/flash/collect_card': { none: 'the caller’s card: word, level, due, flags' },
  '/api/flash/list_cards': { content: () => [{ kind: 'collected' }, { kind: 'finished' }] },
  '/api/exam/get': { content: (f) => [{ exam_id: f.mockExamId }, { exam_id: f.practiceExamId }] },
  '/api/exam/get_report': {
    content: (f) => [{ exam_id: f.practiceExamId }, { book_id: f.practiceBookId }, { exam_id: f.mockExamId }],
  },
  '/api/exam/list_record': { content: () => [{}, { mock_only: true }, { custom_only: true }] },
  '/api/book/list_templates': { content: () => [{ page: 'index' }, { page: 'simulate' }] },
  '/api/book/open': { content: (f) => [{ template_id: f.practiceTemplateId }] },
  '/api/essay/submit': { content: (f) => [{ question_id: f.issueId, text: 'A second essay on the same prompt.' }] },
  '/api/essay/get': { content: (f) => [{ essay_id: f.essayId }] },
  '/api/essay/list': { content: (f) => [{}, { question_id: f.issueId }] },
  '/api/essay/get_by_exam': { content: (f) => [{ exam_id: f.mockExamId }] },
  '/api/essay/retry': { content: (f) => [{ essay_id: f.essayId }] },
  // Teachers and admins only (ADR 0032): walked as the candidate, who is refused.
  '/api/essay/teacher_queue': { content: (f) => [{}, { prompt_id: f.issueId, graded: true }] },
  '/api/essay/teacher_get': { content: (f) => [{ id: f.essayId }] },
  '/api/essay/teacher_grade': {
    content: (f) => [{ id: f.essayId, score: 4, comment: { overall: '立场清楚。', traits: [] } }],
  },
  '/api/craft/update_v2': {
    content: (f) =>
      f.mockIds.map((id) => ({ update_kind: 'Collect', craft_id: id, craft: { collect: { collected: true } } })),
  },
  '/api/craft/gets': { content: (f) => chunks(f.mockIds, 50).map((ids) => ({ ids })) },
  '/api/craft/collect_many': { content: (f) => chunks(f.mockIds, 50).map((ids) => ({ ids })) },
  '/api/craft/record_answer': { content: (f) => f.mockIds.map((id) => ({ id, answer: {} })) },
  '/api/review/get_tree': { content: () => [{ scope: 'wrongs' }, { scope: 'collect' }, { scope: 'note' }] },
  '/api/review/list': {
    content: () => [
      { scope: 'collect', page_size: 100 },
      { scope: 'wrongs', page_size: 100 },
    ],
  },
  '/api/review/create_redo': { content: (f) => chunks(f.mockIds, 50).map((ids) => ({ ids })) },
  '/api/craft/get_reason_lib': { none: 'the reason library: names of mistakes, no question' },
  '/api/craft/get_summary': { none: 'counts of the review books' },
  '/api/collect/add': { none: 'a collect tag' },
  '/api/collect/get_all': { none: 'collect tags with counts' },
  '/api/collect/delete': { none: 'a collect tag id' },
  '/api/review/get_due': { none: 'question ids and a count, no content' },
  '/api/review/get_trends': { none: 'counts of mistakes per week, kind and mastery' },
  '/api/review/update_settings': { none: 'two settings' },
  '/api/exam/skip_question': { none: progress },
  '/api/exam/create': { none: 'answers with the new exam’s id only' },
  '/api/exam/open_question': { none: progress },
  '/api/exam/save_answer': { none: progress },
  '/api/exam/submit_question': { none: progress },
  '/api/exam/flag': { none: progress },
  '/api/exam/move_cursor': { none: progress },
  '/api/exam/add_time': { none: progress },
  '/api/exam/finish_section': { none: progress },
  '/api/exam/finish': { none: progress },
  '/api/summary/sign_in': { none: 'sign-in state' },
  '/api/summary/month_activity': { none: 'counts per day' },
  '/api/summary/get': { none: 'totals and the last mock’s scores, no question' },
  '/api/summary/get_exercise': { none: 'accuracy per kind, difficulty and tag: aggregates, no question' },
  '/api/summary/get_avg_score': { none: 'scaled scores of finished mocks' },
  '/api/summary/get_total_score': { none: 'scaled scores of finished mocks' },
  '/api/summary/get_daily': { none: 'counts per day' },
  '/api/system/set_maintenance': { none: 'the maintenance switch' },
  '/api/system/status': { none: 'server status' },
  '/api/system/get_rights': { none: 'role rights and quotas, no question content' },
  '/api/system/get_manage': { none: 'site settings, role rights, plans and staff flags (admins)' },
  '/api/system/set_min_version': { none: 'the minimum web version' },
  '/api/system/set_role_rights': { none: 'one role’s rights and quotas' },
  '/api/system/set_plan': { none: 'a plan and its price' },
  // Discussions (ADR 0037): a running exam's questions are refused by topic; comments are users' text.
  '/api/post/get': { content: (f) => f.mockIds.map((topic_id) => ({ topic_id })) },
  '/api/post/subscribe': { content: (f) => f.mockIds.map((topic_id) => ({ topic_id, subscribed: true })) },
  '/api/comment/create': { content: (f) => f.mockIds.map((topic_id) => ({ topic_id, content: '这题选什么？' })) },
  '/api/post/get_replies': { none: 'users’ replies, refused under a running exam’s question (its topic is checked)' },
  '/api/comment/like': { none: 'a like count, refused under a running exam’s question' },
  '/api/comment/report': { none: 'a flag, refused under a running exam’s question' },
  '/api/comment/delete': { none: 'a flag: the caller’s own comment' },
  '/api/comment/review_list': { none: 'teachers only: users’ comments held for review, no key or analysis' },
  '/api/comment/review': { none: 'teachers only: one reviewed comment' },
  '/api/mail/inbox/get': {
    none: 'mail: staff-written notices and reminders (a link is a path), no question or answer',
  },
  '/api/mail/inbox/mark_read': { none: 'counts of unread mail' },
  '/api/mail/gets': { none: 'mail: staff-written notices and reminders, no question or answer' },
  '/api/mail/send_notice': { none: 'the notice the staff member wrote' },
  '/api/mail/list_notices': { none: 'notices staff wrote, with delivery counts' },
  '/api/mail/get_notice': { none: 'notices staff wrote' },
  '/api/mail/open_notice': { none: 'one notice staff wrote and the recipient’s name' },
  '/api/mail/unsubscribe': { none: 'a flag' },
  '/api/mail/get_email_notices': { none: 'a flag' },
  '/api/mail/set_email_notices': { none: 'a flag' },
  // The chat dialog (ADR 0038): people's words, never a Question; a conversation about a question of
  // the caller's running exam is refused (send) and withheld (messages, stream): chat.test.ts.
  '/api/chat/send': { none: 'the message the caller wrote; refused about a question of the running exam' },
  '/api/chat/list': { none: 'conversation headers: topic (a question id), times, unread counts' },
  '/api/chat/queue': { none: 'conversation headers for teachers and admins' },
  '/api/chat/messages': { none: 'chat text; refused for a question of the caller’s running exam' },
  '/api/chat/mark_read': { none: 'a conversation header' },
  '/api/chat/close': { none: 'a conversation header' },
  '/api/email/send_code': { none: account },
  '/api/sms/send_code': { none: account },
  '/api/user/register': { none: account },
  '/api/user/login': { none: account },
  '/api/user/resume_login': { none: account },
  '/api/user/logout': { none: account },
  '/api/user/reset_password': { none: account },
  '/api/user/get': { none: account },
  '/api/user/get_info': { none: account },
  '/api/user/get_infos': { none: account },
  '/api/user/get_profile': { none: account },
  '/api/user/update_signature': { none: account },
  '/api/user/update_today_aim': { none: account },
  '/api/user/freeze': { none: account },
  '/api/user/send_op_check_code': { none: 'where the operator check code went (masked)' },
  '/api/pay/get_plans': { none: 'plans and prices' },
  '/api/pay/init': { none: 'an order and its QR code' },
  '/api/pay/check_paid': { none: 'an order' },
  '/api/pay/sandbox_pay': { none: 'an order' },
  '/api/trade/get': { none: 'an order and the caller’s account' },
  '/api/trade/list': { none: 'the caller’s orders' },
  '/api/code/check': { none: 'a discount code' },
  '/api/code/create': { none: 'a discount code' },
  '/api/code/get': { none: 'discount codes' },
  '/api/code/mark_invalid': { none: 'a discount code' },
  '/api/voucher/redeem': { none: 'what a voucher granted' },
  '/api/permission/get_vouchers': { none: 'vouchers' },
  '/api/permission/add_voucher': { none: 'a voucher' },
  '/api/permission/update_voucher': { none: 'a voucher' },
  '/api/permission/delete_voucher': { none: 'nothing' },
  '/api/permission/manual_grant_vip': { none: 'a user’s role and coins' },
  '/api/permission/remove_vip': { none: 'a user’s role and coins' },
  '/api/permission/manual_change_flash_coin': { none: 'a user’s role and coins' },
  '/api/permission/check_coin': { none: 'a coin balance and ledger' },
  '/api/permission/refund_trade': { none: 'an order' },
  '/api/permission/invalidate_trade': { none: 'an order' },
  '/api/permission/find_user': { none: 'users as staff see them' },
  '/api/permission/get_user': { none: 'a user, their orders and the staff actions on them' },
  '/api/permission/set_higher': { none: 'a user as staff see them' },
  '/api/permission/set_staff': { none: 'a user’s staff flags' },
  '/api/permission/set_high': { none: 'a user as staff see them' },
  '/api/user/set_mark': { none: 'a user as staff see them, with their mark' },
  '/api/upload/image': { none: 'the caller’s own uploaded image: its address and size' },
  '/api/lesson/list': { none: 'lesson titles, summaries and question kinds (no question content)' },
  '/api/lesson/get': { none: 'one lesson and its signed video addresses (no question content)' },
  '/api/lesson/save_progress': { none: 'the caller’s position in a lesson' },
  '/api/lesson/admin_list': { none: 'lessons and their packaging state (admin only)' },
  '/api/lesson/upload': { none: 'the uploaded lesson’s packaging state (admin only)' },
  '/api/lesson/admin_delete': { none: 'a flag' },
  '/api/permission/assign_custom_tailor_use': { none: 'a user as staff see them' },
  '/api/permission/get_common_tailor_use': { none: 'a count' },
  '/api/permission/assign_common_tailor_use': { none: 'a count' },
  '/api/permission/batch_check_newman': { none: 'new users as staff see them' },
  '/api/permission/batch_newman_gift': { none: 'counts' },
  '/api/permission/get_report': { none: 'counts per day and plan' },
  '/api/system/sync_plan': { none: 'question ids and file names of an import (admin only)' },
  '/api/system/sync_apply': { none: 'counts of an import' },
  // Edit mode (ADR 0035): admin only, so a candidate is refused; an admin in a running exam of their
  // own is staff: served and logged by the gate like every staff read (ADR 0017).
  '/api/question/admin_get': { content: (f) => f.mockIds.slice(0, 5).map((id) => ({ id })) },
  '/api/question/admin_edit': {
    content: (f) =>
      f.mockIds.slice(0, 2).map((id) => ({
        id,
        fields: { analysis: '改', key_words: [], tags: ['标签'], difficulty: 2, visibility: 'public' },
      })),
  },
  '/api/question/admin_edit_revert': { content: (f) => f.mockIds.slice(0, 2).map((id) => ({ id })) },
  // Archives (ADR 0041): retired sets and books; records are the exam list's (names, counts, scores), and
  // an archived six-two book is read through get_details_by_book's code with the same withholding.
  '/api/archive/list_retirable': { none: 'titles and counts of retirable sets and books (admins)' },
  '/api/archive/set_retired': { none: 'one retirable set or book: title and counts' },
  '/api/archive/list_pick': { none: 'the caller’s records of retired sets: names, counts, scores; no question' },
  '/api/archive/get_pick': { none: 'the caller’s records of one retired set: names, counts, scores; no question' },
  '/api/archive/list_six_two': { none: 'book titles and counts of words' },
  '/api/archive/get_six_two': { content: () => [{ book_id: 'sixtwo', page_size: 100 }] },
  '/api/export/prepare': { none: 'a staff download address (users, orders, exam scores: no question content)' },
  // The word lists and Issue guides quote the bank: refused while the caller's timed exam runs (ADR 0040).
  '/api/download/list': { none: 'titles, sizes, pages and counts of the study materials' },
  '/api/download/prepare': {
    none: 'a download address; refused for bank materials and the own 错题本 (keys, analyses) during a running exam',
  },
};

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const norm = (s: string) =>
  s
    .replace(/[【】…]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (isObj(v)) for (const x of Object.values(v)) strings(x, out);
  return out;
}

function objects(v: unknown, out: Obj[] = []): Obj[] {
  if (Array.isArray(v)) for (const x of v) objects(x, out);
  else if (isObj(v)) {
    out.push(v);
    for (const x of Object.values(v)) objects(x, out);
  }
  return out;
}

/** What must not reach the candidate: each mock question's key, its analysis texts, its passage's translation. */
interface Secret {
  id: string;
  key: Answer | null;
  texts: string[];
  /** Everything the candidate may see of the question (normalised), so quoting it is no leak. */
  visible: string;
}

function secretOf(q: Question, g: QuestionGroup | null): Secret {
  const a = q.analysis;
  const guide = a?.guide;
  const texts = [
    a?.text ?? '',
    ...(guide ? [...guide.positions, ...guide.outline, ...guide.arguments, ...guide.examples] : []),
    g?.translation ?? '',
  ]
    .map(norm)
    .filter((s) => s.length >= 10);
  const visible = norm(
    strings([{ ...q, standard_answer: null, analysis: null }, g ? { ...g, translation: '' } : null]).join('\n'),
  );
  return { id: q.id, key: q.standard_answer, texts, visible };
}

/** Every way `data` gives away an answer of the mock (empty when it gives none). */
function leaksIn(data: unknown, secrets: Map<string, Secret>): string[] {
  const found: string[] = [];
  for (const o of objects(data)) {
    const id = typeof o.id === 'string' ? o.id : '';
    const s = secrets.get(id);
    if (s && 'standard_answer' in o && (o.standard_answer !== null || o.analysis !== null)) {
      found.push(`${id}: key or analysis`);
    }
    if (s && isObj(o.result) && 'correct' in o.result && o.result.correct !== null) found.push(`${id}: verdict`);
    // A craft: the candidate's last answer of the question, its verdict, notes.
    if (s && isObj(o.issue) && 'wrong' in o) {
      const issue = o.issue as { answer: unknown; result?: { correct?: unknown } };
      if (issue.result?.correct !== null && issue.result?.correct !== undefined) found.push(`${id}: craft verdict`);
      if (s.key && JSON.stringify(issue.answer) === JSON.stringify(s.key)) found.push(`${id}: craft answer is the key`);
    }
    if (s?.key && isObj(o.action) && JSON.stringify(o.action.answer) === JSON.stringify(s.key)) {
      found.push(`${id}: an earlier answer that is the key`);
    }
    if (Array.isArray(o.question_ids) && typeof o.translation === 'string' && o.translation !== '') {
      if ((o.question_ids as string[]).some((q) => secrets.has(q))) found.push(`group ${String(o.id)}: translation`);
    }
  }
  const leaves = strings(data).map(norm);
  for (const s of secrets.values()) {
    for (const text of s.texts) {
      for (const leaf of leaves) {
        if (leaf.includes(text)) found.push(`${s.id}: text "${text.slice(0, 40)}"`);
        // A quote of the analysis (a search highlight), unless the question itself says it too.
        else if (leaf.length >= 16 && text.includes(leaf) && !s.visible.includes(leaf)) {
          found.push(`${s.id}: part of its analysis "${leaf.slice(0, 40)}"`);
        }
      }
    }
  }
  return found;
}

/** Words of an analysis the question itself does not show: a search for them can only match the analysis. */
function analysisQuery(s: Secret): string | null {
  const visible = s.visible.toLowerCase();
  const words = (s.texts[0] ?? '').match(/[A-Za-z]{6,}|[\u4e00-\u9fff]{3}/g) ?? [];
  const own = [...new Set(words.filter((w) => !visible.includes(w.toLowerCase())))];
  return own.length >= 2 ? own.slice(0, 2).join(' ') : null;
}

describe('the answer gate, pure parts', () => {
  const section = (limit: number, o: Partial<StoredSection> = {}): StoredSection => ({
    index: 0,
    name: 's',
    kind: 'verbal',
    difficulty: 2,
    limit,
    startedAt: 0,
    finishedAt: 0,
    used: 0,
    finished: false,
    auto: false,
    questions: [],
    ...o,
  });

  it('an untimed set never runs; a timed exam runs until its last clock event plus what is left', () => {
    expect(runningUntil([section(0)], 1000)).toBe(0);
    expect(runningUntil([section(600), section(900)], 1000)).toBe(1000 + 1500 * 1000);
    // Section 1 started late: the exam runs on from there.
    expect(runningUntil([section(600, { startedAt: 50_000 }), section(900)], 1000)).toBe(50_000 + 1500 * 1000);
    // Section 1 committed early: only section 2's time is left after the commit.
    const done = section(600, { startedAt: 50_000, finishedAt: 80_000, finished: true });
    expect(runningUntil([done, section(900)], 1000)).toBe(80_000 + 900 * 1000);
  });

  it('finds every response schema that can carry a Question', () => {
    const carrying = allEndpoints.filter((e) => carriesQuestions(e.response)).map((e) => e.path);
    expect(carrying).toEqual(
      expect.arrayContaining(['/api/question/get', '/api/question/gets', '/api/exam/get', '/api/exam/get_report']),
    );
    expect(carrying).not.toContain('/api/user/get');
    expect(carrying).not.toContain('/api/exam/save_answer');
  });

  it('every endpoint of the contract is walked or says why it returns no content', () => {
    const paths: string[] = allEndpoints.map((e) => e.path).sort();
    const unclassified = paths.filter((p) => !(p in walks));
    expect(unclassified, 'add these endpoints to `walks` in exam.exposure.test.ts').toEqual([]);
    expect(Object.keys(walks).filter((p) => !paths.includes(p))).toEqual([]);
    // A response that can carry a Question is content, whatever the reason given.
    for (const e of allEndpoints)
      if (carriesQuestions(e.response)) expect('content' in (walks[e.path] as Walk), e.path).toBe(true);
  });
});

describe.each(testDbKinds())('no answers during a running exam on %s', (kind) => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    admin = (await staffUser(t, { isAdmin: true })).token;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const ok = async <E extends Endpoint>(e: E, body: unknown, token: string) => {
    const res = await t.call(e, body, { token });
    if (!res.body.ok || !res.body.data) throw new Error(`${e.path}: ${JSON.stringify(res.body.err_data)}`);
    return res.body.data as NonNullable<typeof res.body.data>;
  };
  /** The key and analysis as someone without a running exam sees them (the admin takes none here). */
  const full = async (id: string) => ok(qep.getQuestion, { id }, admin);
  const exposuresOf = async (examId: string) =>
    t.database.db.select().from(examExposures).where(eq(examExposures.examId, examId));
  const storedSections = async (examId: string) =>
    (await t.database.db.select({ s: exams.sections }).from(exams).where(eq(exams.id, examId)))[0]
      ?.s as StoredSection[];
  const templateSpec = async (id: string) =>
    (await t.database.db.execute(sql`select spec from book_templates where id = ${id}`)) as unknown as {
      rows: { spec: { questionIds: string[] }[] }[];
    };
  const wrongSingle = (q: Question): Answer | null => {
    const k = q.standard_answer?.selects[0];
    const n = q.input_method.option_groups[0]?.length ?? 0;
    if (q.input_method.kind !== 'single' || k === undefined || n < 2) return null;
    return { selects: [(k + 1) % n], multi_selects: [], text: '', description: '', text2: '' };
  };

  describe('a candidate in a full mock', () => {
    let candidate = '';
    const f = {} as Fixture;
    const secrets = new Map<string, Secret>();
    let overlap = '';

    beforeAll(async () => {
      candidate = (await userWithRole(t, RoleKind.SVIP)).token;
      f.flashId = (
        await ok(flash.createFlash, { range_kind: 'book', book_id: 'band-1-1', size: 5 }, candidate)
      ).flash.id;
      // Templates are stored when the exam service first builds them.
      await ok(ep.listTemplates, { page: 'index' }, candidate);
      // A practice set sharing a question with the mock, finished first with that question right:
      // its report then holds the key, the analysis, a verdict and an answer equal to the key.
      // Its first sections are the mock-only pool (in no practice set, ADR 0021): the shared question
      // is one of the second Verbal section's variants, a question of the mock from its start.
      const mockSpec = ((await templateSpec('mock-full-1')).rows[0]?.spec ?? []) as {
        questionIds: string[];
        variants?: Record<string, string[]>;
      }[];
      const verbal2 = mockSpec[3];
      const verbal2Ids = [...(verbal2?.questionIds ?? []), ...Object.values(verbal2?.variants ?? {}).flat()];
      const { rows } = (await t.database.db.execute(sql`
        select id, spec from book_templates where page = 'index' and hide = false order by id`)) as unknown as {
        rows: { id: string; spec: { questionIds: string[] }[] }[];
      };
      const shared = rows.find((r) => r.spec.some((s) => s.questionIds.some((id) => verbal2Ids.includes(id))));
      if (!shared) throw new Error('no practice set shares a question with mock-full-1');
      overlap = shared.spec.flatMap((s) => s.questionIds).find((id) => verbal2Ids.includes(id)) as string;
      f.practiceTemplateId = shared.id;
      const practice = await ok(ep.openBook, { template_id: shared.id }, candidate);
      f.practiceExamId = practice.exam_id;
      f.practiceBookId = practice.book.id;
      const pView = await ok(ep.getExam, { exam_id: practice.exam_id }, candidate);
      const at = pView.exam.sections[0]?.questions.findIndex((q) => q.id === overlap) as number;
      const key = (await full(overlap)).question.standard_answer as Answer;
      await ok(
        ep.saveAnswer,
        { exam_id: practice.exam_id, section_index: 0, question_index: at, answer: key },
        candidate,
      );
      await ok(ep.finishExam, { exam_id: practice.exam_id }, candidate);
      // Question cards (ADR 0028): the candidate collects one of the mock's card-able items before it
      // starts and makes a question set of it (one also in a practice set: the mock-only pool is never shown).
      const inPractice = new Set(rows.flatMap((r) => r.spec.flatMap((x) => x.questionIds)));
      for (const id of verbal2Ids.filter((x) => inPractice.has(x))) {
        const q = (await full(id)).question;
        if ((q.kind === 'se' || q.kind === 'tc1') && !q.group_id) {
          f.cardQuestionId = id;
          break;
        }
      }
      await ok(cep.collectMany, { ids: [f.cardQuestionId] }, candidate);
      f.questionFlashId = (
        await ok(flash.createFlash, { range_kind: 'collected_questions', size: 5 }, candidate)
      ).flash.id;

      // The mock: the Issue section written and committed, Verbal 1 running with wrong answers.
      const mock = await ok(ep.openBook, { template_id: 'mock-full-1' }, candidate);
      f.mockExamId = mock.exam_id;
      const view = await ok(ep.getExam, { exam_id: mock.exam_id }, candidate);
      f.issueId = view.exam.sections[0]?.questions[0]?.id as string;
      await ok(ep.openQuestion, { exam_id: mock.exam_id, section_index: 0, question_index: 0 }, candidate);
      const text = 'Technology shapes how we learn. '.repeat(20);
      await ok(
        ep.saveAnswer,
        { exam_id: mock.exam_id, section_index: 0, question_index: 0, answer: { text } },
        candidate,
      );
      await ok(ep.finishSection, { exam_id: mock.exam_id, section_index: 0 }, candidate);
      await ok(ep.openQuestion, { exam_id: mock.exam_id, section_index: 1, question_index: 0 }, candidate);
      f.mockIds = [
        ...new Set(
          (await storedSections(mock.exam_id)).flatMap((s) => [
            ...s.questions.map((q) => q.id),
            ...Object.values(s.adaptive?.variants ?? {}).flat(),
          ]),
        ),
      ];
      for (const id of f.mockIds) {
        const { question, group } = await full(id);
        secrets.set(id, secretOf(question, group));
      }
      const verbal = view.exam.sections[1]?.questions ?? [];
      for (const [i, r] of verbal.entries()) {
        const wrong = wrongSingle((await full(r.id)).question);
        if (wrong)
          await ok(
            ep.saveAnswer,
            { exam_id: mock.exam_id, section_index: 1, question_index: i, answer: wrong },
            candidate,
          );
      }
      const submitted = await ok(essay.submitEssay, { question_id: f.issueId, text }, candidate);
      f.essayId = submitted.id;
      f.searches = [...secrets.values()].map(analysisQuery).filter((q): q is string => q !== null);
      f.words = (await Promise.all(verbal.slice(0, 3).map((r) => full(r.id)))).flatMap(
        (x) => x.question.input_method.option_groups[0]?.slice(0, 2) ?? [],
      );
    }, 180_000);

    it('has something to hide (keys, analyses, searches for analysis words)', () => {
      expect(f.mockIds.length).toBeGreaterThanOrEqual(25 + 15);
      expect([...secrets.values()].filter((s) => s.key).length).toBeGreaterThan(20);
      expect([...secrets.values()].filter((s) => s.texts.length).length).toBeGreaterThan(20);
      expect(f.searches.length).toBeGreaterThan(5);
    });

    it('no endpoint of the contract gives the candidate an answer, an analysis or a verdict of the mock', async () => {
      const walked: string[] = [];
      const leaks: string[] = [];
      for (const e of allEndpoints) {
        const w = walks[e.path];
        if (!w || !('content' in w)) continue;
        for (const body of w.content(f)) {
          const res = await t.call(e, body, { token: candidate });
          expect(res.status, `${e.path} ${JSON.stringify(body)}`).toBeLessThan(500);
          for (const leak of leaksIn(res.body, secrets)) leaks.push(`${e.path} ${JSON.stringify(body)}: ${leak}`);
          walked.push(e.path);
        }
      }
      expect(leaks).toEqual([]);
      expect(new Set(walked).size).toBe(Object.values(walks).filter((w) => 'content' in w).length);
    }, 180_000);

    it('the discussion of the running mock’s questions is refused: read, comment, subscribe', async () => {
      // A question of the mock that practice sets show too: refused only because the mock runs.
      const shared = await t.call(pep.getPost, { topic_id: overlap }, { token: candidate });
      expect(shared.body.err_data).toMatchObject({ kind: 'forbidden', show: postRefusals.running });
      expect((await t.call(pep.getPost, { topic_id: overlap }, { token: admin })).body.ok).toBe(true);
      for (const topic_id of f.mockIds.slice(0, 5)) {
        for (const [e, body] of [
          [pep.getPost, { topic_id }],
          [pep.createComment, { topic_id, content: '答案是 A 吗' }],
          [pep.subscribePost, { topic_id, subscribed: true }],
        ] as const) {
          const res = await t.call(e, body, { token: candidate });
          expect(res.body.err_data, `${e.path} ${topic_id}`).toMatchObject({
            kind: 'forbidden',
            show: expect.stringMatching(/正在进行的考试|只在模考中出现/),
          });
        }
      }
    });

    it('question cards never serve the running mock’s questions: left out of new sets, an older set refused', async () => {
      expect(f.mockIds).toContain(f.cardQuestionId);
      const opened = await t.call(flash.openFlash, { flash_id: f.questionFlashId }, { token: candidate });
      expect(opened.body.err_data).toMatchObject({ kind: 'forbidden', show: expect.stringMatching(/考试结束后/) });
      const answered = await t.call(
        flash.updateChoice,
        { flash_id: f.questionFlashId, round: 0, index: 0, word: f.cardQuestionId, choices: [0] },
        { token: candidate },
      );
      expect(answered.body.err_data?.kind).toBe('forbidden');
      expect(JSON.stringify(answered.body)).not.toMatch(/"keys"/);
      const fresh = await t.call(
        flash.createFlash,
        { range_kind: 'collected_questions', size: 100 },
        { token: candidate },
      );
      expect(JSON.stringify(fresh.body)).not.toContain(f.cardQuestionId);
    });

    it('the six-two word book holds no key pair that only the mock’s sentence-equivalence items have', async () => {
      const pairOf = (q: Question) =>
        (q.standard_answer?.selects ?? []).map((k) => (q.input_method.option_groups[0]?.[k] ?? '').toLowerCase());
      const outside = new Set<string>();
      let onlyInMock = 0;
      const mockSe: Question[] = [];
      for (let page = 1; ; page++) {
        const found = await ok(qep.searchQuestions, { kinds: ['se'], page, page_size: 50 }, admin);
        for (const info of found.question_infos) {
          const q = (await full(info.id)).question;
          if (secrets.has(q.id)) mockSe.push(q);
          else for (const w of pairOf(q)) outside.add(w);
        }
        if (found.question_infos.length < 50) break;
      }
      for (const q of mockSe) if (pairOf(q).some((w) => !outside.has(w))) onlyInMock++;
      const book = await ok(word.getDetailsByBook, { book_id: 'sixtwo', page_size: 100 }, candidate);
      expect(book.total).toBeGreaterThan(0);
      const words: string[] = [];
      for (let page = 1; (page - 1) * 100 < book.total; page++)
        words.push(
          ...(await ok(word.getDetailsByBook, { book_id: 'sixtwo', page, page_size: 100 }, candidate)).words.map((w) =>
            w.word.toLowerCase(),
          ),
        );
      expect(words.filter((w) => !outside.has(w))).toEqual([]);
      // Not vacuous when the mock has sentence-equivalence items of its own.
      if (mockSe.length) expect(onlyInMock).toBeGreaterThan(0);
    });

    it('withholds only the mock’s questions: the rest of an old report keeps its keys', async () => {
      const report = await ok(ep.getReport, { exam_id: f.practiceExamId }, candidate);
      const qs = report.exam.sections.flatMap((s) => s.questions);
      const mine = qs.find((q) => q.id === overlap);
      expect(mine?.data.standard_answer).toBeNull();
      expect(mine?.result.correct).toBeNull();
      const others = qs.filter((q) => !secrets.has(q.id) && q.data.kind !== 'issue');
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((q) => q.data.standard_answer !== null && q.result.correct !== null)).toBe(true);
      // The exam itself is untouched: the candidate's answers in the mock are theirs to see.
      const view = await ok(ep.getExam, { exam_id: f.mockExamId }, candidate);
      expect(view.exam.sections[0]?.questions[0]?.action.answer.text).toMatch(/Technology/);
    });

    it('once the mock is finished every answer is back: its report, the bank, the old report, search', async () => {
      await ok(ep.finishExam, { exam_id: f.mockExamId }, candidate);
      const report = await ok(ep.getReport, { exam_id: f.mockExamId }, candidate);
      const scored = report.exam.sections.flatMap((s) => s.questions).filter((q) => q.data.kind !== 'issue');
      expect(scored.length).toBeGreaterThan(0);
      expect(scored.every((q) => q.data.standard_answer !== null && q.data.analysis !== null)).toBe(true);
      expect(scored.every((q) => q.result.correct !== null)).toBe(true);
      const one = await ok(qep.getQuestion, { id: overlap }, candidate);
      expect(one.question.standard_answer).toEqual(secrets.get(overlap)?.key);
      const old = await ok(ep.getReport, { exam_id: f.practiceExamId }, candidate);
      const mine = old.exam.sections.flatMap((s) => s.questions).find((q) => q.id === overlap);
      expect(mine?.result.correct).toBe(true);
      expect(mine?.action.answer).toEqual(secrets.get(overlap)?.key);
      // The searches of the walk do find the mock's questions now (they were not found by chance).
      let hits = 0;
      for (const text of f.searches) {
        const found = await ok(qep.searchQuestions, { text, page_size: 50 }, candidate);
        hits += found.question_infos.filter((q) => secrets.has(q.id)).length;
      }
      expect(hits).toBeGreaterThan(0);
      // Nothing was served during the mock, so nothing was logged.
      expect(await exposuresOf(f.mockExamId)).toEqual([]);
    });
  });

  describe('served anyway: logged and left out of calibration', () => {
    it('staff see the answers of their own running mock; the exam is logged and calibration skips it', async () => {
      const teacher = (await staffUser(t, { isTeacher: true })).token;
      const clean = (await userWithRole(t, RoleKind.SVIP)).token;
      const take = async (token: string, peek: boolean) => {
        const { exam_id } = await ok(ep.openBook, { template_id: 'mock-vsec-1' }, token);
        await ok(ep.openQuestion, { exam_id, section_index: 0, question_index: 0 }, token);
        const id = (await ok(ep.getExam, { exam_id }, token)).exam.sections[0]?.questions[0]?.id as string;
        const seen = await ok(qep.getQuestion, { id }, token);
        if (peek) expect(seen.question.standard_answer).not.toBeNull();
        else expect(seen.question.standard_answer).toBeNull();
        await ok(ep.finishExam, { exam_id }, token);
        return { exam_id, id };
      };
      const staffExam = await take(teacher, true);
      const cleanExam = await take(clean, false);
      expect(await exposuresOf(staffExam.exam_id)).toMatchObject([
        { questionId: staffExam.id, reason: 'staff', path: '/api/question/get' },
      ]);
      expect(await exposuresOf(cleanExam.exam_id)).toEqual([]);
      // Both finished mocks are in the response log; calibration reads only the clean one.
      const logged = await t.database.db.execute(
        sql`select distinct exam_id from responses where exam_id in (${staffExam.exam_id}, ${cleanExam.exam_id})`,
      );
      expect((logged as unknown as { rows: unknown[] }).rows).toHaveLength(2);
      const read = new Set((await createScoringRepo(t.database.db).recentResponses(1_000_000)).map((r) => r.examId));
      expect(read.has(cleanExam.exam_id)).toBe(true);
      expect(read.has(staffExam.exam_id)).toBe(false);
    });

    it('an exam left unstarted hides answers only until its time could be over; peeking then is logged', async () => {
      const token = (await userWithRole(t, RoleKind.SVIP)).token;
      const { exam_id } = await ok(ep.openBook, { template_id: 'mock-vsec-2' }, token);
      const view = await ok(ep.getExam, { exam_id }, token);
      const id = view.exam.sections[0]?.questions[0]?.id as string;
      const limit = view.exam.sections[0]?.time_limit_seconds as number;
      expect((await ok(qep.getQuestion, { id }, token)).question.standard_answer).toBeNull();
      t.clock.advance(limit * 1000 + 1000);
      // Abandoned: the analysis is not hidden for ever, but seeing it is logged.
      expect((await ok(qep.getQuestion, { id }, token)).question.analysis).not.toBeNull();
      expect(await exposuresOf(exam_id)).toMatchObject([{ questionId: id, reason: 'lapsed' }]);
      // Started after all: it runs again, and its answers are hidden again.
      await ok(ep.openQuestion, { exam_id, section_index: 0, question_index: 0 }, token);
      expect((await ok(qep.getQuestion, { id }, token)).question.standard_answer).toBeNull();
      // Its time runs out unattended: the report has every answer.
      t.clock.advance(limit * 1000 + 1000);
      const report = await ok(ep.getReport, { exam_id }, token);
      expect(report.exam.status).toBe(ExamStatus.Finished);
      expect(report.exam.sections[0]?.questions.every((q) => q.data.standard_answer !== null)).toBe(true);
      const read = new Set((await createScoringRepo(t.database.db).recentResponses(1_000_000)).map((r) => r.examId));
      expect(read.has(exam_id)).toBe(false);
    });

    it('word details, the key of a word question, are refused while its timed exam runs', async () => {
      const { token, user } = await userWithRole(t, RoleKind.SVIP);
      const found = await ok(qep.searchQuestions, { category: 5, kinds: ['word_meaning'], page_size: 2 }, admin);
      const q = (await full(found.question_infos[0]?.id as string)).question;
      const theWord = q.word_info?.id as string;
      const another = (await full(found.question_infos[1]?.id as string)).question.word_info?.id as string;
      // No product page makes a timed word set yet; the exam row is what one would store.
      await buildWordTest(t, Number(user.id), q.id, 300);
      const refused = await t.call(word.getWordDetails, { word: theWord }, { token });
      expect(refused.body.err_data).toMatchObject({ kind: 'forbidden', show: expect.stringMatching(/交卷后/) });
      expect(another).not.toBe(theWord);
      const other = await t.call(word.getWordDetails, { word: another }, { token });
      expect(other.body.ok).toBe(true);
      t.clock.advance(301_000);
      expect((await t.call(word.getWordDetails, { word: theWord }, { token })).body.ok).toBe(true);
      const rows = await t.database.db.select().from(examExposures).where(eq(examExposures.questionId, q.id));
      expect(rows).toMatchObject([{ reason: 'lapsed', path: '/api/word/get_details' }]);
    });
    it('flash cards never show a running exam’s word keys: left out of new sets, options and lists; an older set refused', async () => {
      const { token, user } = await userWithRole(t, RoleKind.SVIP);
      const found = await ok(qep.searchQuestions, { category: 5, kinds: ['word_meaning'], page_size: 2 }, admin);
      const q = (await full(found.question_infos[0]?.id as string)).question;
      const theWord = (q.word_info?.id ?? '').toLowerCase();
      const another = ((await full(found.question_infos[1]?.id as string)).question.word_info?.id ?? '').toLowerCase();
      expect(another).not.toBe(theWord);
      for (const w of [theWord, another]) await ok(flash.collectCard, { word: w }, token);
      // A set made before the exam holds the word.
      const before = await ok(flash.createFlash, { range_kind: 'collected', size: 5 }, token);
      expect(before.flash.round.runtimes.map((c) => c.word)).toContain(theWord);
      await buildWordTest(t, Number(user.id), q.id, 3600);
      // The gate's lookup of the user's exams is kept a minute.
      t.clock.advance(61_000);
      const refused = await t.call(flash.openFlash, { flash_id: before.flash.id }, { token });
      expect(refused.body.err_data).toMatchObject({ kind: 'forbidden', show: expect.stringMatching(/考试结束后/) });
      const card = before.flash.round.runtimes[0];
      const answer = await t.call(
        flash.updateChoice,
        { flash_id: before.flash.id, round: 0, index: 0, word: card?.word, choice: 1 },
        { token },
      );
      expect(answer.body.err_data?.kind).toBe('forbidden');
      const fresh = await ok(flash.createFlash, { range_kind: 'collected', size: 5 }, token);
      expect(fresh.flash.round.runtimes.map((c) => c.word)).toEqual([another]);
      const listed = await ok(flash.listCards, { kind: 'collected' }, token);
      expect(listed.cards.find((c) => c.word === theWord)?.gloss).toBe('');
      expect(listed.cards.find((c) => c.word === another)?.gloss).not.toBe('');
    });
  });

  describe('several processes', () => {
    it('without Redis another process notices a new exam within the lookup’s lifetime (60 s)', async () => {
      const b = await buildSecondApp(t);
      try {
        const token = (await userWithRole(t, RoleKind.SVIP)).token;
        await ok(ep.listTemplates, { page: 'simulate' }, token);
        const id = (await templateSpec('mock-qsec-1')).rows[0]?.spec[0]?.questionIds[0] as string;
        const onB = async () =>
          (
            await b.inject({
              method: 'POST',
              url: qep.getQuestion.path,
              payload: { id },
              headers: { authorization: `Bearer ${token}` },
            })
          ).json() as { data: { question: Question } };
        expect((await onB()).data.question.standard_answer).not.toBeNull();
        await ok(ep.openBook, { template_id: 'mock-qsec-1' }, token);
        expect((await ok(qep.getQuestion, { id }, token)).question.standard_answer).toBeNull();
        t.clock.advance(61_000);
        expect((await onB()).data.question.standard_answer).toBeNull();
      } finally {
        await b.close();
      }
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

describe.runIf(!!redisUrl)('the lookup across processes (Redis)', () => {
  const clients: Redis[] = [];
  const redis = () => {
    const r = new Redis(redisUrl as string);
    clients.push(r);
    return r;
  };
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp('pglite', { content: true, redis: redis() });
  }, 120_000);
  afterAll(async () => {
    await a.close();
    for (const c of clients) c.disconnect();
  });

  it('a mock opened on one process hides its answers on the other at once', async () => {
    const b = await buildSecondApp(a, redis());
    try {
      const token = (await userWithRole(a, RoleKind.SVIP)).token;
      await a.call(ep.listTemplates, { page: 'simulate' }, { token });
      const spec = (await a.database.db.execute(
        sql`select spec from book_templates where id = 'mock-vsec-1'`,
      )) as unknown as {
        rows: { spec: { questionIds: string[] }[] }[];
      };
      const id = spec.rows[0]?.spec[0]?.questionIds[0] as string;
      const onB = async () =>
        (
          await b.inject({
            method: 'POST',
            url: qep.getQuestion.path,
            payload: { id },
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as { data: { question: Question } };
      expect((await onB()).data.question.standard_answer).not.toBeNull();
      await a.call(ep.openBook, { template_id: 'mock-vsec-1' }, { token });
      let key: unknown = {};
      for (let i = 0; i < 50 && key !== null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        key = (await onB()).data.question.standard_answer;
      }
      expect(key).toBeNull();
    } finally {
      await b.close();
    }
  }, 90_000);
});
