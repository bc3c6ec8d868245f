// The question bank in content/ is checked, not hoped for: format, counts, Chinese explanations,
// machine checks for every math item, the blind second reading of every verbal item, distinctness.
import fs from 'node:fs';
import path from 'node:path';
import type { ContentQuestion } from '@gre/contract/content';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { readContentSets } from './content-files.ts';
import { runMathCheck } from './math-check.ts';
import { sentenceIndex, splitParagraphs } from './sentences.ts';

const contentDir = path.join(repoRoot, 'content');
const sets = readContentSets(contentDir);
const all = sets.flatMap((s) => s.questions.map((q) => ({ q, set: s })));
const ofKind = (...kinds: string[]) => all.filter(({ q }) => kinds.includes(q.kind));
const inDataSets = (id: string) => sets.some((s) => s.group?.kind === 'data' && s.questions.some((q) => q.id === id));
const cjk = /[\u4e00-\u9fff]/;
const letter = (i: number) => String.fromCharCode(65 + i);

/**
 * The letters of an item's wrong options (content/README.md, "Distractor rationales"): tc1, ps, rc A–E;
 * tc2, tc3 A–C, D–F, G–I by blank; qc A–D for the four relations. Null for kinds without distractors.
 */
function distractorLetters(q: ContentQuestion): string[] | null {
  switch (q.kind) {
    case 'tc1':
    case 'ps_single':
    case 'ps_multi':
    case 'rc_single':
    case 'rc_multi':
      return q.options
        .map((_, i) => i)
        .filter((i) => !q.answer.includes(i))
        .map(letter);
    case 'tc2':
    case 'tc3':
      return q.options.flatMap((blank, b) =>
        blank
          .map((_, i) => i)
          .filter((i) => q.answer[b] !== i)
          .map((i) => letter(3 * b + i)),
      );
    case 'qc':
      return [0, 1, 2, 3].filter((i) => i !== q.answer[0]).map(letter);
    default:
      return null;
  }
}

describe('content/', () => {
  it('has at least the counts the bank promises', () => {
    expect(ofKind('tc1').length).toBeGreaterThanOrEqual(50);
    expect(ofKind('tc2').length).toBeGreaterThanOrEqual(40);
    expect(ofKind('tc3').length).toBeGreaterThanOrEqual(30);
    expect(ofKind('se').length).toBeGreaterThanOrEqual(60);
    const reading = sets.filter((s) => s.category === 'reading');
    expect(reading.length).toBeGreaterThanOrEqual(30);
    expect(new Set(reading.map((s) => s.group?.kind))).toEqual(new Set(['short', 'long', 'argument']));
    expect(ofKind('rc_single', 'rc_multi', 'rc_select').length).toBeGreaterThanOrEqual(80);
    expect(ofKind('rc_multi').length).toBeGreaterThanOrEqual(15);
    expect(ofKind('rc_select').length).toBeGreaterThanOrEqual(10);
    expect(ofKind('qc').length).toBeGreaterThanOrEqual(70);
    const notDi = (k: string) => ofKind(k).filter(({ q }) => !inDataSets(q.id));
    expect(notDi('ps_single').length).toBeGreaterThanOrEqual(70);
    expect(notDi('ps_multi').length).toBeGreaterThanOrEqual(25);
    expect(notDi('numeric').length + notDi('numeric_fraction').length).toBeGreaterThanOrEqual(30);
    expect(notDi('numeric_fraction').length).toBeGreaterThanOrEqual(8);
    const di = sets.filter((s) => s.group?.kind === 'data');
    expect(di.length).toBeGreaterThanOrEqual(10);
    for (const s of di) expect(s.questions.length, s.file).toBeGreaterThanOrEqual(3);
    expect(new Set(di.map((s) => s.group?.figure?.type))).toEqual(new Set(['table', 'bar', 'line', 'pie']));
    expect(ofKind('issue').length).toBeGreaterThanOrEqual(40);
  });

  it('holds question bank v2: 650+ items, 20+ geometry items with figures, data sets of varied shape', () => {
    expect(all.length).toBeGreaterThanOrEqual(650);
    const geometry = all.filter(({ q }) => 'figure' in q && q.figure?.type === 'geometry');
    expect(geometry.length).toBeGreaterThanOrEqual(20);
    const di = sets.filter((s) => s.group?.kind === 'data');
    expect(di.length).toBeGreaterThanOrEqual(15);
    // Not one pattern: sets of different sizes and of different mixes of kinds.
    expect(new Set(di.map((s) => s.questions.length)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(di.map((s) => s.questions.map((q) => q.kind).join(','))).size).toBeGreaterThanOrEqual(8);
  });

  it('gives every item a difficulty, knowledge points, a source and a Chinese explanation', () => {
    for (const { q, set } of all) {
      expect([1, 2, 3], q.id).toContain(q.difficulty);
      expect(q.tags.length, q.id).toBeGreaterThan(0);
      expect(set.source, q.id).toMatch(/^原创/);
      if (q.kind === 'issue') {
        expect(q.guide.positions.length, q.id).toBeGreaterThanOrEqual(2);
        expect(q.guide.outline.join(''), q.id).toMatch(cjk);
      } else {
        expect(q.analysis, q.id).toMatch(cjk);
      }
    }
    const difficulties = new Set(all.map(({ q }) => q.difficulty));
    expect(difficulties).toEqual(new Set([1, 2, 3]));
  });

  it('mixes visibility levels so that role rules show in the product', () => {
    const count = (v: string) => all.filter(({ q }) => q.visibility === v).length;
    expect(count('public')).toBeGreaterThan(all.length / 2);
    for (const v of ['locked', 'pick', 'best']) expect(count(v), v).toBeGreaterThan(5);
  });

  it('lists key words with synonyms or antonyms for every verbal item', () => {
    for (const { q } of ofKind('tc1', 'tc2', 'tc3', 'se', 'rc_single', 'rc_multi', 'rc_select')) {
      expect(q.key_words.length, q.id).toBeGreaterThan(0);
      expect(
        q.key_words.some((k) => k.synonyms.length + k.antonyms.length > 0),
        q.id,
      ).toBe(true);
    }
  });

  it('carries a Chinese translation for every reading passage and covers the GRE’s range of topics', () => {
    const reading = sets.filter((s) => s.category === 'reading');
    for (const s of reading) expect(s.group?.translation, s.file).toMatch(cjk);
    expect(new Set(reading.map((s) => s.group?.topic))).toEqual(new Set(['自然科学', '人文', '社会科学', '商业']));
  });

  it('keys every select-in-passage item to exactly one sentence of its passage', () => {
    for (const { q, set } of ofKind('rc_select')) {
      if (q.kind !== 'rc_select') continue;
      const paragraphs = splitParagraphs(set.group?.text ?? '');
      const i = sentenceIndex(paragraphs, q.sentence);
      expect(i, q.id).toBeGreaterThanOrEqual(0);
      expect(paragraphs.flat().filter((s) => s === q.sentence.trim()).length, q.id).toBe(1);
    }
  });

  it('proves every math key with its machine check', () => {
    const math = all.filter(({ set }) => set.category === 'math');
    expect(math.length).toBeGreaterThanOrEqual(225);
    const failures = math.map(({ q }) => ({ id: q.id, r: runMathCheck(q) })).filter((x) => !x.r.ok);
    expect(failures).toEqual([]);
  });

  it('a wrong key fails its check (the checks can fail)', () => {
    const { q } = ofKind('ps_single')[0] as { q: ContentQuestion & { kind: 'ps_single' } };
    const wrong = { ...q, answer: [((q.answer[0] as number) + 1) % 5] as [number] };
    expect(runMathCheck(wrong).ok).toBe(false);
    const qc = ofKind('qc').find(({ q }) => q.kind === 'qc' && q.answer[0] === 0)?.q as ContentQuestion & {
      kind: 'qc';
    };
    expect(runMathCheck({ ...qc, answer: [1] }).ok).toBe(false);
  });

  // Issue 12: a test-wise candidate must not find the key without reading.
  it('does not give the reading key away by option length (rc_single)', () => {
    const items = ofKind('rc_single').map(({ q }) => q as ContentQuestion & { kind: 'rc_single' });
    const longest = items.filter((q) => {
      const lengths = q.options.map((o) => o.length);
      return lengths[q.answer[0]] === Math.max(...lengths);
    });
    expect(longest.length / items.length, longest.map((q) => q.id).join(' ')).toBeLessThan(0.3);
    // Nor may "second longest" or "never the shortest" become the new rule: every length rank stays rare.
    const byRank = [0, 0, 0, 0, 0];
    for (const q of items) {
      const lengths = q.options.map((o) => o.length);
      const key = lengths[q.answer[0]] as number;
      const rank = lengths.filter((l) => l > key).length;
      byRank[rank] = (byRank[rank] ?? 0) + 1;
    }
    for (const [rank, n] of byRank.entries()) expect(n / items.length, `length rank ${rank + 1}`).toBeLessThan(0.4);
  });

  it('spreads the select-all keys over the letters (rc_multi)', () => {
    const items = ofKind('rc_multi').map(({ q }) => q as ContentQuestion & { kind: 'rc_multi' });
    for (const letter of [0, 1, 2]) {
      const keyed = items.filter((q) => q.answer.includes(letter)).length;
      expect(keyed / items.length, `letter ${'ABC'[letter]}`).toBeLessThan(0.7);
    }
  });

  it('varies the sentence-equivalence traps (not always the right pair plus an opposite pair)', () => {
    const items = ofKind('se').map(({ q }) => q as ContentQuestion & { kind: 'se' });
    expect(
      items.filter((q) => !q.trap).map((q) => q.id),
      'every se item records its trap',
    ).toEqual([]);
    const share = (t: string) => items.filter((q) => q.trap === t).length / items.length;
    expect(share('same_tone_pair')).toBeGreaterThanOrEqual(1 / 3);
    expect(share('lone_fit')).toBeGreaterThanOrEqual(1 / 4);
  });

  it('names the mistake each distractor catches (rationales; every choice item of an edition-2 set)', () => {
    const missing: string[] = [];
    for (const { q, set } of all) {
      const letters = distractorLetters(q);
      const optional = q.kind === 'rc_single' || q.kind === 'rc_multi';
      if (!letters || (!q.rationales && (set.edition !== 2 || optional))) continue;
      const given = Object.keys(q.rationales ?? {}).sort();
      if (JSON.stringify(given) !== JSON.stringify(letters))
        missing.push(`${q.id}: ${given.join('')} ≠ ${letters.join('')}`);
    }
    expect(missing, 'rationales must name exactly the wrong options').toEqual([]);
  });

  it('matches the blind second reader on every verbal item (content/review)', () => {
    const read = (f: string) =>
      JSON.parse(fs.readFileSync(path.join(contentDir, 'review', f), 'utf8')) as Record<string, unknown>;
    const blind = { ...read('answers-filling.json'), ...read('answers-reading.json') };
    const verbal = ofKind('tc1', 'tc2', 'tc3', 'se', 'rc_single', 'rc_multi', 'rc_select');
    const disagreements: string[] = [];
    for (const { q } of verbal) {
      const b = blind[q.id];
      const key = q.kind === 'rc_select' ? { sentence: q.sentence.trim() } : 'answer' in q ? q.answer : null;
      const mine =
        b && typeof b === 'object' && 'sentence' in b
          ? { sentence: String((b as { sentence: string }).sentence).trim() }
          : b;
      if (JSON.stringify(mine) !== JSON.stringify(key)) disagreements.push(q.id);
    }
    expect(disagreements, 'changed keys need a new blind reading').toEqual([]);
  });

  it('has no two items that are the same sentence with a word swapped or the same problem with other numbers', () => {
    const norm = (q: ContentQuestion) => {
      const parts = [q.stem, 'quantity_a' in q ? `${q.quantity_a} ${q.quantity_b}` : ''];
      return parts
        .join(' ')
        .toLowerCase()
        .replace(/\d+(\.\d+)?/g, '#')
        .replace(/[^a-z#\u4e00-\u9fff]+/g, ' ')
        .trim();
    };
    const items = all.filter(({ q }) => q.kind !== 'rc_single' && q.kind !== 'rc_multi' && q.kind !== 'rc_select');
    const tokens = items.map(({ q }) => ({
      id: q.id,
      text: norm(q),
      words: norm(q).split(' '),
      set: new Set(norm(q).split(' ')),
    }));
    const near: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      for (let j = i + 1; j < tokens.length; j++) {
        const a = tokens[i] as (typeof tokens)[number];
        const b = tokens[j] as (typeof tokens)[number];
        if (a.set.size < 6 || b.set.size < 6) continue;
        let inter = 0;
        for (const t of a.set) if (b.set.has(t)) inter++;
        const jaccard = inter / (a.set.size + b.set.size - inter);
        const lengthRatio = Math.min(a.words.length, b.words.length) / Math.max(a.words.length, b.words.length);
        // Numbers are masked, so "the same problem with other numbers" compares equal.
        if (a.text === b.text || (jaccard >= 0.9 && lengthRatio >= 0.9))
          near.push(`${a.id} ~ ${b.id} (${jaccard.toFixed(2)})`);
      }
    }
    expect(near).toEqual([]);
  });
});
