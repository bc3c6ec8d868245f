// The environment, parsed once at start. Every variable is listed in the README with its default.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { alipayEnvNames } from './modules/pay/providers/alipay.ts';
import { type PayProviderSetting, payProviderSetting } from './modules/pay/providers/index.ts';
import { wechatPayEnvNames } from './modules/pay/providers/wechat.ts';
import { StartupError } from './platform/startup-errors.ts';
import type { S3Settings } from './platform/storage.ts';
import { trustedProxiesSchema } from './platform/trusted-proxies.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  /** The spec's environments (section 9): devel, pre, formal. Decides source maps, API docs UI, payment providers. */
  APP_ENV: z
    .enum(['devel', 'pre', 'formal'], { error: '只能是 devel、pre 或 formal / must be devel, pre or formal' })
    .optional(),
  /** The API reference UI at /api/docs: auto = on in devel and pre, off in formal. */
  API_DOCS: z
    .enum(['auto', 'true', 'false'], { error: '只能是 auto、true 或 false / must be auto, true or false' })
    .default('auto'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Where `npm run backup` writes its dumps (README "Backups"). */
  BACKUP_DIR: z.string().default(path.join(repoRoot, 'backups')),
  /** Dumps of the same kind kept by `npm run backup` (the newest N); 0 keeps every one. */
  BACKUP_KEEP: z.coerce.number({ error: 'BACKUP_KEEP 必须是整数（0 表示全部保留）' }).int().min(0).default(0),
  /** PostgreSQL only (ADR 0004): a mysql:// or other URL is refused at start. */
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/./.test(v) && URL.canParse(v), {
      error:
        '必须是 postgres:// 或 postgresql:// 开头的 PostgreSQL 连接串 / must be a PostgreSQL URL starting with postgres:// or postgresql://, e.g. postgres://user:password@127.0.0.1:5432/greprep',
    })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  DEMO_MODE: z.enum(['auto', 'true', 'false']).default('auto'),
  JWT_SECRET: z.string().min(32, { error: '至少 32 个字符 / must be at least 32 characters' }).optional(),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MIN_API_VERSION: z
    .string()
    .regex(/^v?\d+\.\d+\.\d+$/)
    .default('v1.0.0'),
  MAINTENANCE: bool.default(false),
  /** Development and browser journeys only: a file holding milliseconds added to the server's clock. */
  CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Threads hashing passwords (scrypt); default: the cores less one, at least one (ADR 0006). */
  PASSWORD_HASH_THREADS: z.coerce
    .number({ error: 'PASSWORD_HASH_THREADS 必须是 1–64 的整数' })
    .int()
    .min(1)
    .max(64)
    .optional(),
  /** Hashes allowed to wait for a thread before logins are answered busy; default 8 per thread. */
  PASSWORD_HASH_QUEUE: z.coerce
    .number({ error: 'PASSWORD_HASH_QUEUE 必须是 0–10000 的整数' })
    .int()
    .min(0)
    .max(10_000)
    .optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\/./.test(v) && URL.canParse(v), {
      error:
        '必须是 redis:// 或 rediss:// 开头的地址 / must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379',
    })
    .optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('GRE 备考 <no-reply@gre-prep.local>'),
  /** The site's address as users open it, for links in e-mails (a notice's page, unsubscribe); default http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^/]/.test(v) && URL.canParse(v), {
      error: '必须是 http:// 或 https:// 开头的网址 / must be an http:// or https:// URL, e.g. https://gre.example.com',
    })
    .optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Reverse proxies whose X-Forwarded-For is believed: addresses, CIDRs, loopback…; `true` is refused (ADR 0018). */
  TRUST_PROXY: trustedProxiesSchema,
  /** An OpenAI-compatible endpoint for essay grading (…/v1); unset = the built-in scorer only. */
  ESSAY_MODEL_URL: z.string().url({ error: 'ESSAY_MODEL_URL 必须是 URL，例如 https://api.example.com/v1' }).optional(),
  ESSAY_MODEL_KEY: z.string().optional(),
  ESSAY_MODEL_NAME: z.string().min(1).default('gpt-4o-mini'),
  /** Per request to the model; after 3 failed tries the built-in scorer grades. */
  ESSAY_MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  /** The payment provider (ADR 0029): sandbox (default in devel), wechat, alipay or off (default elsewhere). */
  PAY_PROVIDER: z
    .enum(['sandbox', 'wechat', 'alipay', 'off'], {
      error: '只能是 sandbox、wechat、alipay 或 off / must be sandbox, wechat, alipay or off',
    })
    .optional(),
  /** The address payers and providers reach this server at (notify URLs, the sandbox page); default PUBLIC_URL, else http://localhost:PORT. */
  PAY_PUBLIC_URL: z
    .string()
    .refine((v) => /^https?:\/\/./.test(v) && URL.canParse(v), {
      error: '必须是 http:// 或 https:// 开头的地址 / must be an http(s) URL, e.g. https://gre.example.com',
    })
    .optional(),
  /** Media storage (ADR 0036): an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error:
        '存储桶名只能含小写字母、数字、点和横线（3–63 个字符） / must be a bucket name (3–63 lower-case letters, digits, dots, dashes)',
    })
    .optional(),
  /** MinIO or another S3-compatible server, e.g. http://127.0.0.1:9000; unset = AWS S3. */
  S3_ENDPOINT: z
    .string()
    .refine((v) => /^https?:\/\/[^/]/.test(v) && URL.canParse(v), {
      error: '必须是 http:// 或 https:// 开头的地址 / must be an http(s) URL, e.g. http://127.0.0.1:9000',
    })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO); default true with S3_ENDPOINT, false on AWS. */
  S3_FORCE_PATH_STYLE: bool.optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads (README "Configuration", .env.example, compose.yaml). */
/** Every variable the server reads: its own, and the payment providers' (read by their adapters). */
export const envVariableNames: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...wechatPayEnvNames,
  ...alipayEnvNames,
];

export type AppEnv = 'devel' | 'pre' | 'formal';

/** Where uploaded media are stored (platform/storage.ts). */
export type MediaSetting = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);

export interface Config extends Omit<Env, 'APP_ENV' | 'PAY_PROVIDER' | 'PAY_PUBLIC_URL'> {
  /** Local disk (DATA_DIR/media) unless S3_BUCKET is set. */
  media: MediaSetting;
  /** devel by default on the embedded database; required on PostgreSQL. */
  APP_ENV: AppEnv;
  /** In effect: sandbox in devel unless set, off elsewhere; never sandbox in formal. */
  PAY_PROVIDER: PayProviderSetting;
  PAY_PUBLIC_URL: string;
  /** Embedded PGlite (no DATABASE_URL) or a PostgreSQL server. */
  databaseKind: 'pglite' | 'postgres';
  /** Demo accounts with known passwords are seeded only in demo mode. */
  demoMode: boolean;
}

/** The model grader's settings (ESSAY_MODEL_*), or undefined when no model is configured. */
export function essayModelOf(
  c: Pick<Config, 'ESSAY_MODEL_URL' | 'ESSAY_MODEL_KEY' | 'ESSAY_MODEL_NAME' | 'ESSAY_MODEL_TIMEOUT_MS'>,
) {
  return c.ESSAY_MODEL_URL
    ? { url: c.ESSAY_MODEL_URL, key: c.ESSAY_MODEL_KEY, model: c.ESSAY_MODEL_NAME, timeoutMs: c.ESSAY_MODEL_TIMEOUT_MS }
    : undefined;
}

/** English for zod's own (Chinese) messages, from the issue's code. */
function englishOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected a ${issue.expected}`;
    case 'too_small':
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    default:
      return 'invalid value';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line (main.ts prints it and exits 1): each message is "中文 / English" or Chinese only.
    const zh: string[] = [];
    const en: string[] = [];
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      const [chinese = '', english = englishOf(issue)] = issue.message.replace(`${name} `, '').split(' / ');
      zh.push(`环境变量 ${name}：${chinese}`);
      en.push(`${name}: ${english}`);
    }
    throw new StartupError(
      `${zh.join('；')}（见 README “Configuration”）`,
      `${en.join('; ')} (see README "Configuration")`,
    );
  }
  const e = parsed.data;
  const databaseKind = e.DATABASE_URL ? 'postgres' : 'pglite';
  const demoMode = e.DEMO_MODE === 'auto' ? databaseKind === 'pglite' : e.DEMO_MODE === 'true';
  if (databaseKind === 'postgres' && !demoMode && !e.JWT_SECRET) {
    throw new StartupError(
      '在 PostgreSQL 上（非演示模式）必须设置 JWT_SECRET（至少 32 个字符，例如 openssl rand -base64 48）',
      'JWT_SECRET must be set (32+ characters, e.g. openssl rand -base64 48) when running on PostgreSQL outside demo mode',
    );
  }
  if (databaseKind === 'postgres' && !e.APP_ENV) {
    throw new StartupError(
      '使用 PostgreSQL 时必须设置 APP_ENV（devel、pre 或 formal；正式环境用 formal）',
      'APP_ENV must be set (devel, pre or formal; formal in production) when running on PostgreSQL',
    );
  }
  const appEnv = e.APP_ENV ?? 'devel';
  if (e.CLOCK_OFFSET_FILE && appEnv === 'formal') {
    throw new StartupError(
      '正式环境（APP_ENV=formal）不能设置 CLOCK_OFFSET_FILE（只用于开发和浏览器测试）',
      'CLOCK_OFFSET_FILE cannot be set with APP_ENV=formal (development and browser tests only)',
    );
  }
  return {
    ...e,
    media: mediaSetting(e),
    APP_ENV: appEnv,
    PAY_PROVIDER: payProviderSetting(appEnv, e.PAY_PROVIDER),
    PAY_PUBLIC_URL: e.PAY_PUBLIC_URL ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    DATA_DIR: path.resolve(e.DATA_DIR),
    BACKUP_DIR: path.resolve(e.BACKUP_DIR),
    databaseKind,
    demoMode,
  };
}

/** The media storage from S3_*: all of it or none (a half-set S3 stops the start, ADR 0036). */
function mediaSetting(e: Env): MediaSetting {
  const dir = path.join(path.resolve(e.DATA_DIR), 'media');
  const others = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (k) => e[k] !== undefined,
  );
  if (!e.S3_BUCKET) {
    if (others.length === 0) return { kind: 'local', dir };
    throw new StartupError(
      `设置了 ${others.join('、')} 但没有设置 S3_BUCKET（要用 S3 / MinIO 存储图片须设置存储桶；用本地磁盘则删去这些变量）`,
      `${others.join(', ')} set without S3_BUCKET (set the bucket to store media in S3 / MinIO, or remove them to use the local disk)`,
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new StartupError(
      'S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置（或都不设置，使用 AWS 默认凭证）',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default credentials)',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
  };
}
