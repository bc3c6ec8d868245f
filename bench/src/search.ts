// `npm run bench:search`: the search benchmark. Builds a catalogue of 100,000 questions (the real
// bank and word questions, then generated variants made by recombining real sentences), then runs a
// mix of English, one- and two-character Chinese, multi-word and filtered queries through the same
// search function the API uses. Prints the index build time and query latency percentiles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuestionCategory } from '@gre/contract/enums';
import { buildCatalogue } from '../../apps/server/src/modules/question/catalogue.ts';
import { readContentSets } from '../../apps/server/src/modules/question/content-files.ts';
import { catalogueRowsOf, wordQuestionRows } from '../../apps/server/src/modules/question/content-import.ts';
import type { QuestionRowLike } from '../../apps/server/src/modules/question/question.mapper.ts';
import { type SearchRequest, searchCatalogue } from '../../apps/server/src/modules/question/search.ts';
import { readGreWords, readSimilarGroups } from '../../apps/server/src/modules/question/vocabulary.ts';
import { generateWordQuestions, seededRandom } from '../../apps/server/src/modules/question/word-questions.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = Number(process.env.BENCH_SEARCH_SIZE ?? 100_000);
const now = new Date();

const sets = readContentSets(path.join(root, 'content'));
const content = catalogueRowsOf(sets, now);
const baseRows: QuestionRowLike[] = [
  ...content.questions,
  ...(wordQuestionRows(generateWordQuestions(readGreWords(), readSimilarGroups()), now) as QuestionRowLike[]),
];
const groupRows = content.groups;
const tagRows = content.tags;

// Variants: a real content item whose stem and analysis are recombined from sentences of other items.
const contentRows = baseRows.filter((r) => !r.id.startsWith('w-'));
const sentences = contentRows
  .flatMap((r) => String((r.body as { stem?: string }).stem ?? '').split(/(?<=[.?!])\s+/))
  .filter((x) => x.length > 20);
const notes = contentRows
  .flatMap((r) => String((r.body as { analysis?: string }).analysis ?? '').split(/(?<=[。！？])/))
  .filter((x) => x.length > 8);
const rand = seededRandom('bench');
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;
const rows: QuestionRowLike[] = [...baseRows];
for (let i = 0; rows.length < target; i++) {
  const base = pick(contentRows);
  const body = base.body as Record<string, unknown>;
  rows.push({
    ...base,
    id: `gen-${i}`,
    groupId: null,
    body: {
      ...body,
      stem: `${pick(sentences)} ${pick(sentences)}`,
      analysis: `${pick(notes)}${pick(notes)}${pick(notes)}`,
    },
  });
}

const buildStarted = performance.now();
const catalogue = await buildCatalogue(rows, groupRows, tagRows, now);
const buildMs = performance.now() - buildStarted;
const heapMb = process.memoryUsage().heapUsed / 1e6;

const base: SearchRequest = {
  text: '',
  category: 0,
  kinds: [],
  difficulties: [],
  tag_ids: [],
  source_names: [],
  only_accessible: false,
  page: 1,
  page_size: 20,
};
const queries: [string, Partial<SearchRequest>][] = [
  ['english word', { text: 'magnetic' }],
  ['english word (common)', { text: 'number' }],
  ['english phrase', { text: 'arithmetic mean' }],
  ['vocabulary word', { text: 'obdurate' }],
  ['chinese 1 char', { text: '圆' }],
  ['chinese 2 chars', { text: '转折' }],
  ['chinese 2 chars (common)', { text: '选项' }],
  ['chinese phrase', { text: '等腰三角形' }],
  ['text + filters', { text: 'probability', category: QuestionCategory.Math, difficulties: [2, 3] }],
  ['filters only', { category: QuestionCategory.Reading, kinds: ['rc_multi'] }],
  ['everything, page 50', { page: 50 }],
  ['no hit', { text: 'zzzzqqq' }],
];
const canOpen = (v: string) => v === 'public' || v === 'locked' || v === 'pick';
const all: number[] = [];
const perQuery: [string, number, number, number][] = [];
for (const [label, q] of queries) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    total = searchCatalogue(catalogue, { ...base, ...q }, canOpen).page_control.total;
    times.push(performance.now() - t);
  }
  const warm = times.slice(10).sort((a, b) => a - b);
  all.push(...warm);
  perQuery.push([
    label,
    total,
    warm[Math.floor(warm.length * 0.5)] as number,
    warm[Math.floor(warm.length * 0.95)] as number,
  ]);
}
all.sort((a, b) => a - b);
const p = (f: number) => (all[Math.min(all.length - 1, Math.floor(all.length * f))] as number).toFixed(2);

console.log(
  `search benchmark: catalogue of ${catalogue.entries.length} questions (${baseRows.length} real + generated variants)`,
);
console.log(
  `index build ${(buildMs / 1000).toFixed(2)} s, heap ${heapMb.toFixed(0)} MB, Node ${process.versions.node}`,
);
console.log(`${'query'.padEnd(26)} ${'hits'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const [label, hits, p50, p95] of perQuery) {
  console.log(
    `${label.padEnd(26)} ${String(hits).padStart(7)} ${p50.toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)}`,
  );
}
console.log(`all queries: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms (target p95 < 10 ms)`);
