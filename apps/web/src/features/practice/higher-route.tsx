// /higher: the advanced bank, for users an admin unlocked; others see why on each card.
import { TemplateListPage, type TemplateListSpec, templateListLoader } from './template-list-page.tsx';

const spec: TemplateListSpec = {
  page: 'higher',
  title: '高阶题库',
  hint: '高难度的填空与数学题，由管理员为备考冲刺的同学开通；未开通时卡片上会说明原因。',
};

export const loader = templateListLoader(spec);

export function Component() {
  return <TemplateListPage spec={spec} />;
}
