// `npm run bench:exam`: candidates taking mocks concurrently against one server process (PGlite, then
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Each virtual candidate creates a
// timed quant section, then opens a question, thinks for a few seconds, saves an answer, moves on,
// and finishes the section, over and over. Prints save-answer latency at each load level and the
// largest number of candidates held with p99 under 100 ms.

import os from 'node:os';
import { benchAccounts, jwtSecret } from './accounts.ts';
import { startProcess, stop, tempDataDir, withTempPostgres } from './server.ts';

const levels = (process.env.BENCH_EXAM_LEVELS ?? '100,250,500,1000').split(',').map(Number);
const windowMs = Number(process.env.BENCH_EXAM_SECONDS ?? 20) * 1000;
const thinkMs = Number(process.env.BENCH_EXAM_THINK_MS ?? 3000);
const port = 3297;
const base = `http://127.0.0.1:${port}`;

async function call(
  token: string,
  p: string,
  body: unknown,
): Promise<{ ok: boolean; data: unknown; err_data: unknown }> {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { ok: boolean; data: unknown; err_data: unknown };
}

interface Question {
  input_method: { kind: string; option_groups: string[][] };
}

/** Some well-formed answer for each input kind. */
function answerFor(q: Question) {
  switch (q.input_method.kind) {
    case 'numeric':
      return { text: '12' };
    case 'fraction':
      return { text: '1', text2: '2' };
    case 'pair':
      return { selects: [0, 1] };
    case 'blanks':
      return { selects: q.input_method.option_groups.map(() => 0) };
    case 'essay':
      return { text: 'An essay.' };
    default:
      return { selects: [0] };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

async function candidate(token: string, stopAt: () => boolean, samples: Sample[]) {
  await sleep(Math.random() * thinkMs);
  while (!stopAt()) {
    const created = await call(token, '/api/exam/create', {
      create_option: { kind: 'quant', count: 12, minutes: 21, select_kind: 'random' },
    });
    if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created.err_data)}`);
    const examId = (created.data as { exam_id: string }).exam_id;
    // A candidate reads the exam (as the player does on load) and answers each kind in its own way.
    const view = await call(token, '/api/exam/get', { exam_id: examId });
    const questions =
      (view.data as { exam: { sections: { questions: { data: Question }[] }[] } }).exam.sections[0]?.questions ?? [];
    for (let q = 0; q < questions.length && !stopAt(); q++) {
      const data = (questions[q] as { data: Question }).data;
      await call(token, '/api/exam/open_question', { exam_id: examId, section_index: 0, question_index: q });
      await sleep(thinkMs * (0.5 + Math.random()));
      const t = performance.now();
      const saved = await call(token, '/api/exam/save_answer', {
        exam_id: examId,
        section_index: 0,
        question_index: q,
        answer: answerFor(data),
        used_time_seconds: Math.round(thinkMs / 1000),
      });
      samples.push({ at: Date.now(), ms: performance.now() - t, ok: saved.ok });
      if (!saved.ok && process.env.BENCH_DEBUG) console.error(JSON.stringify(saved.err_data));
    }
    if (!stopAt()) await call(token, '/api/exam/finish_section', { exam_id: examId, section_index: 0 });
  }
}

const pct = (xs: number[], f: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * f))] ?? Number.NaN;

async function benchDatabase(label: string, env: Record<string, string>) {
  // BENCH_PROFILE_DIR: write a CPU profile of the server (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`, `--cpu-prof-name=${label}.cpuprofile`]
    : [];
  const server = await startProcess(
    [...profile, ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'apps/server/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      DEMO_MODE: 'true',
      JWT_SECRET: jwtSecret,
      ...env,
    },
    /is ready on/,
  );
  const rows: {
    n: number;
    count: number;
    errors: number;
    p50: number;
    p99: number;
    rps: number;
    serverP50: number;
    serverP99: number;
  }[] = [];
  // The server's own view of each save (its request log: time from request to response), to tell
  // the server's latency apart from the load generator's, which shares the same cores.
  const serverSaves: Sample[] = [];
  let rest = '';
  server.proc.stdout?.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('/api/exam/save_answer')) continue;
      try {
        const r = JSON.parse(line) as { ms: number; time: number };
        serverSaves.push({ at: r.time, ms: r.ms, ok: true });
      } catch {}
    }
  });
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'svip@demo.gre-prep.cn', password: 'Demo1234' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // An SVIP member answers without a daily question limit and custom practice exams take no mock
    // quota, so one account can run every virtual candidate (each exam is its own row).
    await call(token, '/api/question/get_tags', {});
    // PostgreSQL: an account per candidate. PGlite (one connection, every statement in turn): the
    // shared account is as good as many.
    const accounts = env.DATABASE_URL ? (await benchAccounts(env.DATABASE_URL, Math.max(...levels))).tokens : [];
    let running = 0;
    let stopAll = false;
    const samples: Sample[] = [];
    const workers: Promise<void>[] = [];
    for (const n of levels) {
      while (running < n) {
        running++;
        workers.push(
          candidate(accounts[running - 1] ?? token, () => stopAll, samples).catch((e) =>
            console.error(String(e).slice(0, 200)),
          ),
        );
      }
      await sleep(thinkMs * 2); // let the new candidates settle in
      const from = Date.now();
      await sleep(windowMs);
      const window = samples.filter((s) => s.at >= from);
      const ms = window.map((s) => s.ms).sort((a, b) => a - b);
      const onServer = serverSaves
        .filter((s) => s.at >= from)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      rows.push({
        serverP50: pct(onServer, 0.5),
        serverP99: pct(onServer, 0.99),
        n,
        count: window.length,
        errors: window.filter((s) => !s.ok).length,
        p50: pct(ms, 0.5),
        p99: pct(ms, 0.99),
        rps: window.length / (windowMs / 1000),
      });
      console.log(
        `  ${label}: ${n} candidates → ${window.length} saves, p50 ${pct(ms, 0.5).toFixed(1)} ms, p99 ${pct(ms, 0.99).toFixed(1)} ms (in the server: p50 ${pct(onServer, 0.5).toFixed(1)}, p99 ${pct(onServer, 0.99).toFixed(1)} ms)`,
      );
    }
    stopAll = true;
    await Promise.race([Promise.all(workers), sleep(thinkMs * 3)]);
  } finally {
    await stop(server.proc);
  }
  return rows;
}

async function main() {
  const results: Record<string, Awaited<ReturnType<typeof benchDatabase>>> = {};
  // BENCH_EXAM_DATABASES=postgres (or pglite) runs one of the two.
  const only = process.env.BENCH_EXAM_DATABASES ?? 'pglite,postgres';
  if (only.includes('pglite')) results.pglite = await benchDatabase('pglite', { DATA_DIR: tempDataDir() });
  const onPostgres = only.includes('postgres')
    ? await withTempPostgres((env) => benchDatabase('postgres', env))
    : undefined;
  if (onPostgres) results.postgres = onPostgres;
  console.log(
    `\nsave_answer latency, think time ~${thinkMs} ms, ${windowMs / 1000} s windows, ${os.cpus().length} cores`,
  );
  console.log(
    `${'database'.padEnd(9)} ${'cands'.padStart(6)} ${'saves/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'srv p50'.padStart(8)} ${'srv p99'.padStart(8)} errors`,
  );
  for (const [db, rows] of Object.entries(results)) {
    for (const r of rows) {
      console.log(
        `${db.padEnd(9)} ${String(r.n).padStart(6)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.serverP50.toFixed(1).padStart(8)} ${r.serverP99.toFixed(1).padStart(8)} ${r.errors}`,
      );
    }
    const held = rows.filter((r) => r.p99 < 100 && r.errors === 0).map((r) => r.n);
    console.log(`${db}: held ${held.length ? Math.max(...held) : 0} concurrent candidates with p99 < 100 ms`);
  }
}

await main();
