// Reads config, opens and migrates the database, seeds, listens, and shuts down gracefully.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import pino from 'pino';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(
    `GRE 备考 needs Node.js 24 or newer, but this is Node.js ${process.versions.node} (${process.execPath}). ` +
      'Run it through npm (npm start), which uses the pinned Node 24 from node_modules, or install Node 24.',
  );
  process.exit(1);
}

// Later starts reuse V8's compiled code for the whole module graph (kept in the OS temp directory).
module.enableCompileCache?.();

const { buildApp } = await import('./app.ts');
const { essayModelOf, loadConfig } = await import('./config.ts');
const { openPglite, openPostgres } = await import('./platform/db.ts');
const { offsetFileClock, systemClock } = await import('./platform/clock.ts');
const { createDevOutbox, createSmtpMailer, createWebhookSms } = await import('./platform/messaging.ts');
const { createJobQueue } = await import('./platform/jobs.ts');
const { databaseConnectionError, databaseConnectTimeoutMs, exitOnStartupError, listenError, withTimeout } =
  await import('./platform/startup-errors.ts');
const { serveOnlineBackups } = await import('./platform/backup-pglite.ts');
const { seed } = await import('./seed/seed.ts');
const { importContent } = await import('./modules/question/content-import.ts');
const { demoAccounts, demoPassword } = await import('./seed/demo-accounts.ts');
const { seedDemoHistory, studyAccount } = await import('./seed/demo-history.ts');
const { createPaymentProvider } = await import('./modules/pay/providers/index.ts');

const started = performance.now();
// A wrong setting or an unreachable database ends the start with one line saying what to fix (ADR 0016).
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return exitOnStartupError(err);
  }
})();
// CLOCK_OFFSET_FILE (development and browser journeys only): the server's time moved by a file.
const clock = config.CLOCK_OFFSET_FILE ? offsetFileClock(config.CLOCK_OFFSET_FILE) : systemClock;
// Asynchronous writes: a slow reader of stdout (a pipe, a log shipper) must not stall the
// event loop, as synchronous writes to a full pipe do. Flushed on shutdown.
const logDestination = pino.destination({ dest: 1, sync: false });
const log = pino({ level: config.LOG_LEVEL }, logDestination);

function secretFor(): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  // Demo mode without a configured secret: one random secret kept beside the data, so restarts keep sessions.
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

const timings: Record<string, number> = {};
let mark = performance.now();
const lap = (name: string) => {
  const now = performance.now();
  timings[name] = Math.round(now - mark);
  mark = now;
};
lap('modules');
async function openDatabase() {
  if (config.databaseKind === 'pglite') return openPglite(path.join(config.DATA_DIR, 'pglite'));
  const url = config.DATABASE_URL as string;
  try {
    return await withTimeout(openPostgres(url, config.DATABASE_POOL_MAX), databaseConnectTimeoutMs, () =>
      Object.assign(new Error('timeout'), { code: 'CONNECT_TIMEOUT' }),
    );
  } catch (err) {
    throw databaseConnectionError(err, url);
  }
}
const database = await openDatabase().catch((err) => exitOnStartupError(err, () => logDestination.flushSync()));
lap('open');
await database.migrate();
lap('migrate');
const seeded = await seed(database.db, clock, { demoMode: config.demoMode });
lap('seed');
const imported = await importContent(database.db, { contentDir: config.CONTENT_DIR, clock });
lap('import');
if (!imported.unchanged) log.info({ import: imported }, 'content imported');
// The job queue (pg-boss) on the same database, after our migrations: it creates its own schema.
const jobs = createJobQueue(database, { logger: log });
await jobs.start();
lap('jobs');
// On PGlite, `npm run backup` asks this process for the dump: it owns the directory (ADR 0020).
const onlineBackups = database.pglite
  ? await serveOnlineBackups(database.pglite, path.join(config.DATA_DIR, 'pglite'), log)
  : undefined;

// Uploaded images (ADR 0036): DATA_DIR/media, or an S3-compatible bucket that must answer now.
const { localStorage, s3Storage } = await import('./platform/storage.ts');
const storage = await (async () => {
  if (config.media.kind === 'local') return localStorage(config.media.dir);
  const s3 = s3Storage(config.media);
  await s3.check().catch((err) => exitOnStartupError(err, () => logDestination.flushSync()));
  return s3;
})();
lap('storage');
// The demo lessons shipped in content/lessons (ADR 0039), copied into the storage where missing.
{
  const { seedLessons } = await import('./modules/lesson/lesson.seed.ts');
  const copied = await seedLessons({ db: database.db, clock, storage, dir: path.join(config.CONTENT_DIR, 'lessons') });
  if (copied) log.info({ lessons: copied }, 'demo lessons copied into the media storage');
}
lap('lessons');

const outbox = createDevOutbox(config.DATA_DIR, log);
let redis: import('ioredis').Redis | undefined;
if (config.REDIS_URL) {
  // Optional: while Redis is down or lost, this process serves with its own rate limits and caches (ADR 0016).
  const { firstConnection, openRedis } = await import('./platform/redis.ts');
  redis = openRedis(config.REDIS_URL, log);
  await firstConnection(redis);
}

const app = await buildApp({
  db: database.db,
  clock,
  mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : outbox,
  sms: config.SMS_WEBHOOK_URL ? createWebhookSms(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_TOKEN) : outbox,
  secret: secretFor(),
  settings: {
    appEnv: config.APP_ENV,
    apiDocs: config.API_DOCS,
    tokenTtlDays: config.TOKEN_TTL_DAYS,
    minApiVersion: config.MIN_API_VERSION,
    maintenanceForced: config.MAINTENANCE,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    webDistDir: config.WEB_DIST_DIR,
    contentDir: config.CONTENT_DIR,
    trustProxy: config.TRUST_PROXY,
    passwordHashThreads: config.PASSWORD_HASH_THREADS,
    passwordHashQueue: config.PASSWORD_HASH_QUEUE,
    essayModel: essayModelOf(config),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  },
  jobs,
  redis,
  storage,
  logger: log,
  payment: {
    provider: (() => {
      try {
        return createPaymentProvider(config.PAY_PROVIDER, {
          dataDir: config.DATA_DIR,
          publicUrl: config.PAY_PUBLIC_URL,
          clock,
          env: process.env,
        });
      } catch (err) {
        return exitOnStartupError(err, () => logDestination.flushSync());
      }
    })(),
    publicUrl: config.PAY_PUBLIC_URL,
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    // Running jobs finish (or are retried after a restart), then the queue stops.
    await jobs.stop(5_000);
    await redis?.quit().catch(() => redis?.disconnect());
    await onlineBackups?.close();
    await database.close();
  } finally {
    logDestination.flushSync();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

lap('app');
try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  const problem = listenError(err, config.PORT, config.HOST);
  if (!problem) throw err;
  closing = true;
  await app.close();
  await jobs.stop(1_000);
  redis?.disconnect();
  await database.close();
  exitOnStartupError(problem, () => logDestination.flushSync());
}
lap('listen');
// The question catalogue (bank, vocabulary, search index) is loaded before the server says it is
// ready: the load keeps the event loop busy for a second or more, and traffic sent on "ready" (a
// load balancer after /readyz, a benchmark) would otherwise queue behind it (ADR 0010, "ready means
// ready").
// A failed load is logged and retried by the first question endpoint that needs it.
const catalogueStarted = performance.now();
await app.catalogueReady().then(
  () => log.info({ ms: Math.round(performance.now() - catalogueStarted) }, 'question catalogue loaded'),
  (err) => log.error({ err }, 'question catalogue failed to load'),
);
lap('catalogue');
// Demo mode's first start: one demo candidate works through three sets so that the review loop has
// something to show (seed/demo-history.ts). A failure is logged; the site still starts.
if (seeded.createdAccounts.includes(studyAccount)) {
  await seedDemoHistory(app).then(
    (r) => log.info({ demoHistory: r }, 'demo history seeded'),
    (err) => log.warn({ err }, 'demo history could not be seeded'),
  );
  lap('demoHistory');
}
const address = `http://localhost:${(app.server.address() as { port: number }).port}`;
log.info(
  {
    database: config.databaseKind,
    dataDir: config.DATA_DIR,
    demoMode: config.demoMode,
    mail: config.SMTP_URL ? 'smtp' : `outbox ${outbox.file}`,
    sms: config.SMS_WEBHOOK_URL ? 'webhook' : `outbox ${outbox.file}`,
    essayGrader: config.ESSAY_MODEL_URL ? `model ${config.ESSAY_MODEL_NAME}` : 'builtin',
    media: config.media.kind === 'local' ? `local ${config.media.dir}` : `s3 ${config.media.bucket}`,
    startupMs: Math.round(performance.now() - started),
    sinceProcessStartMs: Math.round(performance.now()),
    timings,
    content: imported.unchanged ? 'unchanged' : imported.questions,
    demoAccountsCreated: seeded.demoAccountsCreated,
  },
  `GRE 备考 is ready on ${address}`,
);
if (config.demoMode) {
  const lines = demoAccounts.map((a) => `  ${a.email.padEnd(28)} ${demoPassword}   ${a.description}`);
  log.info(
    { demoAccounts: demoAccounts.map((a) => a.email), password: demoPassword },
    'demo accounts (demo mode only)',
  );
  // Also as plain text, for the person who just ran `npm start`.
  console.log(
    `\nGRE 备考 is running on ${address}\nDemo accounts (demo mode only; password ${demoPassword}):\n${lines.join('\n')}\n`,
  );
}
