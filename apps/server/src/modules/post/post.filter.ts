// The sensitive-word check of comments (ADR 0037): the word list in sensitive-words.txt, loaded once
// into an Aho–Corasick automaton (mint-filter), plus a pattern for contact spam with digits (加微信
// 12345678, QQ群 …). Text is folded first (lower case, no spaces, full-width letters and digits to
// half-width) so that 加 V X or ＱＱ群 match too. A match holds the comment for review.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mint } from 'mint-filter';

const listFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sensitive-words.txt');

/** Lower case, half-width, no white space or common separators. */
export function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u200b-\u200d\ufeff_\-.*·•|/\\]+/g, '');
}

const contact = /(微信|威信|薇信|vx|wx|v信|qq|扣扣|企鹅|电报|telegram|群)[^0-9]{0,4}[0-9]{5,}/;

export function parseWordList(text: string): string[] {
  const words = new Set<string>();
  for (const line of text.split('\n')) {
    const w = fold(line.replace(/#.*/, ''));
    if (w) words.add(w);
  }
  return [...words];
}

export interface WordFilter {
  /** The listed words found in `text` (folded), and 联系方式 for contact spam; empty = clean. */
  check(text: string): string[];
}

export function createWordFilter(words: string[] = parseWordList(readFileSync(listFile, 'utf8'))): WordFilter {
  const mint = new Mint(words);
  return {
    check(text) {
      const folded = fold(text);
      const found = new Set(mint.filter(folded, { replace: false }).words);
      if (contact.test(folded)) found.add('联系方式');
      return [...found];
    },
  };
}
