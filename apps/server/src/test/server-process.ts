// The real start path for tests: `node apps/server/src/main.ts` (what `npm start` runs once the
// web app is built) in a child process, with a chosen environment. A first start on an empty data
// directory takes ~15 s (migrations, content import), so `preparedDataDir` restores the test run's
// migrated snapshot (bank included) into a directory: main.ts then starts as on a later day.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { repoRoot } from '../config.ts';

const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');

/** A fresh DATA_DIR holding the migrated snapshot (removed by `cleanup`). */
export async function preparedDataDir(): Promise<{ dir: string; cleanup(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-start-'));
  const client = await PGlite.create({
    dataDir: path.join(dir, 'pglite'),
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
  });
  await client.close();
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A port nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The environment of a test server: only what is given plus PATH/HOME (no inherited DATABASE_URL etc.). */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  };
}

export interface RunningServer {
  proc: ChildProcess;
  base: string;
  /** Everything written so far, stdout and stderr. */
  output(): string;
  /** The pino lines so far, parsed (non-JSON lines left out). */
  logLines(): Array<Record<string, unknown> & { msg?: string; level?: number }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts main.ts and resolves once it logs that it is ready (rejects if it exits first). */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const proc = spawn(process.execPath, [mainTs], {
    cwd: repoRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  // 'close': the process exited and its output has been read to the end.
  const exited = new Promise<number | null>((resolve) => proc.once('close', (code) => resolve(code)));
  const server: RunningServer = {
    proc,
    base: '',
    output: () => out,
    logLines: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l)];
          } catch {
            return [];
          }
        }),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server not ready within ${timeoutMs} ms:\n${out.slice(-3000)}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const m = /is ready on (http:\/\/localhost:\d+)/.exec(out);
      if (!m) return;
      clearInterval(poll);
      clearTimeout(timer);
      server.base = (m[1] as string).replace('localhost', '127.0.0.1');
      resolve(server);
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${out.slice(-3000)}`));
    });
  });
}

/** Runs main.ts until it exits (for start-ups that must fail): exit code and output. */
export function runUntilExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [mainTs], {
    cwd: repoRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`main.ts still running after ${timeoutMs} ms:\n${stdout.slice(-2000)}${stderr.slice(-2000)}`));
    }, timeoutMs);
    proc.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A request to the running server, optionally from another loopback address (`from`, e.g.
 * 127.0.0.23): per-address limits of one test then never meet another's.
 */
export function request(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; from?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        localAddress: opts.from,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
          } catch {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 300)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loopback address of its own for this test (127.x.y.z). */
export const ownLoopbackAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
