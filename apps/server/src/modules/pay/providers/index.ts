// Which payment provider this process uses (PAY_PROVIDER; ADR 0029): the sandbox by default in devel,
// `off` elsewhere; the sandbox is refused with APP_ENV=formal. The real adapters (WeChat Pay v3 Native,
// Alipay precreate) read their own variables; a missing or invalid one stops the start naming it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppEnv } from '../../../config.ts';
import type { Clock } from '../../../platform/clock.ts';
import { StartupError } from '../../../platform/startup-errors.ts';
import { alipayOptionsFromEnv, createAlipayProvider } from './alipay.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createWechatPayProvider, wechatPayOptionsFromEnv } from './wechat.ts';

export type PayProviderSetting = 'sandbox' | 'wechat' | 'alipay' | 'off';

/** The provider setting in effect: the given one, or sandbox in devel and off elsewhere. */
export function payProviderSetting(appEnv: AppEnv, given: PayProviderSetting | undefined): PayProviderSetting {
  const setting = given ?? (appEnv === 'devel' ? 'sandbox' : 'off');
  if (setting === 'sandbox' && appEnv === 'formal') {
    throw new StartupError(
      'PAY_PROVIDER=sandbox 不能用于正式环境（APP_ENV=formal）：请配置 wechat 或 alipay，或设为 off',
      'PAY_PROVIDER=sandbox cannot run with APP_ENV=formal: configure wechat or alipay, or set it to off',
    );
  }
  return setting;
}

/** The sandbox's signing key, kept beside the data so that a restart still verifies its pages' payments. */
function sandboxKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'pay-sandbox.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

/** The provider for `setting`, or null when payment is off. */
export function createPaymentProvider(
  setting: PayProviderSetting,
  opts: { dataDir: string; publicUrl: string; clock: Clock; env: Record<string, string | undefined> },
): PaymentProvider | null {
  switch (setting) {
    case 'off':
      return null;
    case 'sandbox':
      return createSandboxProvider({ key: sandboxKey(opts.dataDir), publicUrl: opts.publicUrl, clock: opts.clock });
    case 'wechat':
      return createWechatPayProvider(wechatPayOptionsFromEnv(opts.env));
    case 'alipay':
      return createAlipayProvider(alipayOptionsFromEnv(opts.env));
  }
}
