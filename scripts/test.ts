// `npm test`: the one command that tells the truth. Typecheck, lint, dead code (knip), unit + integration tests
// (Vitest, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set), the web build, and the
// browser journeys (Playwright in Debian's Chromium). Prints the totals last: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
const lines: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  const started = Date.now();
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function check(label: string, cmd: string, args: string[]) {
  if (run(label, cmd, args)) passed++;
  else failed++;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Static checks count as one check each.
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
check('lint (biome)', 'npx', ['biome', 'check', '.']);
// Unused files, exports and dependencies (knip.json): dead code stays out.
check('dead code (knip)', 'npm', ['run', 'knip', '--silent']);

// 2 and 3 run side by side: the browser journeys spend most of their time waiting (the page, the
// server, axe), so Vitest fills the cores they leave idle. Vitest runs at a lower CPU priority (nice),
// so the journeys, whose steps wait on timeouts, get the CPU first and Vitest the rest. Sequentially
// the two took 22 + 27 minutes in CI.

/** Starts a command; resolves with its exit status. Output to the terminal or, when given, a log file. */
function start(label: string, cmd: string, args: string[], env: Record<string, string> = {}, log?: string) {
  const started = Date.now();
  console.log(
    `\n=== ${label}: ${cmd} ${args.join(' ')}${log ? ` (output in ${path.relative(root, log)}, printed when it ends)` : ''}`,
  );
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise<boolean>((resolve) => {
    child.on('close', (code) => {
      if (typeof out === 'number') fs.closeSync(out);
      lines.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code === 0);
    });
  });
}

const vitestJson = path.join(results, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const e2eJson = path.join(results, 'e2e.json');
fs.rmSync(e2eJson, { force: true });
const e2eLog = path.join(results, 'e2e.log');

let e2eRun: Promise<boolean | 'skipped' | 'build failed'>;
if (!fs.existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium} (apt-get install chromium fonts-noto-cjk).`;
  if (ci) {
    console.error(`\n${msg} Under CI nothing is skipped.`);
    failed++;
    lines.push(`FAIL browser journeys: ${msg}`);
  } else {
    console.warn(`\nWARNING: ${msg} Browser journeys were NOT run.`);
    lines.push(`SKIP browser journeys: ${msg}`);
  }
  e2eRun = Promise.resolve('skipped');
} else if (run('web build', 'npm', ['run', 'build', '-w', '@gre/web', '--silent'])) {
  e2eRun = start(
    'browser journeys (playwright)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson },
    e2eLog,
  );
} else {
  e2eRun = Promise.resolve('build failed');
}

const vitestRun = start('unit + integration (vitest)', 'nice', [
  '-n',
  '10',
  'npx',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

const vitestOk = await vitestRun;
const v = readJson(vitestJson) as { numPassedTests: number; numFailedTests: number } | null;
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  if (!vitestOk && v.numFailedTests === 0) failed++; // a suite that failed to load
  lines.push(`     vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed`);
} else {
  failed++;
}

const e2eOk = await e2eRun;
if (fs.existsSync(e2eLog)) {
  console.log(`\n=== browser journeys: ${path.relative(root, e2eLog)}`);
  process.stdout.write(fs.readFileSync(e2eLog));
}
if (e2eOk === 'build failed') failed++;
else if (e2eOk !== 'skipped') {
  const e = readJson(e2eJson) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  } | null;
  if (e) {
    passed += e.stats.expected + e.stats.flaky;
    failed += e.stats.unexpected + (ci ? e.stats.skipped : 0);
    if (!e2eOk && e.stats.unexpected === 0) failed++;
    lines.push(
      `     playwright: ${e.stats.expected} passed, ${e.stats.unexpected} failed, ${e.stats.flaky} flaky, ${e.stats.skipped} skipped`,
    );
  } else {
    failed++;
  }
}

console.log(`\n=== summary\n${lines.join('\n')}`);
const totals = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(results, 'totals.txt'), `${totals}\n`);
console.log(totals);
process.exit(failed > 0 ? 1 : 0);
