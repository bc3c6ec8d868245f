// Example sentences from the bank (ADR 0026): every sentence of the reading passages and of the
// questions' own text in which a GRE word (or one of its forms) occurs. A sentence is quoted as the
// question shows it (blanks stay blanks), so it never gives an answer away; the caller gets only
// sentences of questions they may open, never of the mock-only pool (ADR 0021) or of their
// unfinished timed exams.
import { QuestionCategory } from '@gre/contract/enums';
import type { Catalogue } from '../question/catalogue.ts';
import { splitSentences } from '../question/sentences.ts';

export interface ExampleRef {
  text: string;
  /** The questions that show this sentence: all must be allowed for it to be quoted. */
  questionIds: string[];
  visibility: string;
  source: string;
}

/** Sentences kept per word before filtering for the caller. */
const keptPerWord = 30;
const maxLength = 360;

export type ExampleIndex = Map<string, ExampleRef[]>;

export function buildExampleIndex(c: Catalogue, formsOf: Map<string, string[]>): ExampleIndex {
  const index: ExampleIndex = new Map();
  const seen = new Set<string>();
  const add = (text: string, ref: Omit<ExampleRef, 'text'>) => {
    const sentence = text.replace(/\s+/g, ' ').trim();
    if (sentence.length < 20 || sentence.length > maxLength || seen.has(sentence)) return;
    seen.add(sentence);
    const found = new Set<string>();
    for (const token of sentence.toLowerCase().match(/[a-z]+/g) ?? [])
      for (const w of formsOf.get(token) ?? []) found.add(w);
    for (const w of found) {
      const list = index.get(w) ?? [];
      if (list.length < keptPerWord) list.push({ text: sentence, ...ref });
      index.set(w, list);
    }
  };
  for (const [, group] of c.groups) {
    const first = group.question_ids[0];
    const q = first ? c.byId.get(first)?.question : undefined;
    if (!q) continue;
    for (const s of group.paragraphs.flat())
      add(s, { questionIds: group.question_ids, visibility: q.visibility, source: group.title || q.description });
  }
  for (const { question: q } of c.entries) {
    // A word question's text is the word or its meaning; math has no sentences worth quoting.
    if (q.category === QuestionCategory.Word || q.category === QuestionCategory.Math) continue;
    for (const s of splitSentences(q.inquiry.replace(/\s*\n\s*/g, ' ')))
      add(s, { questionIds: [q.id], visibility: q.visibility, source: q.description });
  }
  return index;
}
