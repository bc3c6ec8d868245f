// `npm run bench:essay` end to end, with the model grader configured against a local fake
// OpenAI-compatible server (no real model can be reached here): the bench reads a human-scored
// file, asks the model for every essay and prints its figures next to the built-in scorer's and the
// length baseline's. This tests the plumbing only; no real model figure is measured.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import * as essays from './testing/essays.ts';

const run = promisify(execFile);
let server: http.Server;
let url = '';
let asked = 0;

/** The fake rater: more words, a higher score (enough to rank the test essays). */
const fakeScore = (text: string) => Math.min(6, Math.max(1, Math.round(text.split(/\s+/).length / 40) / 2 + 1));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      asked++;
      const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
      const essay = messages.find((m) => m.role === 'user')?.content ?? '';
      const score = fakeScore(essay);
      const traits = ['position', 'organization', 'reasoning', 'language'].map((key) => ({
        key,
        score,
        feedback: '结构与论证尚可，需要更具体的例子。',
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            { message: { role: 'assistant', content: JSON.stringify({ score, overall: '总体尚可。', traits }) } },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('bench:essay with a configured model grader', () => {
  it('grades every essay with the model and prints its agreement rows beside the built-in and length rows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'essay-bench-'));
    const file = path.join(dir, 'set.jsonl');
    const texts = [essays.strong, essays.thin, essays.veryShort, essays.offTopic, essays.strong, essays.thin];
    const lines = Array.from({ length: 18 }, (_, i) => {
      const essay = `${texts[i % texts.length]}${i >= texts.length ? ` (copy ${i})` : ''}`;
      const human = [5, 3, 1, 1, 5, 3][i % texts.length] as number;
      return JSON.stringify({ id: `t-${i}`, prompt: essays.prompt.stem, essay, rater1: human, rater2: human });
    });
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'bench/src/essay.ts'), file], {
      cwd: repoRoot,
      env: { ...process.env, ESSAY_MODEL_URL: url, ESSAY_MODEL_NAME: 'fake-rater', ESSAY_MODEL_KEY: 'sk-test' },
      timeout: 120_000,
    });
    expect(asked).toBeGreaterThanOrEqual(18);
    expect(stdout).toMatch(/\| model \(fake-rater\) \| -?\d\.\d{3} \[/);
    expect(stdout).toMatch(/\| built-in \| -?\d\.\d{3} \[/);
    expect(stdout).toMatch(/\| length only/);
    expect(stdout).toMatch(/\| rater 1 vs rater 2/);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
