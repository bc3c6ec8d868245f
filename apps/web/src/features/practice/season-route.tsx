// /season: sets released week by week; NotOpen before their unlock date, Expired after their limit.
import { TemplateListPage, type TemplateListSpec, templateListLoader } from './template-list-page.tsx';

const spec: TemplateListSpec = {
  page: 'season',
  title: '每周一练',
  hint: '每周解锁一套新练习，解锁后 30 天内可以完成；过期后仍可查看已完成的报告。',
};

export const loader = templateListLoader(spec);

export function Component() {
  return <TemplateListPage spec={spec} />;
}
