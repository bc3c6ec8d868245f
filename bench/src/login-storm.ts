// Logins must not starve the pages (issue 9, item 3): `GET /` (index.html, read from disk) measured
// alone and while 20 and 40 clients log in without pause. Password hashing (scrypt, ~0.1 GB and a core
// per hash) runs in a bounded worker pool with a queue limit, so the logins that do not fit are
// answered `busy` at once instead of queueing behind each other on the thread pool that also reads
// the files. The login rows show how many logins were served, refused as busy, and the server's peak
// memory; the rows are those of `npm run bench`'s table.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface StormFigures {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Clients loading the page at the same time as the login storm. */
const pageConnections = 10;
export const stormLevels = [20, 40];

const demoLogin = { account: 'vip@demo.gre-prep.cn', password: 'Demo1234' };

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function figures(name: string, connections: number, r: autocannon.Result, non2xx = r.non2xx): StormFigures {
  // Nothing answered within the run: the latency is at least the run's length, not 0.
  const none = r.requests.total === 0;
  return {
    name: none ? `${name} (none answered)` : name,
    connections,
    rps: r.requests.average,
    p50: none ? r.duration * 1000 : r.latency.p50,
    p99: none ? r.duration * 1000 : r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx,
  };
}

/** Waits until the server has worked off the previous level (its page answers quickly again). */
async function settle(base: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    const ok = await fetch(`${base}/`).then(
      (r) => r.arrayBuffer().then(() => r.ok),
      () => false,
    );
    if (ok && performance.now() - t0 < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One level: GET / for `duration` seconds while `logins` clients log in (0 = idle). */
async function level(base: string, logins: number, duration: number, pid: number | undefined) {
  const answers = { ok: 0, busy: 0, other: 0 };
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 100);
  const page = autocannon({ url: `${base}/`, method: 'GET', connections: pageConnections, duration });
  const storm =
    logins > 0
      ? autocannon({
          url: `${base}/api/user/login`,
          method: 'POST',
          connections: logins,
          duration,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(demoLogin),
          requests: [
            {
              onResponse: (_status: number, body: string) => {
                try {
                  const env = JSON.parse(body) as { ok: boolean; err_data: { kind: string } | null };
                  if (env.ok) answers.ok++;
                  else if (env.err_data?.kind === 'busy') answers.busy++;
                  else answers.other++;
                } catch {
                  answers.other++;
                }
              },
            },
          ],
        })
      : null;
  try {
    const [pageResult, stormResult] = await Promise.all([page, storm]);
    return { pageResult, stormResult, answers, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Rows for the bench table: `GET /` idle, then with 20 and 40 logins running, each followed by the
 * logins' own row (its last column counts the logins not served: busy or refused, not only non-2xx).
 */
export async function loginStormRows(
  label: string,
  base: string,
  opts: { duration: number; pid?: number },
): Promise<StormFigures[]> {
  const rows: StormFigures[] = [];
  await settle(base);
  const idle = await level(base, 0, opts.duration, opts.pid);
  rows.push(figures(`${label} GET / idle; peak rss ${Math.round(idle.peakRss)} MB`, pageConnections, idle.pageResult));
  for (const logins of stormLevels) {
    await settle(base);
    const r = await level(base, logins, opts.duration, opts.pid);
    rows.push(figures(`${label} GET / + ${logins} logins`, pageConnections, r.pageResult));
    if (r.stormResult) {
      const { ok, busy, other } = r.answers;
      rows.push(
        figures(
          `${label}   ${logins} logins: ${ok} in, ${busy} busy, ${other} other; peak rss ${Math.round(r.peakRss)} MB`,
          logins,
          r.stormResult,
          r.stormResult.non2xx + busy + other,
        ),
      );
    }
  }
  return rows;
}
