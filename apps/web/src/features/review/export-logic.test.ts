import { describe, expect, it } from 'vitest';
import { makeQuestion } from '../question/testing/make-question.ts';
import { noteText, questionText, readExportIds, toCsv, toMarkdown, writeExportIds } from './export-logic.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('export ids', () => {
  it('keeps a short selection in the URL and a long one in sessionStorage', () => {
    const storage = memoryStorage();
    const short = writeExportIds(['a1', 'b2'], storage);
    expect(readExportIds(new URLSearchParams(short), storage)).toEqual(['a1', 'b2']);
    const many = Array.from({ length: 120 }, (_, i) => `q${i}`);
    const long = writeExportIds(many, storage);
    expect(long).toBe('from=session');
    expect(readExportIds(new URLSearchParams(long), storage)).toEqual(many);
  });
  it('drops malformed and repeated ids', () => {
    expect(readExportIds(new URLSearchParams('ids=a1,,a1,<x>,b-2'), memoryStorage())).toEqual(['a1', 'b-2']);
    const storage = memoryStorage();
    storage.setItem('review-export-ids', '{"not":"a list"}');
    expect(readExportIds(new URLSearchParams('from=session'), storage)).toEqual([]);
  });
});

describe('files', () => {
  const row = {
    id: 'q1',
    kind: '单空填空',
    question: 'He said "hi", then =1+1',
    myAnswer: 'B',
    key: 'C',
    analysis: '转折',
    note: '',
  };
  it('writes CSV with a BOM, quoted cells and no formulas', () => {
    const csv = toCsv([row, { ...row, question: '=SUM(A1)' }]);
    expect(csv.startsWith('\uFEFF"题号","题型"')).toBe(true);
    expect(csv).toContain('"He said ""hi"", then =1+1"');
    expect(csv).toContain(`"'=SUM(A1)"`);
  });
  it('writes Markdown with one section per question', () => {
    const md = toMarkdown([row], '错题本导出');
    expect(md).toContain('# 错题本导出');
    expect(md).toContain('## 1. 单空填空（q1）');
    expect(md).toContain('- **正确答案**：C');
    expect(md).not.toContain('我的笔记');
  });
});

describe('texts', () => {
  it('writes the question with lettered options', () => {
    const q = makeQuestion();
    const text = questionText(q, null);
    expect(text).toContain(q.inquiry);
    expect(text).toContain(`A. ${q.input_method.option_groups[0]?.[0]}`);
  });
  it('writes only what the note has', () => {
    expect(noteText(null, (id) => id)).toBe('');
    const craft = {
      note: {
        text_input: { note: '看转折词', review: '', difficulty: '', new_way: '', puzzle: '' },
        review: { mastery: 2, reasons: '', improvement: '先找线索', reviewed: false },
        reasons: [{ reason_id: 'r1', type: 'k', checked: true }],
        source: null,
      },
    } as never;
    expect(noteText(craft, () => '词汇不认识')).toBe(
      '笔记：看转折词\n掌握程度：2/5\n错因：词汇不认识\n改进方案：先找线索',
    );
  });
});
