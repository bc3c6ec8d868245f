// Starting and stopping server processes for the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Started {
  proc: ChildProcess;
  ms: number;
}

export function startProcess(args: string[], env: Record<string, string>, readyPattern: RegExp): Promise<Started> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (readyPattern.test(out)) {
        // Ready: stop collecting (and scanning) the log, keep draining it.
        proc.stdout?.off('data', onData);
        proc.stderr?.off('data', onData);
        proc.stdout?.resume();
        proc.stderr?.resume();
        out = '';
        resolve({ proc, ms: performance.now() - t0 });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`process exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

export function stop(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    p.removeAllListeners('exit');
    p.on('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

/** A fresh data directory for a server under test. */
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gre-bench-'));

/**
 * Runs `fn` with the environment of a server on a fresh PostgreSQL database (created on the server
 * named by BENCH_DATABASE_URL or TEST_DATABASE_URL and dropped afterwards); undefined when neither is set.
 */
export async function withTempPostgres<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T | undefined> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    return undefined;
  }
  const name = `gre_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn({ DATABASE_URL: url.toString(), APP_ENV: 'devel', DATA_DIR: tempDataDir() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
