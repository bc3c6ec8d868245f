// npm run content:report [-- <content dir> [<content dir> …]] — the question bank's figures that
// issue 12 asks for, as Markdown tables, one column per content directory (so a checkout of an
// earlier commit gives "before" and content/ "after"): items per kind and difficulty, the answer cues
// a test-wise reader would use (reading key by length, select-all letters, sentence-equivalence trap
// designs, distractors with a rationale) and the verbal items read blind. Files are read as plain
// YAML (not through today's schema) so that older content reads too.
//   git worktree add /tmp/before dc39c37^ && npm run content:report -- /tmp/before/content content
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../config.ts';

interface Item {
  id: string;
  kind: string;
  difficulty: number;
  options?: unknown[];
  answer?: number[];
  trap?: string;
  rationales?: Record<string, string>;
  edition: number;
}

const verbalKinds = ['tc1', 'tc2', 'tc3', 'se', 'rc_single', 'rc_multi', 'rc_select'];
const quantKinds = ['qc', 'ps_single', 'ps_multi', 'numeric', 'numeric_fraction'];

function readItems(dir: string): Item[] {
  const items: Item[] = [];
  for (const folder of ['filling', 'reading', 'math', 'issue']) {
    const full = path.join(dir, folder);
    if (!fs.existsSync(full)) continue;
    for (const name of fs.readdirSync(full).filter((f) => f.endsWith('.yaml'))) {
      const set = parse(fs.readFileSync(path.join(full, name), 'utf8')) as {
        edition?: number;
        questions?: Omit<Item, 'edition'>[];
      };
      for (const q of set.questions ?? []) items.push({ ...q, edition: set.edition ?? 1 });
    }
  }
  return items;
}

const pct = (n: number, of: number) => (of ? `${n} / ${of} (${((100 * n) / of).toFixed(1)}%)` : '—');

/** The letters of the wrong options, as content/README.md names them for rationales. */
function wrongLetters(q: Item): string[] {
  const letter = (i: number) => String.fromCharCode(65 + i);
  const answer = q.answer ?? [];
  if (q.kind === 'qc') return [0, 1, 2, 3].filter((i) => i !== answer[0]).map(letter);
  if (q.kind === 'tc2' || q.kind === 'tc3')
    return (q.options as unknown[][]).flatMap((blank, b) =>
      blank.flatMap((_, i) => (answer[b] === i ? [] : [letter(3 * b + i)])),
    );
  if (['tc1', 'ps_single', 'ps_multi', 'rc_single', 'rc_multi'].includes(q.kind))
    return (q.options ?? []).flatMap((_, i) => (answer.includes(i) ? [] : [letter(i)]));
  return [];
}

function figures(dir: string): Map<string, string> {
  const items = readItems(dir);
  const rows = new Map<string, string>();
  const of = (...kinds: string[]) => items.filter((q) => kinds.includes(q.kind));
  rows.set('stored items', String(items.length));
  for (const kind of [...verbalKinds, ...quantKinds, 'issue']) {
    const k = of(kind);
    if (!k.length) continue;
    const by = [1, 2, 3].map((d) => k.filter((q) => q.difficulty === d).length);
    rows.set(`${kind}: items (difficulty 1 / 2 / 3)`, `${k.length} (${by.join(' / ')})`);
  }
  const quant = of(...quantKinds);
  rows.set('Quant at difficulty 3', pct(quant.filter((q) => q.difficulty === 3).length, quant.length));
  const verbal = of(...verbalKinds);
  rows.set('Verbal at difficulty 3', pct(verbal.filter((q) => q.difficulty === 3).length, verbal.length));
  const edition2Verbal = verbal.filter((q) => q.edition === 2);
  rows.set('edition-2 Verbal items at difficulty 3', String(edition2Verbal.filter((q) => q.difficulty === 3).length));

  const single = of('rc_single');
  const longest = single.filter((q) => {
    const lengths = (q.options as string[]).map((o) => o.length);
    return lengths[q.answer?.[0] ?? -1] === Math.max(...lengths);
  });
  rows.set('rc_single: key is the (joint) longest option', pct(longest.length, single.length));
  const multi = of('rc_multi');
  for (const [i, l] of ['A', 'B', 'C'].entries())
    rows.set(`rc_multi: option ${l} keyed`, pct(multi.filter((q) => q.answer?.includes(i)).length, multi.length));
  const se = of('se');
  for (const trap of ['opposite_pair', 'same_tone_pair', 'lone_fit'])
    rows.set(`se: trap ${trap}`, pct(se.filter((q) => q.trap === trap).length, se.length));
  rows.set('se: trap not recorded', pct(se.filter((q) => !q.trap).length, se.length));
  for (const [label, kinds] of [
    ['text completion', ['tc1', 'tc2', 'tc3']],
    ['Quant choice items', ['qc', 'ps_single', 'ps_multi']],
    ['reading choice items', ['rc_single', 'rc_multi']],
  ] as const) {
    const wrong = of(...kinds).flatMap((q) => wrongLetters(q).map((l) => Boolean(q.rationales?.[l])));
    rows.set(`${label}: distractors with a rationale`, pct(wrong.filter(Boolean).length, wrong.length));
  }

  const blindFile = (f: string) => path.join(dir, 'review', f);
  const blind = ['answers-filling.json', 'answers-reading.json']
    .filter((f) => fs.existsSync(blindFile(f)))
    .flatMap((f) => Object.keys(JSON.parse(fs.readFileSync(blindFile(f), 'utf8')) as object));
  const read = new Set(blind);
  rows.set('Verbal items answered by a blind reader', pct(verbal.filter((q) => read.has(q.id)).length, verbal.length));
  return rows;
}

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [path.join(repoRoot, 'content')];
const columns = dirs.map(figures);
const labels = [...new Set(columns.flatMap((c) => [...c.keys()]))];
console.log(`| figure | ${dirs.map((d) => path.relative(process.cwd(), d) || d).join(' | ')} |`);
console.log(`| --- | ${dirs.map(() => '---').join(' | ')} |`);
for (const label of labels) console.log(`| ${label} | ${columns.map((c) => c.get(label) ?? '—').join(' | ')} |`);
