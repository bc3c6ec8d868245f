// The files a newcomer configures the server with say the same as the server: README "Configuration",
// .env.example, compose.yaml and the Dockerfile against the config schema (config.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envVariableNames, loadConfig, repoRoot } from './config.ts';

const read = (f: string) => fs.readFileSync(path.join(repoRoot, f), 'utf8');

/** `${NAME:-default}` → default (or the value set in `given`), `${NAME:?message}` → given[NAME]. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name];
    if (op === '-') return rest ?? '';
    throw new Error(`compose.yaml needs ${name}: ${rest}`);
  });
}

describe('configuration files', () => {
  const readme = [...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);

  it('README lists every variable the server reads, and only those', () => {
    expect([...readme].sort()).toEqual([...envVariableNames].sort());
  });

  it('.env.example lists every README variable, each once, with a value', () => {
    const lines = [...read('.env.example').matchAll(/^# ([A-Z][A-Z0-9_]+)=(.*)$/gm)];
    const names = lines.map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...envVariableNames].sort());
    // Every line is commented out: copying the file changes nothing until a line is uncommented.
    expect(read('.env.example')).not.toMatch(/^[A-Z][A-Z0-9_]+=/m);
  });

  it("compose.yaml's app sets only variables the server reads, and the server accepts them", () => {
    const compose = parse(read('compose.yaml')) as {
      services: Record<string, { environment?: Record<string, string>; deploy?: { replicas?: number } }>;
    };
    const app = compose.services.app;
    expect(app?.deploy?.replicas).toBe(2);
    const env = app?.environment ?? {};
    for (const name of Object.keys(env)) expect(envVariableNames).toContain(name);
    const resolved = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [k, interpolate(String(v), { JWT_SECRET: 'x'.repeat(48) })]),
    );
    const config = loadConfig(resolved);
    expect(config).toMatchObject({ databaseKind: 'postgres', APP_ENV: 'pre', demoMode: false });
    expect(config.REDIS_URL).toBe('redis://redis:6379');
    // Without a secret compose refuses to start rather than run with a guessable one.
    expect(() => interpolate(String(env.JWT_SECRET), {})).toThrow(/JWT_SECRET/);
  });

  it('the Dockerfile runs the pinned Node as a non-root user, on the documented start path', () => {
    const docker = read('Dockerfile');
    const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies
      .node;
    expect(docker).toContain(`ARG NODE_VERSION=${pinned}`);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/^CMD \["node", "apps\/server\/src\/main\.ts"\]$/m);
    // Two stages: the build tools stay out of the image that runs.
    expect(docker.match(/^FROM /gm)).toHaveLength(2);
  });

  it('every package.json pins its dependencies to exact versions (no ranges, no *)', () => {
    const manifests = ['package.json', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'].map((d) =>
      d.endsWith('.json') ? d : `${d}/package.json`,
    );
    const loose: string[] = [];
    for (const f of manifests) {
      const pkg = JSON.parse(read(f)) as Record<string, Record<string, string> | undefined>;
      for (const section of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
        for (const [name, version] of Object.entries(pkg[section] ?? {})) {
          const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version) || (name.startsWith('@gre/') && version === '0.1.0');
          if (!exact) loose.push(`${f}: ${name}@${version}`);
        }
      }
    }
    expect(loose).toEqual([]);
  });
});
