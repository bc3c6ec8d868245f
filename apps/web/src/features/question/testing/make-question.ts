// A Question for tests, with made-up text (not the bank's content); override what a test needs.
import type { Question } from '@gre/contract/question';

type InputOverrides = Partial<Question['input_method']>;

export function makeQuestion(
  overrides: Partial<Omit<Question, 'input_method'>> & { input_method?: InputOverrides } = {},
): Question {
  const { input_method, ...rest } = overrides;
  return {
    id: 'x-0001',
    category: 1,
    kind: 'tc1',
    difficulty: 2,
    group_id: null,
    figure: null,
    description: '测试题组',
    passage: { kind: 'none', core: '', text: '', translate: '', quantity_a: '', quantity_b: '', word_connect: '' },
    inquiry: 'The test was ____.',
    input_method: {
      kind: 'single',
      option_groups: [['alpha', 'beta', 'gamma', 'delta', 'epsilon']],
      fillable: false,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 1,
      option_size: 5,
      instructions: '',
      ...input_method,
    },
    standard_answer: null,
    analysis: null,
    tag_ids: [],
    visibility: 'public',
    brief: '',
    accessable: true,
    manual_mark: {
      xi: false,
      doggie: false,
      chick: false,
      card: false,
      pick: false,
      pick_in_use: false,
      best: false,
      support_card: false,
    },
    source_names: [],
    card_learn: false,
    support_translate: false,
    origin_id: '',
    topic_id: '',
    word_info: null,
    ...rest,
  };
}
