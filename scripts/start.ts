// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') m = Math.max(m, newest(path.join(p, e)));
  return m;
}

// A local `.env` (copied from `.env.example`) fills in what the environment does not set; the
// environment wins. Only `npm start` / `npm run dev` read it: tests and CI start the server without it.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const built = path.join(root, 'apps/web/dist/index.html');
const sources = Math.max(
  newest(path.join(root, 'apps/web/src')),
  newest(path.join(root, 'apps/web/public')),
  newest(path.join(root, 'apps/web/index.html')),
  newest(path.join(root, 'apps/web/vite.config.ts')),
  newest(path.join(root, 'apps/web/build')),
  newest(path.join(root, 'packages/contract/src')),
);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the web app (apps/web/dist)...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@gre/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../apps/server/src/main.ts');
