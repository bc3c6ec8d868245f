// @vitest-environment jsdom
// The craft bar against a small fake of the craft API (the api client is mocked): 收藏 and its
// toast action, unfavouriting clears the tags, 加入复习, and the note dialog's request.
import type { Craft } from '@gre/contract/craft';
import type { Endpoint } from '@gre/contract/endpoint';
import { getCrafts, getReasonLib, updateCraft } from '@gre/contract/endpoints/craft';
import { QuestionCategory } from '@gre/contract/enums';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { CraftBar } from './craft-bar.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client.ts')>();
  return { ...actual, api: vi.fn() };
});
vi.mock('../../lib/toast.ts', () => ({ toast: vi.fn() }));

const apiMock = vi.mocked(api);
const toastMock = vi.mocked(toast);

function craftOf(patch: { collected?: boolean; tags?: string[]; reviewed?: boolean } = {}): Craft {
  return {
    id: 'q1',
    collect: { collected: patch.collected ?? false, collect_ids: patch.tags ?? [], word: null },
    wrong: false,
    wrong_count: 0,
    issue: { answer: null, result: { correct: null } },
    note: {
      text_input: { note: '', review: '', difficulty: '', new_way: '', puzzle: '' },
      review: { mastery: 0, reasons: '', improvement: '', reviewed: patch.reviewed ?? false },
      reasons: [],
      source: null,
    },
    in_higher: false,
    card: { finished: false, collected: false, range_kind: 'book', collect_time_stamp: 0 },
    source: null,
    memory: null,
  };
}

let current: Craft;
const sent: unknown[] = [];

beforeEach(() => {
  current = craftOf({ collected: false });
  sent.length = 0;
  queryClient.clear();
  apiMock.mockImplementation((async (endpoint: Endpoint, payload: unknown) => {
    if (endpoint === getCrafts) return { crafts: [current] };
    if (endpoint === getReasonLib)
      return {
        question_categories: [
          {
            category: QuestionCategory.Filling,
            kinds: [{ kind: 'vocab', kind_desp: '词汇', subs: [{ id: 'v1', name: '单词不认识' }] }],
          },
        ],
      };
    if (endpoint === updateCraft) {
      sent.push(payload);
      const p = payload as { update_kind: string; craft: unknown };
      if (p.update_kind === 'Collect') {
        const c = (p.craft as { collect: { collected: boolean; collect_ids: string[] } }).collect;
        current = craftOf({ collected: c.collected, tags: c.collect_ids });
      }
      if (p.update_kind === 'Schedule') current = craftOf({ reviewed: true });
      return { craft: current };
    }
    throw new Error(`unexpected ${endpoint.path}`);
  }) as never);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderBar() {
  return render(
    <QueryClientProvider client={queryClient}>
      <CraftBar questionId="q1" category={QuestionCategory.Filling} source={{ name: '搜索' }} />
    </QueryClientProvider>,
  );
}

describe('CraftBar', () => {
  it('collects with a toast that opens the tags, and unfavouriting clears the tags', async () => {
    renderBar();
    const bar = screen.getByRole('region', { name: '收藏与笔记' });
    fireEvent.click(await within(bar).findByRole('button', { name: '收藏', pressed: false }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith('success', '收藏成功', expect.objectContaining({ label: '设置标签' })),
    );
    expect(sent[0]).toMatchObject({
      update_kind: 'Collect',
      craft_id: 'q1',
      q_category: QuestionCategory.Filling,
      craft: { collect: { collected: true, collect_ids: [] } },
      source: { name: '搜索', exam_id: '', template_id: '' },
    });
    fireEvent.click(await within(bar).findByRole('button', { name: '已收藏', pressed: true }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ craft: { collect: { collected: false, collect_ids: [] } } });
  });

  it('puts the question on the review schedule', async () => {
    renderBar();
    fireEvent.click(await screen.findByRole('button', { name: '加入复习', pressed: false }));
    await screen.findByRole('button', { name: '已加入复习', pressed: true });
    expect(sent[0]).toMatchObject({ update_kind: 'Schedule', craft: { note: { review: { reviewed: true } } } });
  });

  it('saves the note with mastery and ticked reasons', async () => {
    renderBar();
    fireEvent.click(await screen.findByRole('button', { name: '笔记' }));
    const dialog = await screen.findByRole('dialog', { name: '笔记' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '笔记' }), { target: { value: '看转折' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^3 星/ }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '单词不认识' }, { timeout: 5000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith('success', '笔记保存成功'), { timeout: 5000 });
    expect(sent[0]).toMatchObject({
      update_kind: 'Note',
      craft: {
        note: {
          text_input: { note: '看转折' },
          review: { mastery: 3 },
          reasons: [{ reason_id: 'v1', checked: true }],
        },
      },
    });
  });
});
