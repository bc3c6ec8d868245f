// GRE-sense glosses (content/vocabulary/gre-senses-*.tsv): the Chinese sense a GRE candidate must
// know, authored and reviewed for the most important words (content/README.md, "Vocabulary"). They
// go first in a word's translation, above the dictionary's other senses, so that flash cards and
// the word questions teach the GRE sense (mercurial = 情绪多变的, not 水星的). Every word's dictionary
// lines are also cleaned: garbled brackets repaired, offensive glosses dropped.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ecdictAssetsDir, readGreWords, type VocabWord } from './vocabulary.ts';

export const sensePoses = ['n.', 'v.', 'adj.', 'adv.', 'prep.', 'conj.'] as const;

export interface GreSense {
  word: string;
  pos: (typeof sensePoses)[number];
  gloss: string;
}

const senseFiles = (contentDir: string): string[] => {
  const dir = path.join(contentDir, 'vocabulary');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^gre-senses-.*\.tsv$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
};

/** A problem in one gloss row, in Chinese, or null when the row is well formed. */
export function senseProblem(s: { word: string; pos: string; gloss: string }): string | null {
  if (!/^[a-z][a-z' -]*$/i.test(s.word)) return `单词「${s.word}」格式不正确`;
  if (!(sensePoses as readonly string[]).includes(s.pos))
    return `${s.word}：词性「${s.pos}」不在 ${sensePoses.join(' ')} 中`;
  const hanzi = (s.gloss.match(/[\u4e00-\u9fff]/g) ?? []).length;
  if (hanzi < 2 || hanzi > 32) return `${s.word}：释义「${s.gloss}」应为 2–24 个汉字的中文`;
  // English only inside a note in brackets: 标准（criterion 的复数）.
  if (/[A-Za-z[\]]/.test(s.gloss.replace(/（[^）]*）|\([^)]*\)/g, '')))
    return `${s.word}：释义「${s.gloss}」含英文或方括号`;
  const open = (s.gloss.match(/[（(]/g) ?? []).length;
  const close = (s.gloss.match(/[）)]/g) ?? []).length;
  if (open !== close) return `${s.word}：释义「${s.gloss}」括号不配对`;
  if (offensive.test(s.gloss)) return `${s.word}：释义「${s.gloss}」含不当用词`;
  return null;
}

/** Reads every gloss file; rows are `word<TAB>pos<TAB>gloss`, the first row of a word its main sense. */
export function readGreSenses(contentDir: string): { senses: Map<string, GreSense[]>; problems: string[] } {
  const senses = new Map<string, GreSense[]>();
  const problems: string[] = [];
  for (const file of senseFiles(contentDir)) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      const [word = '', pos = '', gloss = '', ...rest] = line.split('\t').map((c) => c.trim());
      const where = `${path.basename(file)}:${i + 1}`;
      const problem = rest.length ? '多余的列' : senseProblem({ word, pos, gloss });
      if (problem) {
        problems.push(`${where} ${problem}`);
        return;
      }
      const key = word.toLowerCase();
      const list = senses.get(key) ?? [];
      if (list.some((s) => s.pos === pos)) problems.push(`${where} ${word}：同一词性重复`);
      else list.push({ word, pos: pos as GreSense['pos'], gloss });
      senses.set(key, list);
    });
  }
  return { senses, problems };
}

/** Changes when a gloss file changes: the vocabulary is re-imported then. */
export function greSensesHash(contentDir: string): string {
  const h = createHash('sha256');
  for (const f of senseFiles(contentDir)) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * Demeaning or vulgar glosses the dictionary carries for some words (wanton = 荡妇); a line holding
 * one is dropped (the word keeps its other senses).
 */
const offensive = /荡妇|淫妇|婊|娼|妓|骚货|贱人|贱货|鸡奸|黑鬼|蛮子|杂种|淫荡|淫乱|水性杨花/;

/** Repairs a dictionary line's brackets: an unmatched opening or closing bracket is removed. */
export function balanceBrackets(line: string): string {
  const pairs: Record<string, string> = { '[': ']', '(': ')', '（': '）' };
  const closers = new Map(Object.entries(pairs).map(([o, c]) => [c, o]));
  const stack: { ch: string; at: number }[] = [];
  const drop = new Set<number>();
  [...line].forEach((ch, at) => {
    if (ch in pairs) stack.push({ ch, at });
    else if (closers.has(ch)) {
      const top = stack[stack.length - 1];
      if (top && top.ch === closers.get(ch)) stack.pop();
      else drop.add(at);
    }
  });
  for (const s of stack) drop.add(s.at);
  return [...line]
    .filter((_, i) => !drop.has(i))
    .join('')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * The dictionary's lines, cleaned: brackets repaired, offensive senses dropped (a line keeps its
 * other senses; a line left without any is dropped).
 */
export function cleanTranslation(translation: string): string[] {
  return translation
    .split('\n')
    .map(balanceBrackets)
    .map((l) => {
      if (!offensive.test(l)) return l;
      const m = /^([a-z]+\.\s*)?(.*)$/.exec(l);
      const kept = (m?.[2] ?? '').split(/\s*[,，;；]\s*/).filter((t) => t && !offensive.test(t));
      return kept.length ? `${m?.[1] ?? ''}${kept.join(', ')}` : '';
    })
    .filter(Boolean);
}

/**
 * The vocabulary with the GRE senses first: each glossed word's translation starts with its GRE
 * sense lines (`adj. 情绪多变的；反复无常的`), then the dictionary's cleaned lines; `pos` becomes the
 * main sense's part of speech. Words without a gloss keep their cleaned dictionary lines.
 */
export function withGreSenses(vocab: VocabWord[], senses: Map<string, GreSense[]>): VocabWord[] {
  return vocab.map((w) => {
    const own = senses.get(w.word.toLowerCase()) ?? [];
    const dictionary = cleanTranslation(w.translation);
    if (!own.length) return { ...w, translation: dictionary.join('\n') };
    return {
      ...w,
      pos: own[0]?.pos.replace('.', '') ?? w.pos,
      translation: [...own.map((s) => `${s.pos} ${s.gloss}`), ...dictionary].join('\n'),
    };
  });
}

/** The product's vocabulary: ECDICT's GRE words with the GRE senses first (what the importer stores). */
export function greVocabulary(
  contentDir: string,
  ecdictDir = ecdictAssetsDir(),
): { vocab: VocabWord[]; problems: string[] } {
  const { senses, problems } = readGreSenses(contentDir);
  return { vocab: withGreSenses(readGreWords(ecdictDir), senses), problems };
}
