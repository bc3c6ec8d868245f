// English text for search and the essay scorer: one tokeniser and one stemmer (the Porter stemmer of
// the maintained `stemmer` package), so "microscope's" finds "microscope" and "arguing" finds "argue"
// the same way in both (ADR 0023).
import { stemmer } from 'stemmer';

/** Curly apostrophes as straight ones; lower case. */
export function normaliseEnglish(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
}

/** The stem of one word: possessive and contracted endings off ('s, s'), then Porter. */
export function stem(word: string): string {
  const w = normaliseEnglish(word)
    .replace(/'s$|s'$/, (m) => (m === "s'" ? 's' : ''))
    .replace(/'/g, '');
  return w.length <= 2 ? w : stemmer(w);
}

/** The words of a text, lower-cased, hyphenated compounds split into their parts. */
export function englishWords(text: string): string[] {
  const out: string[] = [];
  for (const m of normaliseEnglish(text).matchAll(/[a-z]+(?:'[a-z]+)*/g)) out.push(m[0]);
  return out;
}
