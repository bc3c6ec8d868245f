// The GRE-sense glosses: authored for the most important words, well formed, first in the
// vocabulary, and nothing offensive or garbled left in any word's translation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../config.ts';
import { withRationales } from './content-import.ts';
import { balanceBrackets, cleanTranslation, greVocabulary, readGreSenses, senseProblem } from './gre-senses.ts';
import { meaningsOf, readGreWords, shortMeaning } from './vocabulary.ts';
import { generateWordQuestions } from './word-questions.ts';

const contentDir = path.join(repoRoot, 'content');
const { senses, problems } = readGreSenses(contentDir);
const { vocab } = greVocabulary(contentDir);
const byWord = new Map(vocab.map((w) => [w.word.toLowerCase(), w]));

describe('GRE-sense glosses (content/vocabulary)', () => {
  it('are well formed: every row a known part of speech and a Chinese gloss', () => {
    expect(problems).toEqual([]);
  });

  it('cover at least 3,000 GRE words, among them every GRE word in the bank’s key words', () => {
    const gre = new Set(readGreWords().map((w) => w.word.toLowerCase()));
    const glossed = [...senses.keys()].filter((w) => gre.has(w));
    expect(glossed.length).toBeGreaterThanOrEqual(3000);
    const keyWords = new Set<string>();
    for (const folder of ['filling', 'reading']) {
      for (const f of fs.readdirSync(path.join(contentDir, folder))) {
        const set = parse(fs.readFileSync(path.join(contentDir, folder, f), 'utf8')) as {
          questions: { key_words?: { word: string }[] }[];
        };
        for (const q of set.questions) for (const k of q.key_words ?? []) keyWords.add(k.word.toLowerCase());
      }
    }
    const missing = [...keyWords].filter((w) => gre.has(w) && !senses.has(w));
    expect(missing).toEqual([]);
  });

  it('put the GRE sense first (mercurial, fathom, wanton) and keep the dictionary’s other senses below', () => {
    for (const word of ['mercurial', 'fathom', 'wanton']) {
      const w = byWord.get(word);
      const first = senses.get(word)?.[0];
      expect(first, word).toBeDefined();
      expect(w?.translation.split('\n')[0]).toBe(`${first?.pos} ${first?.gloss}`);
      expect(w?.translation.split('\n').length, word).toBeGreaterThan(1);
    }
    expect(byWord.get('mercurial')?.translation.split('\n')[0]).not.toContain('水星');
    expect(byWord.get('fathom')?.translation.split('\n')[0]).not.toContain('英寻');
  });

  it('leave nothing offensive or garbled in any word’s translation', () => {
    const bad = vocab.filter(
      (w) =>
        /荡妇|婊|妓|淫荡/.test(w.translation) ||
        balanceBrackets(w.translation) !== w.translation.replace(/\s{2,}/g, ' ').trim(),
    );
    expect(bad.map((w) => w.word)).toEqual([]);
    expect(vocab.filter((w) => meaningsOf(w.translation).every((m) => m.pos === 'other')).map((w) => w.word)).toEqual(
      [],
    );
  });

  it('are what the word-meaning questions key', () => {
    const meaningQuestions = generateWordQuestions(
      vocab.filter((w) => senses.has(w.word.toLowerCase())).slice(0, 600),
      [],
    ).filter((q) => q.kind === 'word_meaning');
    expect(meaningQuestions.length).toBeGreaterThan(500);
    for (const q of meaningQuestions) {
      const w = byWord.get(q.word.toLowerCase());
      expect(q.options[q.answer], q.id).toBe(shortMeaning(meaningsOf(w?.translation ?? '')));
      const gloss = senses.get(q.word.toLowerCase())?.[0]?.gloss ?? '';
      expect(gloss, q.id).toContain((q.options[q.answer] ?? '').split(' ').pop()?.split('；')[0]);
    }
  });
});

describe('gloss rules', () => {
  it('refuse a wrong part of speech, English, open brackets and offensive words, in Chinese', () => {
    expect(senseProblem({ word: 'abate', pos: 'v.', gloss: '减弱；减轻' })).toBeNull();
    expect(senseProblem({ word: 'criteria', pos: 'n.', gloss: '标准（criterion 的复数）' })).toBeNull();
    expect(senseProblem({ word: 'abate', pos: 'vt.', gloss: '减弱' })).toMatch(/词性/);
    expect(senseProblem({ word: 'abate', pos: 'v.', gloss: 'reduce 减弱' })).toMatch(/英文/);
    expect(senseProblem({ word: 'abate', pos: 'v.', gloss: '减弱（程度' })).toMatch(/括号/);
    expect(senseProblem({ word: 'wanton', pos: 'n.', gloss: '荡妇' })).toMatch(/不当/);
    expect(senseProblem({ word: 'abate', pos: 'v.', gloss: '减' })).toMatch(/汉字/);
  });

  it('read files, report the line of a bad row and refuse a part of speech given twice', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'senses-'));
    fs.mkdirSync(path.join(dir, 'vocabulary'));
    fs.writeFileSync(
      path.join(dir, 'vocabulary', 'gre-senses-1.tsv'),
      'temper\tv.\t调和；使缓和\ntemper\tn.\t脾气\ntemper\tn.\t韧度\nabate\tverb\t减弱\n',
    );
    const r = readGreSenses(dir);
    expect(r.senses.get('temper')?.map((s) => s.pos)).toEqual(['v.', 'n.']);
    expect(r.problems).toEqual([
      expect.stringMatching(/gre-senses-1\.tsv:3 .*重复/),
      expect.stringMatching(/gre-senses-1\.tsv:4 .*词性/),
    ]);
  });

  it('repair the dictionary’s brackets and drop offensive lines', () => {
    expect(balanceBrackets('a. [对...厌倦的；充分满足的；生腻的[with]')).toBe(
      'a. 对...厌倦的；充分满足的；生腻的[with]',
    );
    expect(cleanTranslation('n. 荡妇, 水性杨花的女人\na. 恶意的, 淫荡的, 无节制的')).toEqual(['a. 恶意的, 无节制的']);
  });
});

describe('distractor rationales in the analysis', () => {
  it('are listed under the analysis by letter, and an item without them keeps its analysis', () => {
    expect(withRationales('解析。\n', { C: '把比例倒过来', A: '漏了负数的情形' })).toBe(
      '解析。\n\n干扰项：\nA：漏了负数的情形\nC：把比例倒过来\n',
    );
    expect(withRationales('解析。', undefined)).toBe('解析。');
  });
});
