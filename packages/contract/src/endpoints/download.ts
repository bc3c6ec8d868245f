// Study materials (spec route /download, issue 19, ADR 0040): PDFs the server makes from our own
// content — the GRE word list with its GRE-sense glosses (whole and per frequency band), the Quant
// formula sheet, the Issue prompts with their writing guides — for users with `can_visit_material`
// (VIP and above, or the flag) and staff. `prepare` answers a download address signed for the
// caller and valid for a minute (GET, so the browser saves the file); the file is generated once
// per content version and kept. `my-wrongs` is the caller's own 错题本, made per user and per version of
// their wrong book, and withheld like the bank's materials during their running timed exam.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const materialIds = [
  'words-all',
  'words-band-1',
  'words-band-2',
  'words-band-3',
  'words-band-4',
  'formulas',
  'issue-guides',
  'my-wrongs',
] as const;
export type MaterialId = (typeof materialIds)[number];

/** How each material is named and described on the page (and in the PDF's title). */
export const materialInfo: Record<MaterialId, { title: string; description: string }> = {
  'words-all': {
    title: 'GRE 词表（全部）',
    description: '全部 GRE 词汇按字母排序，每词附词性、词频段与 GRE 考试义（考试中常考的意思排在最前）。',
  },
  'words-band-1': {
    title: 'GRE 词表 · 常见词',
    description: '词频段 1：语料中最常见的 GRE 词，按词频从高到低排列，适合先过一遍。',
  },
  'words-band-2': {
    title: 'GRE 词表 · 较常见',
    description: '词频段 2：较常见的 GRE 词，按词频从高到低排列。',
  },
  'words-band-3': {
    title: 'GRE 词表 · 较少见',
    description: '词频段 3：较少见的 GRE 词，按词频从高到低排列。',
  },
  'words-band-4': {
    title: 'GRE 词表 · 生僻词',
    description: '词频段 4：生僻词，日常阅读中很少遇到，是填空题的难点。',
  },
  formulas: {
    title: 'GRE 数学公式表',
    description: 'Quant 部分需要掌握的公式：算术、代数、几何、数据分析，中文说明，附常用数值。',
  },
  'issue-guides': {
    title: 'Issue 写作模板与题目指南',
    description: '立论写作的结构模板与常用句型，以及题库中每道 Issue 题的立场、提纲、论证、例子和词汇。',
  },
  'my-wrongs': {
    title: '我的错题本',
    description:
      '你自己的错题，按科目与题型分组：题目、选项、你的答案、正确答案、解析，以及你的笔记、掌握程度和错因。做题或写笔记后重新生成。',
  },
};

const materialSchema = z.object({
  id: z.enum(materialIds),
  title: z.string(),
  description: z.string(),
  /** The PDF for the current content is made and stored (size and pages known). */
  ready: z.boolean(),
  /** Of the stored file; null until it is first generated. */
  bytes: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  /** Times downloaded, across content versions: staff (admins, operators) only, null for others. */
  downloads: z.number().int().nullable(),
  /** my-wrongs: the caller's wrong questions now (0 = an empty book, nothing to download); null for the others. */
  wrongs: z.number().int().nullable(),
});
export type Material = z.infer<typeof materialSchema>;

export const listMaterials = endpoint({
  path: '/api/download/list',
  summary: '资料下载：资料列表（说明、大小、页数；员工可见下载次数）与调用者是否有下载权限',
  access: 'user',
  request: z.object({}),
  response: z.object({
    /** `can_visit_material` or staff: may download. */
    can_visit: z.boolean(),
    materials: z.array(materialSchema),
  }),
});

export const prepareDownload = endpoint({
  path: '/api/download/prepare',
  summary: '资料下载：生成（或取缓存）一份资料的 PDF，返回一分钟内有效、仅调用者可用的下载地址',
  access: 'user',
  errors: ['forbidden', 'not_found', 'busy'],
  backdrop: true,
  request: z.object({
    material_id: z.enum(materialIds, { error: '没有这份资料，请在资料下载页选择' }),
  }),
  response: z.object({
    /** Same-origin path of the file (GET); refused after `expires_at` or for anyone else. */
    url: z.string(),
    file_name: z.string(),
    expires_at: z.string(),
  }),
});
