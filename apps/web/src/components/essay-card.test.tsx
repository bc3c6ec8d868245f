// @vitest-environment jsdom
// The essay card (issue 13): the line on how well the machine score agrees with human raters, and
// a teacher's grade shown above the machine's when there is one.
import { IssueResultStatus } from '@gre/contract/enums';
import type { Essay } from '@gre/contract/essay';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EssayCard } from './essay-card.tsx';

vi.mock('../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/api-client.ts')>();
  return { ...actual, api: vi.fn(() => new Promise(() => {})) };
});

afterEach(cleanup);

const essay: Essay = {
  id: 'e1',
  question_id: 'is-0001',
  source: 'idea',
  exam_id: null,
  section_index: null,
  text: 'Schools should grade on improvement.',
  word_count: 5,
  status: IssueResultStatus.Finished,
  score: 4,
  rank: null,
  comment: { overall: '4 分档', traits: [] },
  grader: 'builtin',
  grader_label: '内置评分',
  failure: '',
  attempts: 1,
  created_at: Date.UTC(2026, 10, 1),
  updated_at: Date.UTC(2026, 10, 1),
  finished_at: Date.UTC(2026, 10, 1),
  agreement:
    '机器评分与人工评分的一致程度：等级相关 0.73（1 为完全一致；在 68 篇未参与拟合的公开的人工评分议论文（美国八年级，非 GRE 作文）上测得）',
  teacher_score: null,
  teacher_comment: null,
  teacher_graded_at: 0,
};

const renderCard = (e: Essay) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EssayCard essayId={e.id} initial={e} />
    </QueryClientProvider>,
  );

describe('EssayCard', () => {
  it('says how well the machine score agrees with human raters', () => {
    renderCard(essay);
    expect(screen.getByText(essay.agreement)).toBeTruthy();
    expect(screen.queryByLabelText('老师批改')).toBeNull();
  });

  it("shows a teacher's grade and comments above the machine's", () => {
    renderCard({
      ...essay,
      teacher_score: 3.5,
      teacher_comment: { overall: '例子单薄。', traits: [{ key: 'reasoning', comment: '多举一个具体例子。' }] },
      teacher_graded_at: Date.UTC(2026, 10, 2),
    });
    const teacher = screen.getByLabelText('老师批改');
    expect(teacher.textContent).toContain('3.5');
    expect(teacher.textContent).toContain('例子单薄。');
    expect(teacher.textContent).toContain('论证与例证：多举一个具体例子。');
    expect(teacher.textContent).toContain('机器评分（4 / 6）');
    expect(screen.getByLabelText('得分 4 / 6')).toBeTruthy();
  });
});
