// Long-term memory (issue 15, ADR 0027) against a real database: every review of a craft is logged
// with what the optimizer needs; below 1,000 reviews nothing is fitted; at 1,000 the hourly sweep
// queues a fit job whose FSRS weights (fitted by the optimizer on a simulated learner's history,
// whose forgetting is not FSRS's) differ from the defaults, and the user's next reviews are
// scheduled with them; a refit waits for 1,000 more reviews.
import * as cep from '@gre/contract/endpoints/craft';
import * as qep from '@gre/contract/endpoints/question';
import { getUser } from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import { and, asc, eq, sql } from 'drizzle-orm';
import { default_w } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crafts } from '../../db/schema/craft.ts';
import { memoryParams, reviewLog } from '../../db/schema/memory.ts';
import { userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { type SimulatedReview, simulateLearners } from '../../test/learners.ts';
import { ratingOf } from '../craft/craft.memory.ts';
import { historiesOf, trainingItems } from './memory.fit.ts';
import { review, type StoredMemory } from './memory.fsrs.ts';
import { createMemoryRepo } from './memory.repo.ts';
import { createMemoryService, fitQueue, fitSweepQueue, fitThreshold, refitEvery } from './memory.service.ts';

const blank: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };
const day = 86_400_000;

describe('the optimizer’s input', () => {
  it('splits the log into histories per item, a review of a new card starting a new one', async () => {
    const log = [
      { itemKey: 'q:1', rating: 1, state: 0, elapsedDays: 0 },
      { itemKey: 'q:1', rating: 3, state: 2, elapsedDays: 1 },
      { itemKey: 'q:1', rating: 3, state: 2, elapsedDays: 4 },
      { itemKey: 'q:1', rating: 1, state: 0, elapsedDays: 0 },
      { itemKey: 'q:1', rating: 4, state: 2, elapsedDays: 2 },
      { itemKey: 'q:2', rating: 3, state: 2, elapsedDays: 9 },
    ];
    expect(historiesOf(log)).toEqual([
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 1 },
        { rating: 3, deltaT: 4 },
      ],
      [
        { rating: 1, deltaT: 0 },
        { rating: 4, deltaT: 2 },
      ],
      [{ rating: 3, deltaT: 0 }],
    ]);
    // One training item per review after the first of its history, with the history up to it.
    const items = await trainingItems(historiesOf(log));
    expect(items.map((i) => i.reviews.map((r) => [r.rating, r.deltaT]))).toEqual([
      [
        [1, 0],
        [3, 1],
      ],
      [
        [1, 0],
        [3, 1],
        [3, 4],
      ],
      [
        [1, 0],
        [4, 2],
      ],
    ]);
  });
});

describe.each(testDbKinds())('long-term memory on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true, jobs: true });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const newUser = async () => {
    const { token } = await userWithRole(t, RoleKind.SVIP);
    const me = await t.call(getUser, {}, { token });
    return { token, id: Number((me.body.data as { id: string }).id) };
  };
  const params = async (userId: number) =>
    (await t.database.db.select().from(memoryParams).where(eq(memoryParams.userId, userId)))[0] ?? null;
  const logOf = (userId: number) =>
    t.database.db
      .select()
      .from(reviewLog)
      .where(eq(reviewLog.userId, userId))
      .orderBy(asc(reviewLog.reviewedAt), asc(reviewLog.id));
  /** Stores a simulated learner's reviews as the user's log (what months of reviews would have left). */
  const storeHistory = (userId: number, reviews: SimulatedReview[], prefix = '') =>
    t.database.db.transaction((tx) =>
      createMemoryRepo(t.database.db).append(
        userId,
        reviews.map((r) => ({
          itemKey: `${prefix}${r.itemKey}`,
          rating: r.rating,
          state: r.state,
          elapsedDays: r.elapsedDays,
          reviewedAt: r.reviewedAt,
        })),
        tx,
      ),
    );
  const [learnerA, learnerB] = simulateLearners({ learners: 2, words: 300, days: 270, seed: 'memory-test' }) as [
    SimulatedReview[],
    SimulatedReview[],
  ];
  const memory = () => createMemoryService({ db: t.database.db, clock: t.clock });

  it('every review of a craft is logged with its rating, the state before it and the days since the last', async () => {
    const u = await newUser();
    const res = await t.call(qep.searchQuestions, { category: 3, kinds: ['ps_single'] }, { token: u.token });
    const id = res.body.data?.question_infos.find((q) => q.accessable)?.id as string;
    const key = (await t.call(qep.getQuestion, { id }, { token: u.token })).body.data?.question
      .standard_answer as Answer;
    const wrong: Answer = { ...blank, selects: [((key.selects[0] ?? 0) + 1) % 5] };
    const first = await t.call(cep.recordAnswer, { id, answer: wrong, used_time_seconds: 40 }, { token: u.token });
    expect(first.body.ok).toBe(true);
    t.clock.advance(3 * day);
    const second = await t.call(cep.recordAnswer, { id, answer: key, used_time_seconds: 30 }, { token: u.token });
    expect(second.body.ok).toBe(true);
    const rows = await logOf(u.id);
    expect(rows.map((r) => [r.itemKey, r.rating, r.state, r.elapsedDays])).toEqual([
      [`q:${id}`, 1, 0, 0],
      [`q:${id}`, ratingOf(true, 30, 'ps_single'), 2, 3],
    ]);
    expect((await params(u.id))?.reviews).toBe(2);
    // Below the threshold nothing is fitted.
    expect(await memory().fit(u.id)).toBeNull();
    expect((await params(u.id))?.weights).toBeNull();
  });

  it(`below ${fitThreshold} reviews nothing is fitted; at ${fitThreshold} the sweep's job fits the user's own weights, used for the next schedule`, async () => {
    const few = await newUser();
    const many = await newUser();
    await storeHistory(few.id, learnerB.slice(0, fitThreshold - 1));
    await storeHistory(many.id, learnerA);
    expect(learnerA.length).toBeGreaterThanOrEqual(fitThreshold);
    expect(await memory().fit(few.id)).toBeNull();

    // The hourly sweep (cron is off in tests: sent by hand) queues the fit jobs, which run on the app's worker.
    await t.jobs?.send(fitSweepQueue, {});
    let fitted = await params(many.id);
    for (let waited = 0; !fitted?.weights; waited += 200) {
      if (waited > 60_000) throw new Error('the fit job did not run');
      await new Promise((r) => setTimeout(r, 200));
      fitted = await params(many.id);
    }
    const weights = fitted?.weights as number[];
    expect(weights).toHaveLength(default_w.length);
    expect(Math.max(...weights.map((w, i) => Math.abs(w - (default_w[i] as number))))).toBeGreaterThan(0.05);
    expect(fitted?.fittedReviews).toBe(learnerA.length);
    const figures = fitted?.fit as { log_loss: number; default_log_loss: number; items: number };
    expect(figures.log_loss).toBeLessThanOrEqual(figures.default_log_loss);
    expect(figures.items).toBeGreaterThan(0);
    // The sweep queued a fit for the user at the threshold only; the one below it was not fitted.
    const queued = (await t.database.db.execute(
      sql`select singleton_key as key from pgboss.job where name = ${fitQueue}`,
    )) as unknown as { rows: { key: string }[] };
    expect(queued.rows.map((r) => r.key)).toContain(String(many.id));
    expect(queued.rows.map((r) => r.key)).not.toContain(String(few.id));
    const notFitted = await params(few.id);
    expect(notFitted?.reviews).toBe(fitThreshold - 1);
    expect(notFitted?.weights).toBeNull();
    expect(notFitted?.fittedAt).toBeNull();

    // The next reviews are scheduled with the fitted weights and the user's desired retention.
    await t.call(cep.updateReviewSettings, { desired_retention: 0.85 }, { token: many.token });
    const res = await t.call(qep.searchQuestions, { category: 3, kinds: ['ps_single'] }, { token: many.token });
    const id = res.body.data?.question_infos.find((q) => q.accessable)?.id as string;
    const key = (await t.call(qep.getQuestion, { id }, { token: many.token })).body.data?.question
      .standard_answer as Answer;
    const t0 = t.clock.now();
    await t.call(
      cep.recordAnswer,
      { id, answer: { ...blank, selects: [((key.selects[0] ?? 0) + 1) % 5] }, used_time_seconds: 40 },
      { token: many.token },
    );
    t.clock.advance(4 * day);
    const t1 = t.clock.now();
    await t.call(cep.recordAnswer, { id, answer: key, used_time_seconds: 30 }, { token: many.token });
    const [row] = await t.database.db
      .select({ memory: crafts.memory, dueAt: crafts.dueAt })
      .from(crafts)
      .where(and(eq(crafts.userId, many.id), eq(crafts.questionId, id)));
    const grade = ratingOf(true, 30, 'ps_single');
    const replay = (w: number[] | null) => {
      const model = { retention: 0.85, weights: w };
      return review(review(null, t0, 1, model).card, t1, grade, model).card;
    };
    const own = replay(weights);
    const defaults = replay(null);
    const stored = row?.memory as StoredMemory;
    expect(stored.stability).toBeCloseTo(own.stability, 6);
    expect(stored.difficulty).toBeCloseTo(own.difficulty, 6);
    expect(stored.due).toBe(own.due);
    expect(Math.abs(stored.stability - defaults.stability)).toBeGreaterThan(0.01);

    // A refit waits for refitEvery more reviews.
    expect(await memory().fit(many.id)).toBeNull();
    await storeHistory(many.id, learnerB.slice(0, refitEvery), 'later-');
    const refit = await memory().fit(many.id);
    expect(refit?.weights).toHaveLength(default_w.length);
    expect((await params(many.id))?.fittedReviews).toBe(learnerA.length + 2 + refitEvery);
  }, 120_000);
});
