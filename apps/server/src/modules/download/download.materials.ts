// What each material says (ADR 0040): the blocks of its PDF and the version of the content it is made
// from. Word lists come from the imported `words` table (GRE senses first: gre-senses.ts), the Issue
// guides from the catalogue (admins' edits applied, the mock-only pool left out), the formula sheet
// from download.formulas.ts. A version is a hash of the content and of `layoutVersion`, so either
// changing makes the stored file stale.
import { createHash } from 'node:crypto';
import { type MaterialId, materialInfo } from '@gre/contract/endpoints/download';
import type { Question } from '@gre/contract/question';
import { wordBandLabel } from '@gre/contract/word';
import { meaningsOf, posLabel } from '../question/vocabulary.ts';
import { bandOf } from '../word/word.vocab.ts';
import { formulaSheet } from './download.formulas.ts';
import type { Block, PdfInput } from './download.pdf.ts';

/** Bump when the layout or wording of the PDFs changes: every stored file is made again. */
const layoutVersion = '1';

/** The materials made once for everyone (the 错题本 is made per user: download.wrongs.ts). */
export type SharedMaterialId = Exclude<MaterialId, 'my-wrongs'>;

export interface WordRow {
  word: string;
  translation: string;
  frequency: number;
}

export interface MaterialSources {
  words(): Promise<WordRow[]>;
  /** Issue prompts a member may practise (not the mock-only pool), in catalogue order. */
  issues(): Promise<Question[]>;
}

export interface MaterialContent {
  version: string;
  pdf: PdfInput;
}

const hash = (data: unknown) =>
  createHash('sha256').update(layoutVersion).update(JSON.stringify(data)).digest('hex').slice(0, 16);

/** The meaning lines of a word: GRE sense first, at most three lines of four terms. */
export function glossOf(translation: string): string {
  return meaningsOf(translation)
    .slice(0, 3)
    .map((m) => `${posLabel[m.pos] ?? ''} ${m.terms.slice(0, 4).join('；')}`.trim())
    .join('\n');
}

interface WordEntry {
  word: string;
  band: number;
  rank: number;
  gloss: string;
}
/** The entries of one read of the table, shared by the five word lists. */
const entriesOf = new WeakMap<WordRow[], WordEntry[]>();

function wordEntries(rows: WordRow[]): WordEntry[] {
  let entries = entriesOf.get(rows);
  if (!entries) {
    entries = rows.map((r) => ({
      word: r.word.toLowerCase(),
      band: bandOf(r.frequency),
      rank: r.frequency > 0 ? r.frequency : Number.MAX_SAFE_INTEGER,
      gloss: glossOf(r.translation),
    }));
    entriesOf.set(rows, entries);
  }
  return entries;
}

function wordList(id: SharedMaterialId, rows: WordRow[], band: number | null): MaterialContent {
  const list = wordEntries(rows)
    .filter((r) => band === null || r.band === band)
    .sort((a, b) => (band === null ? 0 : a.rank - b.rank) || a.word.localeCompare(b.word, 'en'));
  const info = materialInfo[id];
  const blocks: Block[] = [
    {
      kind: 'title',
      text: info.title,
      note: `共 ${list.length} 词。${
        band === null ? '按字母排序。' : '按词频从高到低排序。'
      }释义取自本站词库：GRE 考试义在前，其余为常见词典义；词频段：1 常见词、2 较常见、3 较少见、4 生僻词。`,
    },
  ];
  let letter = '';
  let no = 0;
  const head = ['序号', '单词', '词频', 'GRE 释义'];
  if (band !== null) blocks.push({ kind: 'columns', head });
  for (const w of list) {
    const first = (w.word[0] ?? '').toUpperCase();
    if (band === null && first !== letter) {
      letter = first;
      blocks.push({ kind: 'heading', text: letter }, { kind: 'columns', head });
    }
    no++;
    blocks.push({ kind: 'word', no, word: w.word, band: wordBandLabel[w.band as 1 | 2 | 3 | 4], gloss: w.gloss });
  }
  return { version: hash(list), pdf: { title: info.title, blocks } };
}

function formulas(): MaterialContent {
  const info = materialInfo.formulas;
  const blocks: Block[] = [
    {
      kind: 'title',
      text: info.title,
      note: 'GRE 数学（Quant）考试允许使用屏幕计算器，但不提供公式。下列公式需要熟记；写法说明：a^n 表示 a 的 n 次方，x1、x2 或 a_n 表示下标。',
    },
  ];
  for (const section of formulaSheet) {
    blocks.push({ kind: 'heading', text: section.title }, { kind: 'columns', head: ['名称', '公式', '说明'] });
    for (const r of section.rows) blocks.push({ kind: 'formula', ...r });
  }
  return { version: hash(formulaSheet), pdf: { title: info.title, blocks } };
}

/** The Issue essay's structure and sentence patterns (authored here, English with Chinese notes). */
const issueTemplate: Block[] = [
  { kind: 'heading', text: '一、Issue 写作模板' },
  {
    kind: 'para',
    text: '考试要求：30 分钟内就一个观点写一篇立论文章，并按题目给出的具体指令（instructions）展开。评分看立场是否清楚、论证是否深入、例子是否具体、结构与语言是否清晰。建议用 5 分钟审题列提纲、22 分钟写作、3 分钟检查。',
  },
  { kind: 'subheading', text: '结构（五段式，约 450–550 词）' },
  {
    kind: 'bullets',
    items: [
      '开头段（3–4 句）：用一句话复述题目的争议；指出它在什么意义上成立、在什么意义上不成立；亮明立场（最好是有条件的立场）。',
      '主体段 1：支持自己立场的最强理由 + 一个具体例子（历史、科学、社会、个人经历），并解释例子如何证明理由。',
      '主体段 2：第二个理由，或题目指令要求讨论的情形（例如“建议有益的情形”和“建议有害的情形”）。',
      '让步段：承认对方观点的合理之处，再说明为什么它不足以推翻你的立场。',
      '结尾段（2–3 句）：回到立场，说明结论适用的条件；不要引入新论据。',
    ],
  },
  { kind: 'subheading', text: '常用句型' },
  {
    kind: 'bullets',
    items: [
      '开头：“While it is tempting to believe that …, a closer look suggests that the claim holds only when ….”（表面看似成立，细看只在某些条件下成立）',
      '立场：“I largely agree with the recommendation, provided that ….”（基本同意，但有前提）',
      '理由：“The most compelling reason to … is that ….”（最有力的理由是……）',
      '举例：“Consider, for example, the case of …, where ….”（以……为例）',
      '解释：“This example shows that … because ….”（这个例子说明……，因为……）',
      '让步：“Admittedly, critics may argue that …. Yet this concern, though valid, overlooks ….”（诚然……但忽视了……）',
      '条件：“The recommendation would do more harm than good in situations where ….”（在……的情形下弊大于利）',
      '结尾：“In the end, whether … depends less on … than on ….”（归根结底，取决于……而非……）',
    ],
  },
  { kind: 'subheading', text: '检查清单' },
  {
    kind: 'bullets',
    items: [
      '每个主体段是否都回应了题目的具体指令？',
      '每个例子是否具体（人物、时间、结果），并且解释了它和论点的关系？',
      '是否避免了绝对化的词（always, never, all）？',
      '过渡词是否清楚：however, moreover, by contrast, as a result, admittedly。',
    ],
  },
];

function issueGuides(issues: Question[]): MaterialContent {
  const info = materialInfo['issue-guides'];
  const blocks: Block[] = [
    {
      kind: 'title',
      text: info.title,
      note: `写作模板与常用句型，以及题库中 ${issues.length} 道 Issue 题的写作指南：可选立场、提纲、论证、例子和词汇。`,
    },
    ...issueTemplate,
    { kind: 'pageBreak' },
    { kind: 'heading', text: '二、题目指南' },
  ];
  const content: unknown[] = [];
  issues.forEach((q, i) => {
    const guide = q.analysis?.guide ?? null;
    content.push([q.id, q.passage.text, q.inquiry, q.input_method.instructions, guide]);
    blocks.push({ kind: 'subheading', text: `第 ${i + 1} 题（${q.id}）` });
    const stem = [q.passage.text, q.inquiry].filter((t) => t.trim()).join('\n');
    blocks.push({ kind: 'para', text: stem.trim() });
    if (q.input_method.instructions) blocks.push({ kind: 'para', text: q.input_method.instructions.trim() });
    if (!guide) return;
    const sections: [string, string[]][] = [
      ['可选立场', guide.positions],
      ['提纲', guide.outline],
      ['论证', guide.arguments],
      ['例子', guide.examples],
      ['词汇', guide.vocabulary.map((v) => `${v.word}：${v.meaning}`)],
    ];
    for (const [title, items] of sections) {
      if (!items.length) continue;
      blocks.push({ kind: 'para', text: `【${title}】` }, { kind: 'bullets', items: items.map((t) => t.trim()) });
    }
  });
  return { version: hash(content), pdf: { title: info.title, blocks } };
}

/** The content of one material now (its version tells whether a stored file is still current). */
export async function materialContent(id: SharedMaterialId, src: MaterialSources): Promise<MaterialContent> {
  switch (id) {
    case 'words-all':
      return wordList(id, await src.words(), null);
    case 'words-band-1':
    case 'words-band-2':
    case 'words-band-3':
    case 'words-band-4':
      return wordList(id, await src.words(), Number(id.slice(-1)));
    case 'formulas':
      return formulas();
    case 'issue-guides':
      return issueGuides(await src.issues());
  }
}
