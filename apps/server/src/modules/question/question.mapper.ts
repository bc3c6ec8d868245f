// Stored rows → contract Questions and QuestionGroups. Done once when the catalogue loads.
import { QuestionCategory, type Visibility } from '@gre/contract/enums';
import {
  type Answer,
  type Figure,
  type Question,
  type QuestionGroup,
  type QuestionKind,
  qcChoices,
} from '@gre/contract/question';
import type { StoredBody } from './content-import.ts';
import { splitParagraphs } from './sentences.ts';

export interface QuestionRowLike {
  id: string;
  category: number;
  kind: string;
  difficulty: number;
  groupId: string | null;
  visibility: string;
  tagIds: string[];
  sourceName: string;
  setId: string;
  body: unknown;
}

export interface GroupRowLike {
  id: string;
  kind: string;
  title: string;
  topic: string;
  text: string;
  translation: string;
  figure: unknown;
}

const inputKindOf: Record<QuestionKind, Question['input_method']['kind']> = {
  tc1: 'blanks',
  tc2: 'blanks',
  tc3: 'blanks',
  se: 'pair',
  rc_single: 'single',
  rc_multi: 'multi',
  rc_select: 'sentence',
  qc: 'single',
  ps_single: 'single',
  ps_multi: 'multi',
  numeric: 'numeric',
  numeric_fraction: 'fraction',
  issue: 'essay',
  word_meaning: 'single',
  word_from_meaning: 'single',
  word_synonym: 'single',
};

type Analysis = NonNullable<Question['analysis']>;

const emptyAnswer = (): Answer => ({ selects: [], multi_selects: [], text: '', description: '', text2: '' });

function standardAnswer(kind: QuestionKind, b: StoredBody & Record<string, unknown>): Answer | null {
  const a = emptyAnswer();
  const answer = (b.answer as number[] | undefined) ?? [];
  switch (kind) {
    case 'rc_select':
      a.selects = [b.sentence_index ?? -1];
      a.description = String(b.sentence ?? '');
      return a;
    case 'numeric':
      a.text = String(b.value ?? '');
      return a;
    case 'numeric_fraction': {
      const [n, d] = String(b.value ?? '').split('/');
      a.text = n ?? '';
      a.text2 = d ?? '';
      return a;
    }
    case 'issue':
      return null;
    default:
      a.selects = [...answer];
      return a;
  }
}

function plainBrief(text: string, max = 80): string {
  const flat = text
    .replace(/\$([^$]*)\$/g, '$1')
    .replace(/\\[a-z]+\{?|[{}]/gi, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const wordQuestionPrompt: Partial<Record<QuestionKind, string>> = {
  word_meaning: '选出下列单词的中文释义：',
  word_from_meaning: '选出与下列释义对应的单词：',
  word_synonym: '选出与下列单词意思最接近的一项：',
};

/** The complete question, answers included; the catalogue strips what a caller may not see. */
export function toQuestion(row: QuestionRowLike, groupTitle: string | null): Question {
  const kind = row.kind as QuestionKind;
  const b = row.body as StoredBody & Record<string, unknown>;
  const isWord = kind.startsWith('word_');
  const options = (b as { options?: string[] | string[][] }).options;
  const optionGroups: string[][] =
    kind === 'qc'
      ? [[...qcChoices]]
      : options
        ? Array.isArray(options[0])
          ? (options as string[][])
          : [options as string[]]
        : [];
  const stem = String(b.stem ?? '');
  const inquiry = isWord ? (wordQuestionPrompt[kind] ?? '') : stem;
  const brief = isWord
    ? `${String(b.core ?? '')}`
    : plainBrief(
        kind === 'qc'
          ? `${stem} A: ${String(b.quantity_a)} B: ${String(b.quantity_b)}`
          : groupTitle && !stem
            ? groupTitle
            : stem,
      );
  const keyWords = (b.key_words ?? []) as Analysis['key_words'];
  return {
    id: row.id,
    category: row.category as QuestionCategory,
    kind,
    difficulty: row.difficulty as 1 | 2 | 3,
    group_id: row.groupId,
    figure: (b.figure as Figure | undefined) ?? null,
    description: b.set_title,
    passage: {
      kind: row.groupId ? 'group' : kind === 'qc' ? 'qc' : isWord ? 'word' : 'none',
      core: isWord ? String(b.core ?? '') : kind === 'qc' ? stem : '',
      text: '',
      translate: '',
      quantity_a: kind === 'qc' ? String(b.quantity_a ?? '') : '',
      quantity_b: kind === 'qc' ? String(b.quantity_b ?? '') : '',
      word_connect: isWord ? String(b.pair_word ?? '') : '',
    },
    inquiry: kind === 'qc' ? '' : inquiry,
    input_method: {
      kind: inputKindOf[kind],
      option_groups: optionGroups,
      fillable: kind === 'numeric' || kind === 'numeric_fraction',
      fill_prefix: String(b.prefix ?? ''),
      fill_suffix: String(b.suffix ?? ''),
      group_size: kind === 'se' ? 2 : kind === 'rc_multi' || kind === 'ps_multi' ? 0 : 1,
      option_size: optionGroups.reduce((n, g) => n + g.length, 0),
      instructions: String(b.instructions ?? ''),
    },
    standard_answer: standardAnswer(kind, b),
    analysis: {
      text: String(b.analysis ?? ''),
      key_words: keyWords.map((k) => ({
        word: k.word,
        meaning: k.meaning,
        synonyms: k.synonyms ?? [],
        antonyms: k.antonyms ?? [],
      })),
      synonyms: keyWords.flatMap((k) => k.synonyms ?? []),
      antonyms: keyWords.flatMap((k) => k.antonyms ?? []),
      guide: (b.guide as Analysis['guide'] | undefined) ?? null,
    },
    tag_ids: row.tagIds,
    visibility: row.visibility as Visibility,
    brief,
    accessable: true,
    manual_mark: {
      xi: false,
      doggie: false,
      chick: false,
      card: isWord,
      pick: row.visibility === 'pick',
      pick_in_use: row.visibility === 'pick',
      best: row.visibility === 'best',
      support_card: isWord,
    },
    source_names: [row.sourceName],
    card_learn: isWord,
    support_translate: row.category === QuestionCategory.Reading,
    origin_id: '',
    topic_id: `topic-${row.id}`,
    word_info: isWord ? { kind, id: String(b.word ?? ''), pair_id: String(b.pair_word ?? '') } : null,
  };
}

export function toGroup(row: GroupRowLike, questionIds: string[]): QuestionGroup {
  return {
    id: row.id,
    kind: row.kind as QuestionGroup['kind'],
    title: row.title,
    topic: row.topic,
    paragraphs: row.kind === 'data' ? [] : splitParagraphs(row.text),
    translation: row.translation,
    figure: (row.figure as Figure | null) ?? null,
    question_ids: questionIds,
  };
}

/** What a caller who may open the question sees outside an exam: everything. */
export function withAccess(q: Question, accessable: boolean, showAnswers: boolean): Question {
  if (accessable && showAnswers) return q;
  if (accessable) return { ...q, standard_answer: null, analysis: null };
  // Not accessible: the summary only (the web shows a lock and the refusal dialog).
  return {
    ...q,
    accessable: false,
    inquiry: '',
    figure: null,
    passage: { ...q.passage, core: '', quantity_a: '', quantity_b: '', word_connect: '' },
    input_method: { ...q.input_method, option_groups: [], instructions: '' },
    standard_answer: null,
    analysis: null,
  };
}
