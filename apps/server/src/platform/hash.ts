// FNV-1a (32 bit): a fast, stable, non-cryptographic hash for deterministic orders (never for secrets).
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
