// The model grader against a local fake OpenAI-compatible server: a valid answer is used; invalid
// JSON, a wrong shape, HTTP errors and timeouts are retried with backoff and end in the built-in
// scorer; a refusing endpoint is not retried; degenerate essays cannot be talked up.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGreWords } from '../question/vocabulary.ts';
import { buildLexicon, type Lexicon } from './builtin-grader.ts';
import { createModelGrader, issueScoringGuide } from './model-grader.ts';
import * as essays from './testing/essays.ts';

type Reply = { status?: number; content?: string; raw?: string; delayMs?: number };

let lexicon: Lexicon;
let server: http.Server;
let url = '';
let replies: Reply[] = [];
let requests: { auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] =
  [];

const valid = (score = 4.5) =>
  JSON.stringify({
    score,
    overall: '立场清楚，论证较充分，建议加强让步段。',
    traits: [
      { key: 'position', score, feedback: '开头亮明立场，主体段展开充分。' },
      { key: 'organization', score: 4, feedback: '结构清楚，过渡自然。' },
      { key: 'reasoning', score: 4.5, feedback: '例证具体，但缺少反方观点。' },
      { key: 'language', score: 5, feedback: '用词准确，句式多样。' },
    ],
  });

beforeAll(async () => {
  lexicon = buildLexicon(readGreWords());
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      const r = replies.shift() ?? { content: valid() };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
        res.end(r.raw ?? JSON.stringify({ choices: [{ message: { role: 'assistant', content: r.content ?? '' } }] }));
      };
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  replies = [];
  requests = [];
});

const grader = (o: { timeoutMs?: number; tries?: number } = {}) =>
  createModelGrader(
    { url, key: 'sk-test', model: 'fake-rater', timeoutMs: o.timeoutMs ?? 2000, tries: o.tries ?? 3, backoffMs: 50 },
    () => lexicon,
  );
const input = { prompt: essays.prompt, text: essays.strong };

describe('model grader', () => {
  it('uses a valid answer, names the model, and sends the prompt and essay as data', async () => {
    replies = [{ content: valid(4.5) }];
    const r = await grader().grade(input);
    expect(r).toMatchObject({ score: 4.5, grader: 'model:fake-rater' });
    expect(r.comment.traits.map((t) => [t.key, t.name, t.score])).toEqual([
      ['position', '立场与展开', 4.5],
      ['organization', '结构与组织', 4],
      ['reasoning', '论证与例证', 4.5],
      ['language', '语言与规范', 5],
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.auth).toBe('Bearer sk-test');
    expect(requests[0]?.body.model).toBe('fake-rater');
    // The system prompt carries the Issue scoring guide's levels (issue 13).
    const system = requests[0]?.body.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain(issueScoringGuide);
    for (const level of ['6 Outstanding', '4 Adequate', '1 Fundamentally deficient', '0 Off topic'])
      expect(system).toContain(level);
    const user = requests[0]?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain(essays.prompt.stem);
    expect(user).toContain('Consider first the situations');
  });

  it('accepts a JSON answer inside a code fence', async () => {
    replies = [{ content: `\`\`\`json\n${valid(5)}\n\`\`\`` }];
    expect((await grader().grade(input)).score).toBe(5);
  });

  it('retries invalid JSON and a wrong shape, then uses the first valid answer', async () => {
    replies = [
      { content: 'Score: 5. Great essay!' },
      { content: JSON.stringify({ score: 4.3, overall: '不错的作文', traits: [] }) },
      { content: valid(4) },
    ];
    const r = await grader().grade(input);
    expect(r).toMatchObject({ score: 4, grader: 'model:fake-rater' });
    expect(requests).toHaveLength(3);
  });

  it('falls back to the built-in scorer after every try failed (HTTP 500, bad shape, extra fields)', async () => {
    const extra = JSON.parse(valid()) as Record<string, unknown>;
    extra.note = 'extra field';
    replies = [{ status: 500, raw: '{"error":"boom"}' }, { content: valid(7) }, { content: JSON.stringify(extra) }];
    const r = await grader().grade(input);
    expect(r.grader).toBe('builtin:model-fallback');
    expect(r.score).toBeGreaterThanOrEqual(4);
    expect(r.comment.overall).toContain('内置评分');
    expect(r.note).toContain('model grader failed');
    expect(requests).toHaveLength(3);
  });

  it('times out a slow endpoint, retries, then falls back', async () => {
    replies = [{ delayMs: 1500 }, { delayMs: 1500 }];
    const started = Date.now();
    const r = await grader({ timeoutMs: 300, tries: 2 }).grade(input);
    expect(r.grader).toBe('builtin:model-fallback');
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('does not retry an endpoint that refuses the key', async () => {
    replies = [{ status: 401, raw: '{"error":"bad key"}' }];
    const r = await grader().grade(input);
    expect(r.grader).toBe('builtin:model-fallback');
    expect(requests).toHaveLength(1);
  });

  it('caps the model at the built-in score + 1 for a degenerate essay', async () => {
    replies = [{ content: valid(6) }];
    const r = await grader().grade({ prompt: essays.prompt, text: essays.pastedPrompt });
    expect(r.grader).toBe('model:fake-rater');
    expect(r.score).toBeLessThanOrEqual(1);
    expect(Math.max(...r.comment.traits.map((t) => t.score))).toBeLessThanOrEqual(1);
  });

  it('falls back when nothing listens at the URL', async () => {
    const g = createModelGrader(
      { url: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 500, tries: 2, backoffMs: 10 },
      () => lexicon,
    );
    expect((await g.grade(input)).grader).toBe('builtin:model-fallback');
  });
});
