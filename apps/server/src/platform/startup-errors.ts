// Start-up failures that a person fixes - a wrong environment variable, a database that cannot be
// reached, a port in use - end the process with exit code 1 and ONE line, in Chinese and English,
// that says what to fix (docs/decisions/0016). A stack trace there would only hide the sentence
// that matters. Anything else is a bug and still crashes with its stack.
import { DirLockedError } from './dir-lock.ts';

export class StartupError extends Error {
  readonly zh: string;
  readonly en: string;
  constructor(zh: string, en: string) {
    super(`${zh} / ${en}`);
    this.name = 'StartupError';
    this.zh = zh;
    this.en = en;
  }
}

/** The line to print for a start-up failure a person can fix; undefined for anything else. */
export function startupErrorLine(err: unknown): string | undefined {
  if (err instanceof StartupError) return `启动失败：${err.zh} / Cannot start: ${err.en}`;
  if (err instanceof DirLockedError) return `启动失败 / Cannot start: ${err.message}`;
  return undefined;
}

/** Prints the line and exits with 1 when `err` is such a failure; rethrows anything else. */
export function exitOnStartupError(err: unknown, beforeExit?: () => void): never {
  const line = startupErrorLine(err);
  if (line === undefined) throw err;
  console.error(line);
  beforeExit?.();
  process.exit(1);
}

/** Settles like `promise`, or rejects with `onTimeout()` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** How long the first connection to PostgreSQL may take at start. */
export const databaseConnectTimeoutMs = 10_000;

/** The first connection to PostgreSQL failed: what to fix, from the error's code. Never shows the password. */
export function databaseConnectionError(err: unknown, url: string): StartupError {
  const e = err as { code?: string; message?: string };
  let where = 'PostgreSQL';
  let database = '';
  let user = '';
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || '5432'}`;
    database = decodeURIComponent(u.pathname.replace(/^\//, ''));
    user = decodeURIComponent(u.username);
  } catch {}
  const fix = '（检查 DATABASE_URL）';
  switch (e.code) {
    case 'ECONNREFUSED':
      return new StartupError(
        `无法连接 PostgreSQL ${where}：连接被拒绝，请检查 DATABASE_URL 的主机和端口，并确认 PostgreSQL 正在运行`,
        `PostgreSQL at ${where} refused the connection: check the host and port in DATABASE_URL and that PostgreSQL is running`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `找不到数据库主机 ${where}：请检查 DATABASE_URL 中的主机名`,
        `the database host ${where} was not found: check the host name in DATABASE_URL`,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'CONNECT_TIMEOUT':
      return new StartupError(
        `连接 PostgreSQL ${where} 超时：请检查 DATABASE_URL 的主机和端口，以及网络和防火墙`,
        `no answer from PostgreSQL at ${where}: check the host and port in DATABASE_URL, the network and the firewall`,
      );
    case '3D000':
      return new StartupError(
        `数据库 “${database}” 不存在：请先创建（createdb ${database}）或改正 DATABASE_URL 中的库名`,
        `database "${database}" does not exist on ${where}: create it (createdb ${database}) or fix the name in DATABASE_URL`,
      );
    case '28P01':
    case '28000':
      return new StartupError(
        `PostgreSQL 拒绝了用户 “${user}” 的登录：请检查 DATABASE_URL 中的用户名和密码${e.code === '28000' ? '（以及 pg_hba.conf）' : ''}`,
        `PostgreSQL at ${where} refused user "${user}": check the user name and password in DATABASE_URL${e.code === '28000' ? ' (and pg_hba.conf)' : ''}`,
      );
    default:
      return new StartupError(
        `无法连接 PostgreSQL ${where}：${e.message ?? String(err)}${fix}`,
        `cannot connect to PostgreSQL at ${where}: ${e.message ?? String(err)} (check DATABASE_URL)`,
      );
  }
}

/** `listen` failed: the port is taken or not allowed. Undefined for other errors. */
export function listenError(err: unknown, port: number, host: string): StartupError | undefined {
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `端口 ${port} 已被占用：请停止占用它的进程，或用 PORT 换一个端口`,
      `port ${port} is already in use: stop the process that holds it or set PORT to another port`,
    );
  if (code === 'EACCES')
    return new StartupError(
      `没有权限监听 ${host}:${port}：请用 PORT 选择 1024 以上的端口`,
      `not allowed to listen on ${host}:${port}: set PORT to a port above 1024`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(`本机没有地址 ${host}：请检查 HOST`, `this machine has no address ${host}: check HOST`);
  return undefined;
}
