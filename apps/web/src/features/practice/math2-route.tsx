// /math2: math practice by knowledge area (arithmetic, algebra, geometry, data analysis) and by kind.
import { type MathArea, mathAreaLabel } from '@gre/contract/exam';
import { type QuestionKind, questionKindLabel } from '@gre/contract/question';
import { TemplateListPage, type TemplateListSpec, templateListLoader } from './template-list-page.tsx';

const spec: TemplateListSpec = {
  page: 'math2',
  title: '数学专项',
  hint: '按知识领域和题型集中练习数学，不限时，做完即可查看报告。',
  // params look like math2:area:algebra and math2:kind:qc
  groupBy: {
    part: 2,
    label: (key) =>
      key in mathAreaLabel
        ? `知识领域 · ${mathAreaLabel[key as MathArea]}`
        : `题型 · ${questionKindLabel[key as QuestionKind] ?? key}`,
  },
};

export const loader = templateListLoader(spec);

export function Component() {
  return <TemplateListPage spec={spec} />;
}
