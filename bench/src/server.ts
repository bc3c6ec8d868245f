// Starting and stopping server processes for the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
