// Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1): the format and the
// derivation. At run time the server hashes in its own worker pool (password-pool.ts), with the
// synchronous functions below running on a worker thread: scrypt on libuv's thread pool would take
// the threads that also read files and serve the database driver (issue 9, item 3). The asynchronous
// functions are for start-up (the demo seed) and tests, where nothing else is waiting.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const N = 2 ** 17;
const r = 8;
const p = 1;
const keyLen = 32;
const maxmem = 256 * 1024 * 1024;

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** Encoded as scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
function encode(salt: Buffer, key: Buffer): string {
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(encoded: string): Parsed | null {
  const [alg, n, rr, pp, salt, hash] = encoded.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return null;
  return {
    n: Number(n),
    r: Number(rr),
    p: Number(pp),
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  };
}

const normalize = (password: string) => password.normalize('NFKC');

/**
 * A hash of nothing anybody knows, at the current cost: checking a password against it takes as long
 * as checking a real one, so an unknown account answers in the same time as a known one (ADR 0006).
 */
export const dummyPasswordHash = encode(Buffer.alloc(16, 7), Buffer.alloc(keyLen, 7));

export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(normalize(password), salt, keyLen, { N, r, p, maxmem }));
}

export function verifyPasswordSync(password: string, encoded: string): boolean {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const key = scryptSync(normalize(password), parsed.salt, keyLen, { N: parsed.n, r: parsed.r, p: parsed.p, maxmem });
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(normalize(password), salt, keyLen, { N: n, r: rr, p: pp, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** On libuv's thread pool: for start-up and tests only (see the header). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await derive(password, salt, N, r, p));
}

/** On libuv's thread pool: for start-up and tests only (see the header). */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}
