// content/knowledge-points.yaml is checked like the rest of content/: the file is valid, and a bad
// entry (an unknown area, a missing one, an empty or overlong name, a name in two areas, a
// repeated key) is refused with the file and the path named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { areaOfKnowledgePoint } from '../exam/exam.templates.ts';
import { ContentError, parseKnowledgePoints, readContentSets, readKnowledgePoints } from './content-files.ts';

const contentDir = path.join(repoRoot, 'content');
const good = () => ({
  math_areas: { arithmetic: ['百分比'], algebra: ['方程'], geometry: ['三角形'], data_analysis: ['概率'] },
});
const problemsOf = (raw: unknown): string => {
  try {
    parseKnowledgePoints(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as Error).message;
  }
  throw new Error('accepted a bad file');
};

describe('content/knowledge-points.yaml', () => {
  const kp = readKnowledgePoints(contentDir);

  it('is valid, with knowledge points in each of the four areas', () => {
    for (const names of Object.values(kp.math_areas)) expect(names.length).toBeGreaterThan(0);
  });

  it('names only knowledge points the bank uses: each is a tag of a math item (a misspelt name fails)', () => {
    const tags = new Set(
      readContentSets(contentDir)
        .filter((s) => s.category === 'math')
        .flatMap((s) => s.questions.flatMap((q) => q.tags)),
    );
    const names = Object.values(kp.math_areas).flat();
    expect(names.filter((n) => !tags.has(n))).toEqual([]);
  });

  it('is what the exam templates sort math items by', () => {
    for (const [area, names] of Object.entries(kp.math_areas))
      for (const n of names) expect(areaOfKnowledgePoint(n), n).toBe(area);
    expect(areaOfKnowledgePoint('不存在的知识点')).toBeUndefined();
  });

  it('accepts a good file', () => {
    expect(parseKnowledgePoints(good())).toEqual(good());
  });

  it.each([
    ['an unknown area', { ...good().math_areas, calculus: ['极限'] }, 'math_areas'],
    ['a missing area', { arithmetic: ['百分比'], algebra: ['方程'], geometry: ['三角形'] }, 'math_areas.data_analysis'],
    ['an empty area', { ...good().math_areas, geometry: [] }, 'math_areas.geometry'],
    ['an empty name', { ...good().math_areas, algebra: ['方程', ''] }, 'math_areas.algebra.1'],
    ['a name with spaces around it', { ...good().math_areas, algebra: [' 方程'] }, 'math_areas.algebra.0'],
    ['an overlong name', { ...good().math_areas, algebra: ['方'.repeat(21)] }, 'math_areas.algebra.0'],
    ['a name that is not text', { ...good().math_areas, algebra: [3] }, 'math_areas.algebra.0'],
    ['a name in two areas', { ...good().math_areas, algebra: ['方程', '百分比'] }, 'math_areas.algebra.1'],
  ])('refuses %s', (_label, areas, where) => {
    const message = problemsOf({ math_areas: areas });
    expect(message).toContain(`knowledge-points.yaml: ${where}`);
  });

  it('refuses a file with something besides math_areas, and a repeated key', () => {
    expect(problemsOf({ ...good(), extra: 1 })).toContain('knowledge-points.yaml');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kp-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'knowledge-points.yaml'),
        'math_areas:\n  arithmetic: [百分比]\n  arithmetic: [比例]\n  algebra: [方程]\n  geometry: [圆]\n  data_analysis: [概率]\n',
      );
      expect(() => readKnowledgePoints(dir)).toThrow(ContentError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
