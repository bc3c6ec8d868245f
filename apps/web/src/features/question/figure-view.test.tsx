// @vitest-environment jsdom
import { DisplayMode } from '@gre/contract/enums';
import { type Figure, geometryFigureSchema } from '@gre/contract/question';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FigureView } from './figure-view.tsx';
import { QuestionView } from './question-view.tsx';
import { makeQuestion } from './testing/make-question.ts';

afterEach(cleanup);
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

const triangle: Figure = geometryFigureSchema.parse({
  type: 'geometry',
  not_to_scale: true,
  points: [
    { id: 'A', x: 0, y: 0, label: 'A' },
    { id: 'B', x: 6, y: 0, label: 'B' },
    { id: 'C', x: 0, y: 4, label: 'C' },
  ],
  segments: [
    { from: 'A', to: 'B', label: '6' },
    { from: 'B', to: 'C' },
    { from: 'C', to: 'A' },
  ],
  angles: [
    { at: 'A', from: 'B', to: 'C', right: true },
    { at: 'B', from: 'C', to: 'A', label: 'x°' },
  ],
});

describe('FigureView (geometry)', () => {
  it('draws the labels as text and states the given facts for screen readers', () => {
    render(<FigureView figure={triangle} />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe('图形：点 A、B、C，AB = 6，角 A 为直角，角 CBA = x°。图形未按比例绘制');
    for (const label of ['A', 'B', 'C', '6', 'x°']) expect(within(img).getByText(label)).toBeTruthy();
    expect(screen.getByText('Note: Figure not drawn to scale.')).toBeTruthy();
  });

  it('shows no note when the figure is drawn to scale, and an author description when given', () => {
    const f = { ...triangle, not_to_scale: false, description: '直角三角形 ABC，AB = 6' } as Figure;
    render(<FigureView figure={f} />);
    expect(screen.getByRole('img', { name: '图形：直角三角形 ABC，AB = 6' })).toBeTruthy();
    expect(screen.queryByText('Note: Figure not drawn to scale.')).toBeNull();
  });

  it('draws a coordinate plane with its axes and tick numbers', () => {
    const plane = geometryFigureSchema.parse({
      type: 'geometry',
      axes: { x: [-2, 4], y: [-1, 3] },
      points: [{ id: 'P', x: 3, y: 2, label: 'P(3, 2)', dot: true }],
    });
    render(<FigureView figure={plane} />);
    const img = screen.getByRole('img', { name: '图形：坐标平面，点 P(3, 2)' });
    for (const label of ['x', 'y', 'O', '4', '−2', 'P(3, 2)']) expect(within(img).getByText(label)).toBeTruthy();
  });
});

describe('QuestionView with a question figure', () => {
  it('shows the figure above the stem', () => {
    const question = makeQuestion({
      kind: 'ps_single',
      category: 3,
      figure: triangle,
      inquiry: 'In the figure above, what is the value of x?',
    });
    render(
      <QuestionView
        question={question}
        group={null}
        answer={{ selects: [], multi_selects: [], text: '', description: '', text2: '' }}
        mode={DisplayMode.Exam}
      />,
    );
    const img = screen.getByRole('img');
    const stem = screen.getByText('In the figure above, what is the value of x?');
    expect(img.compareDocumentPosition(stem) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Note: Figure not drawn to scale.')).toBeTruthy();
  });
});
