// The question-bank file format (content/README.md), as a schema: the importer and the content
// tests validate every file with it.
import { z } from 'zod';
import { figureSchema, groupKinds, issueGuideSchema } from './question.ts';

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'id 只能包含小写字母、数字和连字符' });
const index = z.number().int().min(0);

const keyWord = z.object({
  word: z.string().min(1),
  meaning: z.string().min(1),
  synonyms: z.array(z.string()).default([]),
  antonyms: z.array(z.string()).default([]),
});

const common = {
  id,
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  visibility: z.enum(['public', 'locked', 'pick', 'best', 'hidden']),
  tags: z.array(z.string().min(1).max(20)).min(1).max(4),
  stem: z.string().default(''),
  analysis: z.string().default(''),
  key_words: z.array(keyWord).max(8).default([]),
  /**
   * The mistake each wrong option catches, one line per distractor, keyed by the option's letter
   * (content/README.md, "Distractor rationales"). Required on choice items of edition-2 sets.
   */
  rationales: z.record(z.string().regex(/^[A-I]$/, { error: '干扰项字母应为 A–I' }), z.string().min(4)).optional(),
};

/** A machine check for a math item (content/README.md, "Machine checks"). */
export const mathCheckSchema = z.object({
  compute: z.string().optional(),
  option_values: z.array(z.string()).optional(),
  predicate: z.string().optional(),
  a: z.string().optional(),
  b: z.string().optional(),
  vars: z.record(z.string(), z.tuple([z.number(), z.number()])).optional(),
  integer: z.array(z.string()).optional(),
  where: z.string().optional(),
  cases: z.array(z.record(z.string(), z.number())).optional(),
});
export type MathCheck = z.infer<typeof mathCheckSchema>;

export const contentQuestionSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('tc1'), options: z.array(z.string()).length(5), answer: z.tuple([index]) }),
  z.object({
    ...common,
    kind: z.literal('tc2'),
    options: z.array(z.array(z.string()).length(3)).length(2),
    answer: z.tuple([index, index]),
  }),
  z.object({
    ...common,
    kind: z.literal('tc3'),
    options: z.array(z.array(z.string()).length(3)).length(3),
    answer: z.tuple([index, index, index]),
  }),
  z.object({
    ...common,
    kind: z.literal('se'),
    options: z.array(z.string()).length(6),
    answer: z.tuple([index, index]),
    /** How the wrong options tempt (content/README.md, "Sentence equivalence traps"); optional for older files. */
    trap: z.enum(['same_tone_pair', 'lone_fit', 'opposite_pair']).optional(),
  }),
  z.object({
    ...common,
    kind: z.literal('rc_single'),
    options: z.array(z.string()).length(5),
    answer: z.tuple([index]),
  }),
  z.object({
    ...common,
    kind: z.literal('rc_multi'),
    options: z.array(z.string()).length(3),
    answer: z.array(index).min(1).max(3),
  }),
  z.object({ ...common, kind: z.literal('rc_select'), sentence: z.string().min(1) }),
  z.object({
    ...common,
    kind: z.literal('qc'),
    figure: figureSchema.optional(),
    quantity_a: z.string().min(1),
    quantity_b: z.string().min(1),
    answer: z.tuple([z.number().int().min(0).max(3)]),
    check: mathCheckSchema,
  }),
  z.object({
    ...common,
    kind: z.literal('ps_single'),
    figure: figureSchema.optional(),
    options: z.array(z.string()).length(5),
    answer: z.tuple([index]),
    check: mathCheckSchema,
  }),
  z.object({
    ...common,
    kind: z.literal('ps_multi'),
    figure: figureSchema.optional(),
    options: z.array(z.string()).min(3).max(8),
    answer: z.array(index).min(1).max(8),
    check: mathCheckSchema,
  }),
  z.object({
    ...common,
    kind: z.literal('numeric'),
    figure: figureSchema.optional(),
    prefix: z.string().default(''),
    suffix: z.string().default(''),
    value: z.string().regex(/^-?\d+(\.\d+)?$/, { error: '数值答案格式不正确' }),
    check: mathCheckSchema,
  }),
  z.object({
    ...common,
    kind: z.literal('numeric_fraction'),
    figure: figureSchema.optional(),
    prefix: z.string().default(''),
    suffix: z.string().default(''),
    value: z.string().regex(/^-?\d+\/\d+$/, { error: '分数答案格式应为 p/q' }),
    check: mathCheckSchema,
  }),
  z.object({ ...common, kind: z.literal('issue'), instructions: z.string().min(1), guide: issueGuideSchema }),
]);
export type ContentQuestion = z.infer<typeof contentQuestionSchema>;

export const contentGroupSchema = z.object({
  id,
  kind: z.enum(groupKinds),
  title: z.string().min(1),
  topic: z.string().default(''),
  text: z.string().default(''),
  translation: z.string().default(''),
  figure: figureSchema.optional(),
});
export type ContentGroup = z.infer<typeof contentGroupSchema>;

export const contentSetSchema = z.object({
  set: id,
  title: z.string().min(1),
  category: z.enum(['filling', 'reading', 'math', 'issue']),
  source: z.string().min(1),
  /** 2: written under the question bank v2 rules (content/README.md, "Edition 2"). */
  edition: z.literal(2).optional(),
  group: contentGroupSchema.optional(),
  questions: z.array(contentQuestionSchema).min(1),
});
export type ContentSet = z.infer<typeof contentSetSchema>;

/** A knowledge point: the Chinese name of a tag (as in a question's `tags`). */
const knowledgePoint = z
  .string()
  .min(1)
  .max(20)
  .regex(/^\S(.*\S)?$/, { error: '知识点名称前后不能有空格' });
const areaPoints = z.array(knowledgePoint).min(1);

/**
 * content/knowledge-points.yaml: the math knowledge points of each GRE content area (content/README.md,
 * "Knowledge points"). A name belongs to one area only.
 */
export const knowledgePointsSchema = z
  .strictObject({
    math_areas: z.strictObject({
      arithmetic: areaPoints,
      algebra: areaPoints,
      geometry: areaPoints,
      data_analysis: areaPoints,
    }),
  })
  .superRefine((kp, ctx) => {
    const seen = new Map<string, string>();
    for (const [area, names] of Object.entries(kp.math_areas)) {
      names.forEach((name, i) => {
        const prev = seen.get(name);
        if (prev !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['math_areas', area, i],
            message: `知识点「${name}」已列在 ${prev}，一个知识点只能属于一个领域`,
          });
        }
        seen.set(name, area);
      });
    }
  });
export type KnowledgePoints = z.infer<typeof knowledgePointsSchema>;
