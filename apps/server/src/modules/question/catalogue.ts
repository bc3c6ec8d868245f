// The in-memory catalogue: every live question and group, mapped to contract objects once, with
// indexes by id, category and tag and a search index. Reading a question costs no query. Reloaded
// after an import (in this process at once, in others through the invalidation bus).
import { QuestionCategory } from '@gre/contract/enums';
import type { Question, QuestionGroup, Tag } from '@gre/contract/question';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { questionEdits, questionGroups, questions, tags } from '../../db/schema/question.ts';
import type { Db } from '../../platform/db.ts';
import { type GroupRowLike, type QuestionRowLike, toGroup, toQuestion } from './question.mapper.ts';
import { applyEdits } from './question-edit.ts';
import { SearchIndex } from './search-index.ts';

export interface CatalogueEntry {
  question: Question;
  /** Plain text of the searchable fields, for highlighting hits. */
  text: string;
  tagNames: string[];
}

export interface Catalogue {
  entries: CatalogueEntry[];
  byId: Map<string, CatalogueEntry>;
  groups: Map<string, QuestionGroup>;
  /** Entry numbers per category, in catalogue order. */
  byCategory: Map<number, number[]>;
  tags: Tag[];
  sources: { name: string; category: QuestionCategory; count: number }[];
  tagNames: Map<string, string>;
  index: SearchIndex;
  loadedAt: Date;
}

/** Position of the analysis among categoryTextOf's fields: searched, never quoted. */
const analysisField = 5;

const categoryTextOf = (q: Question, group: QuestionGroup | undefined): [string, number][] => {
  const options = q.input_method.option_groups.flat().join(' ');
  const a = q.analysis;
  return [
    [`${q.inquiry} ${q.passage.core} ${q.passage.quantity_a} ${q.passage.quantity_b}`, 3],
    [options, 2],
    [`${group?.title ?? ''} ${q.description}`, 2],
    [group ? group.paragraphs.flat().join(' ') : '', 1],
    [group?.translation ?? '', 1],
    // Word questions' analyses list the distractors' meanings: noise for search.
    [
      a && q.category !== QuestionCategory.Word
        ? `${a.text} ${a.key_words.map((k) => `${k.word} ${k.meaning}`).join(' ')}`
        : '',
      1,
    ],
    [q.input_method.instructions, 1],
  ];
};

/** A question's entry and its searchable fields (the index's input). */
function entryOf(r: QuestionRowLike, group: QuestionGroup | undefined, tagNames: Map<string, string>) {
  const question = toQuestion(r, group?.title ?? null);
  const fields = categoryTextOf(question, group);
  const names = r.tagIds.map((t) => tagNames.get(t) ?? t);
  fields.push([names.join(' '), 3]);
  // Highlights quote everything but the analysis: a snippet never gives the answer away (ADR 0023).
  const quotable = fields.filter((_, k) => k !== analysisField);
  const entry: CatalogueEntry = { question, text: quotable.map(([t]) => t).join(' \n '), tagNames: names };
  return { entry, fields };
}

/** The bank's tags with their counts, each under the category most of its questions are in. */
function tagListOf(entries: CatalogueEntry[], tagNames: Map<string, string>): Tag[] {
  const tagCounts = new Map<string, Map<number, number>>();
  for (const { question } of entries) {
    for (const t of question.tag_ids) {
      const byCat = tagCounts.get(t) ?? new Map<number, number>();
      byCat.set(question.category, (byCat.get(question.category) ?? 0) + 1);
      tagCounts.set(t, byCat);
    }
  }
  const tagList: Tag[] = [...tagCounts.entries()].map(([id, byCat]) => {
    const [category] = [...byCat.entries()].sort((a, b) => b[1] - a[1])[0] as [number, number];
    return {
      id,
      name: tagNames.get(id) ?? id,
      category: category as QuestionCategory,
      count: [...byCat.values()].reduce((a, b) => a + b, 0),
    };
  });
  tagList.sort((a, b) => a.category - b.category || b.count - a.count || a.name.localeCompare(b.name, 'zh'));
  return tagList;
}

export async function loadCatalogue(db: Db, now: Date): Promise<Catalogue> {
  // In pages: on PGlite a query runs on this thread, and a server warming up must keep answering.
  const rows: (typeof questions.$inferSelect)[] = [];
  for (let last = ''; ; ) {
    const page = await db
      .select()
      .from(questions)
      .where(and(eq(questions.retired, false), gt(questions.id, last)))
      .orderBy(asc(questions.id))
      .limit(2000);
    rows.push(...page);
    if (page.length < 2000) break;
    last = (page[page.length - 1] as (typeof page)[number]).id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const [groupRows, tagRows, edits] = await Promise.all([
    db.select().from(questionGroups),
    db.select().from(tags),
    db.select({ questionId: questionEdits.questionId, fields: questionEdits.fields }).from(questionEdits),
  ]);
  // Admins' edits over the imported rows (ADR 0035): every load, so every import keeps them.
  applyEdits(rows, edits);
  return buildCatalogue(rows, groupRows, tagRows, now);
}

/**
 * One question as the catalogue shows it, read again from the database (its file row with its edit
 * over it), with the tags it names; null when it is retired or gone.
 */
export async function loadCatalogueRow(db: Db, id: string) {
  const [[row], edits] = await Promise.all([
    db.select().from(questions).where(eq(questions.id, id)),
    db
      .select({ questionId: questionEdits.questionId, fields: questionEdits.fields })
      .from(questionEdits)
      .where(eq(questionEdits.questionId, id)),
  ]);
  if (!row || row.retired) return null;
  const rows = [row];
  applyEdits(rows, edits);
  const edited = rows[0] as typeof row;
  const tagRows = edited.tagIds.length ? await db.select().from(tags).where(inArray(tags.id, edited.tagIds)) : [];
  return { row: edited, tagRows };
}

/**
 * The catalogue with one question's entry replaced (an admin's edit, ADR 0035), in milliseconds: its
 * entry, the by-id map, tag names and the tag list are new; the search index stays the loaded one
 * (it cannot drop a document), so search matches the edited text after the next full load. Null
 * when the question is not in this catalogue: only a full load can add it.
 */
export function withCatalogueRow(
  c: Catalogue,
  row: QuestionRowLike,
  tagRows: { id: string; name: string }[],
): Catalogue | null {
  const old = c.byId.get(row.id);
  const at = old ? c.entries.indexOf(old) : -1;
  if (!old || at < 0) return null;
  const tagNames = new Map(c.tagNames);
  for (const t of tagRows) tagNames.set(t.id, t.name);
  const group = old.question.group_id ? c.groups.get(old.question.group_id) : undefined;
  const { entry } = entryOf(row, group, tagNames);
  const entries = c.entries.slice();
  entries[at] = entry;
  const byId = new Map(c.byId);
  byId.set(row.id, entry);
  return { ...c, entries, byId, tagNames, tags: tagListOf(entries, tagNames) };
}

/**
 * Builds the catalogue from rows (the benchmark builds one from generated rows). It yields to the
 * event loop every few hundred questions, so a server building it right after start keeps answering.
 */
export async function buildCatalogue(
  rows: QuestionRowLike[],
  groupRows: GroupRowLike[],
  tagRows: { id: string; name: string }[],
  now: Date,
): Promise<Catalogue> {
  rows.sort((a, b) => a.category - b.category || a.id.localeCompare(b.id, 'en', { numeric: true }));
  const idsByGroup = new Map<string, string[]>();
  for (const r of rows) if (r.groupId) idsByGroup.set(r.groupId, [...(idsByGroup.get(r.groupId) ?? []), r.id]);
  const groups = new Map<string, QuestionGroup>();
  for (const g of groupRows) if (idsByGroup.has(g.id)) groups.set(g.id, toGroup(g, idsByGroup.get(g.id) ?? []));

  const tagNames = new Map(tagRows.map((t) => [t.id, t.name]));
  const index = new SearchIndex();
  const entries: CatalogueEntry[] = [];
  for (const r of rows) {
    if (entries.length % 400 === 399) await new Promise<void>((resolve) => setImmediate(resolve));
    const { entry, fields } = entryOf(r, r.groupId ? groups.get(r.groupId) : undefined, tagNames);
    index.add(entries.length, { fields });
    entries.push(entry);
  }
  const tagList = tagListOf(entries, tagNames);
  const sourceCounts = new Map<string, { name: string; category: QuestionCategory; count: number }>();
  for (const e of entries) {
    for (const name of e.question.source_names) {
      const s = sourceCounts.get(name) ?? { name, category: e.question.category, count: 0 };
      s.count++;
      sourceCounts.set(name, s);
    }
  }
  const sources = [...sourceCounts.values()].sort(
    (a, b) => a.category - b.category || a.name.localeCompare(b.name, 'zh', { numeric: true }),
  );
  const byCategory = new Map<number, number[]>();
  entries.forEach((e, i) => {
    const list = byCategory.get(e.question.category) ?? [];
    list.push(i);
    byCategory.set(e.question.category, list);
  });
  return {
    entries,
    byCategory,
    byId: new Map(entries.map((e) => [e.question.id, e])),
    groups,
    tags: tagList,
    sources,
    tagNames,
    index,
    loadedAt: now,
  };
}
