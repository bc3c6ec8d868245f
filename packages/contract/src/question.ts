// The Question of spec section 3, its groups (a reading passage or a data figure shared by several
// questions), answers, tags and the search shapes. Kinds are those of decisions.md.
import { z } from 'zod';
import { difficultySchema, questionCategorySchema, visibilitySchema } from './enums.ts';

/** The `kind` inside each category. */
export const questionKinds = [
  // Filling (1)
  'tc1',
  'tc2',
  'tc3',
  'se',
  // Reading (2)
  'rc_single',
  'rc_multi',
  'rc_select',
  // Math (3)
  'qc',
  'ps_single',
  'ps_multi',
  'numeric',
  'numeric_fraction',
  // Issue (4)
  'issue',
  // Word (5)
  'word_meaning',
  'word_from_meaning',
  'word_synonym',
] as const;
export const questionKindSchema = z.enum(questionKinds);
export type QuestionKind = z.infer<typeof questionKindSchema>;

export const questionKindLabel: Record<QuestionKind, string> = {
  tc1: '单空填空',
  tc2: '双空填空',
  tc3: '三空填空',
  se: '句子等价',
  rc_single: '阅读单选',
  rc_multi: '阅读多选',
  rc_select: '阅读选句',
  qc: '数量比较',
  ps_single: '数学单选',
  ps_multi: '数学多选',
  numeric: '数值填空',
  numeric_fraction: '分数填空',
  issue: 'Issue 写作',
  word_meaning: '英选中',
  word_from_meaning: '中选英',
  word_synonym: '同义词',
};

/**
 * Each kind's time budget in seconds at the real test's pace (ADR 0013): Verbal runs at about 90 s a
 * question (18 min / 12, 23 min / 15; a reading question's budget includes its share of the passage),
 * Quant at about 105 s (21 min / 12, 26 min / 15). "慢" on a report and "slowest kinds" on the
 * analysis page both mean above this budget; the server and the web read this one table.
 */
export const kindPaceSeconds: Record<QuestionKind, number> = {
  tc1: 60,
  tc2: 75,
  tc3: 90,
  se: 60,
  rc_single: 90,
  rc_multi: 105,
  rc_select: 90,
  qc: 75,
  ps_single: 100,
  ps_multi: 120,
  numeric: 110,
  numeric_fraction: 110,
  issue: 1800,
  word_meaning: 10,
  word_from_meaning: 10,
  word_synonym: 10,
};

/** How the candidate answers. */
export const inputKinds = ['single', 'multi', 'blanks', 'pair', 'sentence', 'numeric', 'fraction', 'essay'] as const;
export const inputKindSchema = z.enum(inputKinds);
export type InputKind = z.infer<typeof inputKindSchema>;

/** The four fixed quantitative-comparison choices. */
export const qcChoices = [
  'Quantity A is greater.',
  'Quantity B is greater.',
  'The two quantities are equal.',
  'The relationship cannot be determined from the information given.',
] as const;

/**
 * An answer. `selects`: chosen option indices (single: one; multi and pair: ascending; blanks: one
 * index per blank, in blank order; sentence: the sentence index in the passage). `text`: numeric
 * entry, the numerator of a fraction, or the essay. `text2`: the denominator.
 */
export const answerSchema = z.object({
  selects: z.array(z.number().int().min(0).max(200)).max(20).default([]),
  multi_selects: z
    .array(z.array(z.number().int().min(0).max(200)).max(20))
    .max(5)
    .default([]),
  text: z.string().max(20_000).default(''),
  description: z.string().max(2_000).default(''),
  text2: z.string().max(50).default(''),
});
export type Answer = z.infer<typeof answerSchema>;

export const keyWordSchema = z.object({
  word: z.string(),
  meaning: z.string(),
  synonyms: z.array(z.string()),
  antonyms: z.array(z.string()),
});

export const issueGuideSchema = z.object({
  positions: z.array(z.string()),
  outline: z.array(z.string()),
  arguments: z.array(z.string()),
  examples: z.array(z.string()),
  vocabulary: z.array(z.object({ word: z.string(), meaning: z.string() })),
});
export type IssueGuide = z.infer<typeof issueGuideSchema>;

const pointId = z.string().min(1).max(12);
const figureLabel = z.string().max(24).default('');
/** Where a point's label sits around it (compass direction); by default away from the figure's middle. */
const labelPositions = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;

/**
 * A geometry figure drawn from data (content/README.md, "Geometry figures"): points in figure units
 * (y grows upwards, as on paper), and what joins them. Labels are short plain text ("x°", "6", "A").
 */
export const geometryFigureSchema = z
  .object({
    type: z.literal('geometry'),
    title: z.string().default(''),
    /** "Note: Figure not drawn to scale." is shown under it. */
    not_to_scale: z.boolean().default(false),
    /** The given facts in Chinese for screen readers; generated from the parts when empty. */
    description: z.string().default(''),
    /** A coordinate plane: x and y axes over these ranges, ticks every `step`. */
    axes: z
      .object({
        x: z.tuple([z.number(), z.number()]),
        y: z.tuple([z.number(), z.number()]),
        step: z.number().positive().default(1),
        grid: z.boolean().default(false),
        /** Numbers at the ticks. */
        numbers: z.boolean().default(true),
      })
      .nullable()
      .default(null),
    points: z
      .array(
        z.object({
          id: pointId,
          x: z.number(),
          y: z.number(),
          label: figureLabel,
          label_pos: z.enum(labelPositions).nullable().default(null),
          /** Draw a dot (off for a plain vertex of a polygon). */
          dot: z.boolean().default(false),
        }),
      )
      .min(1),
    segments: z
      .array(
        z.object({
          from: pointId,
          to: pointId,
          dashed: z.boolean().default(false),
          label: figureLabel,
          /** Equal-length tick marks (1–3). */
          ticks: z.number().int().min(0).max(3).default(0),
          /** A line: extended past both points to the edge of the figure. */
          extend: z.boolean().default(false),
        }),
      )
      .default([]),
    circles: z
      .array(
        z.object({
          center: pointId,
          radius: z.number().positive().nullable().default(null),
          /** A point on the circle (instead of a radius). */
          through: pointId.nullable().default(null),
          dashed: z.boolean().default(false),
        }),
      )
      .default([]),
    /** Shaded regions. */
    polygons: z.array(z.object({ points: z.array(pointId).min(3) })).default([]),
    /**
     * Arcs of a circle around `center`, counter-clockwise from `from` to `to` (radius: the distance to
     * `from`); `shaded` fills the sector.
     */
    arcs: z
      .array(z.object({ center: pointId, from: pointId, to: pointId, shaded: z.boolean().default(false) }))
      .default([]),
    /** An angle at `at` between the rays to `from` and `to` (the smaller one); `right` draws the square mark. */
    angles: z
      .array(
        z.object({ at: pointId, from: pointId, to: pointId, label: figureLabel, right: z.boolean().default(false) }),
      )
      .default([]),
    /** Free text, e.g. a region's name. */
    texts: z.array(z.object({ x: z.number(), y: z.number(), text: z.string().min(1).max(24) })).default([]),
  })
  .superRefine((f, ctx) => {
    const ids = new Set(f.points.map((p) => p.id));
    if (ids.size !== f.points.length) ctx.addIssue({ code: 'custom', path: ['points'], message: '图形中的点 id 重复' });
    const refs: [string, string | null][] = [
      ...f.segments.flatMap((s) => [
        ['segments', s.from],
        ['segments', s.to],
      ]),
      ...f.circles.flatMap((c) => [
        ['circles', c.center],
        ['circles', c.through],
      ]),
      ...f.polygons.flatMap((p) => p.points.map((id) => ['polygons', id])),
      ...f.arcs.flatMap((s) => [s.center, s.from, s.to].map((id) => ['arcs', id])),
      ...f.angles.flatMap((a) => [a.at, a.from, a.to].map((id) => ['angles', id])),
    ] as [string, string | null][];
    for (const [part, id] of refs) {
      if (id !== null && !ids.has(id)) ctx.addIssue({ code: 'custom', path: [part], message: `图形中没有点 ${id}` });
    }
    for (const [i, c] of f.circles.entries()) {
      if ((c.radius === null) === (c.through === null))
        ctx.addIssue({ code: 'custom', path: ['circles', i], message: '圆需要 radius 或 through 之一' });
    }
  });
export type GeometryFigure = z.infer<typeof geometryFigureSchema>;

export const figureSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('table'),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number()]))),
  }),
  z.object({
    type: z.enum(['bar', 'line']),
    title: z.string(),
    x_label: z.string().default(''),
    y_label: z.string().default(''),
    categories: z.array(z.union([z.string(), z.number()]).transform(String)),
    series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  }),
  z.object({
    type: z.literal('pie'),
    title: z.string(),
    slices: z.array(z.object({ label: z.string(), value: z.number() })),
  }),
  geometryFigureSchema,
]);
export type Figure = z.infer<typeof figureSchema>;

export const groupKinds = ['short', 'long', 'argument', 'data'] as const;

export const questionGroupSchema = z.object({
  id: z.string(),
  kind: z.enum(groupKinds),
  title: z.string(),
  topic: z.string(),
  /** Paragraphs of the passage, each split into sentences (select-in-passage answers index them). */
  paragraphs: z.array(z.array(z.string())),
  /** The Chinese translation; empty when the caller may not see it. */
  translation: z.string(),
  figure: figureSchema.nullable(),
  question_ids: z.array(z.string()),
});
export type QuestionGroup = z.infer<typeof questionGroupSchema>;

export const questionSchema = z.object({
  id: z.string(),
  category: questionCategorySchema,
  kind: questionKindSchema,
  difficulty: difficultySchema,
  group_id: z.string().nullable(),
  /** The question's own figure (a geometry item's drawing); part of the question, shown in exams too. */
  figure: figureSchema.nullable(),
  /** The set the question belongs to (its title). */
  description: z.string(),
  passage: z.object({
    kind: z.enum(['none', 'group', 'qc', 'word']),
    /** QC: the centred information; word questions: the word or the meaning asked about. */
    core: z.string(),
    text: z.string(),
    translate: z.string(),
    quantity_a: z.string(),
    quantity_b: z.string(),
    word_connect: z.string(),
  }),
  /** The question itself (with ____ blanks for text completion). */
  inquiry: z.string(),
  input_method: z.object({
    kind: inputKindSchema,
    /** One group of options per blank for text completion; one group otherwise. */
    option_groups: z.array(z.array(z.string())),
    fillable: z.boolean(),
    fill_prefix: z.string(),
    fill_suffix: z.string(),
    /** How many options must be chosen (2 for sentence equivalence, 0 when "all that apply"). */
    group_size: z.number().int(),
    option_size: z.number().int(),
    /** Issue: the task instructions. */
    instructions: z.string(),
  }),
  /** Null when the caller may not see answers (never sent during an exam). */
  standard_answer: answerSchema.nullable(),
  analysis: z
    .object({
      text: z.string(),
      key_words: z.array(keyWordSchema),
      synonyms: z.array(z.string()),
      antonyms: z.array(z.string()),
      guide: issueGuideSchema.nullable(),
    })
    .nullable(),
  tag_ids: z.array(z.string()),
  visibility: visibilitySchema,
  /** A one-line summary for lists. */
  brief: z.string(),
  /** Whether the caller's role may open it. */
  accessable: z.boolean(),
  manual_mark: z.object({
    xi: z.boolean(),
    doggie: z.boolean(),
    chick: z.boolean(),
    card: z.boolean(),
    pick: z.boolean(),
    pick_in_use: z.boolean(),
    best: z.boolean(),
    support_card: z.boolean(),
  }),
  source_names: z.array(z.string()),
  card_learn: z.boolean(),
  support_translate: z.boolean(),
  origin_id: z.string(),
  topic_id: z.string(),
  word_info: z.object({ kind: z.string(), id: z.string(), pair_id: z.string() }).nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: questionCategorySchema,
  count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

/** A line in a question list or a search result. */
export const questionInfoSchema = z.object({
  id: z.string(),
  category: questionCategorySchema,
  kind: questionKindSchema,
  difficulty: difficultySchema,
  visibility: visibilitySchema,
  accessable: z.boolean(),
  brief: z.string(),
  tag_names: z.array(z.string()),
  source_names: z.array(z.string()),
  /** The matched text around the first hit, with the hit between 【 and 】. */
  highlight: z.string(),
});
export type QuestionInfo = z.infer<typeof questionInfoSchema>;

export const wordSchema = z.object({
  word: z.string(),
  phonetic: z.string(),
  definition: z.string(),
  translation: z.string(),
  pos: z.string(),
  /** Inflected forms, e.g. [{kind: '过去式', form: 'abased'}]. */
  forms: z.array(z.object({ kind: z.string(), form: z.string() })),
  frequency: z.number().int(),
  roots: z.array(z.object({ root: z.string(), meaning: z.string(), kind: z.string() })),
  similar: z.array(z.object({ words: z.array(z.string()), note: z.string() })),
});
export type Word = z.infer<typeof wordSchema>;
