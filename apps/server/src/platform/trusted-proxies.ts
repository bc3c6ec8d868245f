// TRUST_PROXY: the reverse proxies whose X-Forwarded-For the server believes (ADR 0018). Every limit
// per address (the platform rate limit, codes per address, login attempts) keys on the client IP,
// so believing the header from anyone let a caller pick a fresh address per request. Only a list
// is accepted, in the forms Fastify's `trustProxy` (@fastify/proxy-addr) compiles: IP addresses,
// CIDR ranges, IPv4 netmasks, and the names loopback, linklocal, uniquelocal. `true` (and hop
// counts, which cannot tell a proxy from a client) are refused at start with what to write instead.
import { isIP } from 'node:net';
import { z } from 'zod';

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const exampleZh = '例如 TRUST_PROXY=127.0.0.1 或 TRUST_PROXY=10.0.0.0/8,loopback';
const exampleEn = 'e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,loopback';

function ipv4NetmaskBits(mask: string): number | null {
  const bits = mask
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('');
  if (!/^1*0*$/.test(bits)) return null;
  const firstZero = bits.indexOf('0');
  return firstZero === -1 ? 32 : firstZero;
}

/** Why one entry cannot be a trusted proxy ("中文 / English", as config.ts prints it), or null. */
function entryProblem(entry: string): string | null {
  if (namedRanges.has(entry)) return null;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) {
    return (
      `“${entry}” 不是 IP 地址、网段或 loopback、linklocal、uniquelocal，${exampleZh}` +
      ` / "${entry}" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal, ${exampleEn}`
    );
  }
  if (slash === -1) return null;
  const range = entry.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  let bits: number | null = null;
  if (/^\d+$/.test(range)) bits = Number(range);
  else if (family === 4 && isIP(range) === 4) bits = ipv4NetmaskBits(range);
  if (bits === null || bits > max) {
    return `“${entry}” 的网段前缀无效，${exampleZh} / "${entry}" has an invalid prefix length, ${exampleEn}`;
  }
  if (bits === 0) {
    return (
      `“${entry}” 等于信任所有地址，请只列出反向代理的地址，${exampleZh}` +
      ` / "${entry}" trusts every address: list only your reverse proxies, ${exampleEn}`
    );
  }
  return null;
}

const trustAll =
  `设为 true 会让任何人用伪造的 X-Forwarded-For 绕过按地址的限制，请改为列出反向代理的地址，${exampleZh}` +
  ` / true would believe a forged X-Forwarded-For from anyone: list your reverse proxies' addresses instead, ${exampleEn}`;

const hopCount =
  `不支持跳数：它分不清代理和客户端，请列出反向代理的地址，${exampleZh}` +
  ` / hop counts cannot tell a proxy from a client: list your reverse proxies' addresses instead, ${exampleEn}`;

/**
 * The environment value as the list Fastify's `trustProxy` takes; empty (unset, "", "false") =
 * trust no proxy, the address of the connection is the client's.
 */
export const trustedProxiesSchema = z
  .string()
  .optional()
  .transform((text, ctx): string[] => {
    const value = (text ?? '').trim();
    if (['', 'false', '0', 'no'].includes(value.toLowerCase())) return [];
    if (['true', 'yes', '1'].includes(value.toLowerCase())) {
      ctx.addIssue({ code: 'custom', message: trustAll });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: hopCount });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const problem = entryProblem(entry);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    }
    return entries;
  });
