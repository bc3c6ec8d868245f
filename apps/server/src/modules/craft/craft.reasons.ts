// The reason library (spec: /api/craft/get_reason_lib): why a question went wrong, per question
// category, grouped into kinds. Written by us from what GRE teachers ask a student after a mistake;
// ids are stable (stored in crafts), names may be reworded.

import type { ReasonLibrary } from '@gre/contract/craft';
import { QuestionCategory } from '@gre/contract/enums';

type Kind = { kind: string; kind_desp: string; subs: [string, string][] };

const shared: Kind = {
  kind: 'state',
  kind_desp: '状态与习惯',
  subs: [
    ['st-time', '时间不够'],
    ['st-careless', '粗心看错'],
    ['st-guess', '没把握，蒙的'],
    ['st-changed', '改错了（第一反应是对的）'],
  ],
};

const library: { category: QuestionCategory; kinds: Kind[] }[] = [
  {
    category: QuestionCategory.Filling,
    kinds: [
      {
        kind: 'vocab',
        kind_desp: '词汇',
        subs: [
          ['fv-unknown', '单词不认识'],
          ['fv-rare-sense', '熟词僻义'],
          ['fv-shade', '近义词的细微差别没分清'],
          ['fv-polarity', '词的褒贬色彩判断错'],
        ],
      },
      {
        kind: 'logic',
        kind_desp: '逻辑与线索',
        subs: [
          ['fl-relation', '逻辑关系看错（转折、因果、并列）'],
          ['fl-concession', '让步或否定没看出'],
          ['fl-far-clue', '只看了最近的线索，忽略了远处的'],
          ['fl-chain', '空与空之间的牵连没理清'],
        ],
      },
      {
        kind: 'method',
        kind_desp: '方法',
        subs: [
          ['fm-no-predict', '没有先预判再看选项'],
          ['fm-no-reread', '选完没有代回全句通读'],
          ['fm-se-pair', '句子等价只找了同义词对，没看句意'],
        ],
      },
      shared,
    ],
  },
  {
    category: QuestionCategory.Reading,
    kinds: [
      {
        kind: 'locate',
        kind_desp: '定位与理解',
        subs: [
          ['rl-locate', '定位错了段落或句子'],
          ['rl-long-sentence', '长难句没读懂'],
          ['rl-structure', '文章结构没理清'],
          ['rl-stem', '题干问的是什么没看清'],
        ],
      },
      {
        kind: 'options',
        kind_desp: '选项陷阱',
        subs: [
          ['ro-over-infer', '推理过度'],
          ['ro-swap', '偷换概念'],
          ['ro-extreme', '没注意绝对化的说法'],
          ['ro-true-irrelevant', '选了正确但不回答问题的选项'],
          ['ro-select-all', '多选题漏选或多选'],
        ],
      },
      {
        kind: 'argument',
        kind_desp: '逻辑题',
        subs: [
          ['ra-conclusion', '结论没找准'],
          ['ra-gap', '前提与结论之间的缺口没找到'],
          ['ra-direction', '加强与削弱的方向弄反'],
        ],
      },
      shared,
    ],
  },
  {
    category: QuestionCategory.Math,
    kinds: [
      {
        kind: 'reading',
        kind_desp: '审题',
        subs: [
          ['mr-misread', '审题不清'],
          ['mr-term', '数学术语没看懂（英文表达）'],
          ['mr-condition', '漏用了条件'],
          ['mr-asked', '求的量弄错了'],
        ],
      },
      {
        kind: 'concept',
        kind_desp: '概念与方法',
        subs: [
          ['mc-concept', '概念或公式不清'],
          ['mc-cases', '漏掉了情况（0、负数、分数）'],
          ['mc-percent', '百分比的基数弄错'],
          ['mc-figure', '相信了不按比例的图'],
          ['mc-method', '方法太繁，没找到简便做法'],
        ],
      },
      {
        kind: 'compute',
        kind_desp: '计算',
        subs: [
          ['mx-arith', '计算失误'],
          ['mx-sign', '符号或单位出错'],
          ['mx-estimate', '估算不够精确'],
        ],
      },
      shared,
    ],
  },
  {
    category: QuestionCategory.Word,
    kinds: [
      {
        kind: 'word',
        kind_desp: '单词',
        subs: [
          ['wd-unknown', '单词不认识'],
          ['wd-confused', '和形近词混淆'],
          ['wd-sense', '只记得常见义，不知道 GRE 义'],
        ],
      },
      shared,
    ],
  },
];

export const reasonLibrary: ReasonLibrary = {
  question_categories: library.map((c) => ({
    category: c.category,
    kinds: c.kinds.map((k) => ({
      kind: k.kind,
      kind_desp: k.kind_desp,
      subs: k.subs.map(([id, name]) => ({ id, name })),
    })),
  })),
};

/** reason id → its kind (the `type` stored with a ticked reason) and names. */
export const reasonIndex = new Map<string, { type: string; kindDesp: string; name: string }>(
  library.flatMap((c) =>
    c.kinds.flatMap((k) => k.subs.map(([id, name]) => [id, { type: k.kind, kindDesp: k.kind_desp, name }] as const)),
  ),
);

/** The reason ids offered for a question category (the shared ones included). */
export function reasonIdsOf(category: number): Set<string> {
  const c = library.find((x) => x.category === category);
  return new Set(c ? c.kinds.flatMap((k) => k.subs.map(([id]) => id)) : shared.subs.map(([id]) => id));
}
