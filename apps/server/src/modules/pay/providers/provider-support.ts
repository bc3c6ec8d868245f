// What the real providers share (issue 16): their settings from the environment - a key inline (PEM)
// or as a file (NAME_FILE); a missing or unreadable one stops the start with one line in Chinese and
// English that names the variable (ADR 0016, startup-errors.ts) - and yuan/fen and Beijing time.

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { StartupError } from '../../../platform/startup-errors.ts';

type Env = Record<string, string | undefined>;

/** The provider a setting belongs to, named in both languages of a start-up error. */
export interface ProviderLabel {
  zh: string;
  en: string;
}

/** `name` from the environment, trimmed; a StartupError when it is absent or empty. */
export function requiredVar(env: Env, name: string, provider: ProviderLabel, orFile = false): string {
  const value = env[name]?.trim();
  if (!value)
    throw new StartupError(
      `使用${provider.zh}时必须设置环境变量 ${name}${orFile ? `（或用 ${name}_FILE 指定文件）` : ''}（见 README “WeChat Pay and Alipay”）`,
      `${name}${orFile ? ` (or ${name}_FILE, a file path)` : ''} must be set to use ${provider.en} (see README "WeChat Pay and Alipay")`,
    );
  return value;
}

/** The text of `name`, or of the file `name_FILE` names; undefined when neither is set. */
export function inlineOrFile(env: Env, name: string, provider: ProviderLabel): string | undefined {
  const inline = env[name]?.trim();
  if (inline) return inline;
  const file = env[`${name}_FILE`]?.trim();
  if (!file) return undefined;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    const reason = (err as { code?: string }).code ?? String(err);
    throw new StartupError(
      `${provider.zh}：无法读取 ${name}_FILE 指向的文件 ${file}（${reason}）`,
      `${name}_FILE points to ${file}, which cannot be read (${reason})`,
    );
  }
}

/** Like inlineOrFile, but one of the two must be set. */
export function requiredInlineOrFile(env: Env, name: string, provider: ProviderLabel): string {
  const value = inlineOrFile(env, name, provider);
  if (value === undefined) requiredVar(env, name, provider, true);
  return value as string;
}

/**
 * A private key from PEM, or from the bare base64 that Alipay's key tool prints (PKCS#8 or PKCS#1).
 * Throws a StartupError naming `name` when it is not a key.
 */
export function privateKeyOf(text: string, name: string, provider: ProviderLabel): KeyObject {
  try {
    if (text.includes('-----BEGIN')) return createPrivateKey(text);
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    throw new StartupError(
      `${provider.zh}：${name} 不是有效的 RSA 私钥（应为 PEM 或 base64）`,
      `${name} is not a valid RSA private key (PEM or base64 expected)`,
    );
  }
}

/** A public key from PEM (a public key or an X.509 certificate) or bare base64 (SPKI). */
export function publicKeyOf(text: string, name: string, provider: ProviderLabel): KeyObject {
  try {
    if (text.includes('-----BEGIN')) return createPublicKey(text);
    return createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new StartupError(
      `${provider.zh}：${name} 不是有效的 RSA 公钥或证书（应为 PEM 或 base64）`,
      `${name} is not a valid RSA public key or certificate (PEM or base64 expected)`,
    );
  }
}

/** An https:// (or, for a local fake, http://) base address. */
export function urlVar(env: Env, name: string, fallback: string, provider: ProviderLabel): string {
  const value = env[name]?.trim() || fallback;
  if (!/^https?:\/\/./.test(value) || !URL.canParse(value))
    throw new StartupError(`${provider.zh}：${name} 必须是 http(s):// 开头的地址`, `${name} must be an http(s):// URL`);
  return value;
}

/** "19.90" → 1990: yuan with at most two decimals, parsed as text (no floating point). */
export function fenOfYuan(yuan: string): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1990 → "19.90". */
export function yuanOfFen(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new RangeError(`amount in fen must be a non-negative integer: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** A Date as Beijing wall-clock parts (UTC+8, no daylight saving), for the providers' time formats. */
export function beijingParts(at: Date): { date: string; time: string } {
  const shifted = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
}
