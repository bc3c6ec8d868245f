// Reads content/ (one YAML file per set, and knowledge-points.yaml) and validates every file with the
// contract's schemas.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type ContentSet, contentSetSchema, type KnowledgePoints, knowledgePointsSchema } from '@gre/contract/content';
import { parse } from 'yaml';

export const contentFolders = ['filling', 'reading', 'math', 'issue'] as const;

export interface LoadedSet extends ContentSet {
  file: string;
  hash: string;
}

export class ContentError extends Error {
  /** Each problem, named by its file (`folder/file.yaml: path: message`). */
  readonly problems: readonly string[];
  constructor(problems: string[]) {
    super(`content/ has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);
}

/** A hash of every content file's name and bytes: equal hashes mean nothing to import. */
export function contentFilesHash(dir: string): string {
  const h = createHash('sha256');
  for (const folder of contentFolders) {
    const full = path.join(dir, folder);
    if (!fs.existsSync(full)) continue;
    for (const name of fs
      .readdirSync(full)
      .filter((f) => f.endsWith('.yaml'))
      .sort()) {
      h.update(`${folder}/${name}\0`);
      h.update(fs.readFileSync(path.join(full, name)));
    }
  }
  return h.digest('hex');
}

/** Every set under `dir`, validated; throws ContentError listing every problem (file, path, message). */
export function readContentSets(dir: string): LoadedSet[] {
  const sets: LoadedSet[] = [];
  const problems: string[] = [];
  for (const folder of contentFolders) {
    const full = path.join(dir, folder);
    if (!fs.existsSync(full)) continue;
    for (const name of fs
      .readdirSync(full)
      .filter((f) => f.endsWith('.yaml'))
      .sort()) {
      const file = `${folder}/${name}`;
      let raw: unknown;
      try {
        raw = parse(fs.readFileSync(path.join(full, name), 'utf8'), { uniqueKeys: true });
      } catch (err) {
        problems.push(`${file}: YAML ${(err as Error).message.split('\n')[0]}`);
        continue;
      }
      const parsed = contentSetSchema.safeParse(raw);
      if (!parsed.success) {
        for (const i of parsed.error.issues.slice(0, 5)) problems.push(`${file}: ${i.path.join('.')}: ${i.message}`);
        continue;
      }
      sets.push({ ...parsed.data, file, hash: hashOf(parsed.data) });
    }
  }
  const seen = new Map<string, string>();
  for (const s of sets) {
    for (const key of [
      `set ${s.set}`,
      ...(s.group ? [`group ${s.group.id}`] : []),
      ...s.questions.map((q) => `question ${q.id}`),
    ]) {
      const prev = seen.get(key);
      if (prev) problems.push(`${key} appears in ${prev} and ${s.file}`);
      seen.set(key, s.file);
    }
  }
  if (problems.length) throw new ContentError(problems);
  return sets;
}

/** The file of knowledge points under content/ (content/README.md, "Knowledge points"). */
export const knowledgePointsFile = 'knowledge-points.yaml';

/** content/knowledge-points.yaml, validated; throws ContentError listing every problem. */
export function readKnowledgePoints(dir: string): KnowledgePoints {
  let raw: unknown;
  try {
    raw = parse(fs.readFileSync(path.join(dir, knowledgePointsFile), 'utf8'), { uniqueKeys: true });
  } catch (err) {
    throw new ContentError([`${knowledgePointsFile}: ${(err as Error).message.split('\n')[0]}`]);
  }
  return parseKnowledgePoints(raw);
}

/** Validates parsed knowledge points (the file's YAML); throws ContentError listing every problem. */
export function parseKnowledgePoints(raw: unknown): KnowledgePoints {
  const parsed = knowledgePointsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ContentError(parsed.error.issues.map((i) => `${knowledgePointsFile}: ${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}
