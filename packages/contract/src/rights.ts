// What each role may do: the data the server enforces (role_rights, role_quotas) as the server serves
// it (/api/system/get_rights), and the one formatter every rights text is written with — the web's
// dialogs and cards and the server's rights-table image alike. No copy of a number lives anywhere else.
import { z } from 'zod';
import { RoleKind, roleKindSchema, roleName, type Visibility, visibilitySchema } from './enums.ts';

/** -1 = unlimited. */
const count = z.number().int().min(-1);

export const roleQuotaSchema = z.object({
  questions_per_day: count,
  questions_total: count,
  mocks_per_day: count,
  mocks_total: count,
  /** May take full and single-measure mocks (otherwise only single-section mocks). */
  full_mocks: z.boolean(),
  essays_per_day: count,
  essays_total: count,
  /** Questions collected at a time (the 收藏 book); -1 = unlimited. */
  collects_total: count.default(-1),
  /** Questions with a note, reasons or an improvement plan at a time; -1 = unlimited. */
  notes_total: count.default(-1),
  /** New flash cards (words never studied before) per China day; beyond them 1 flash coin each; -1 = unlimited. */
  flash_new_per_day: count.default(-1),
  /** Custom exams (自选组卷, create_exam) per China day and in all; -1 = unlimited (ADR 0034). */
  tailors_per_day: count.default(-1),
  tailors_total: count.default(-1),
  /** May watch the member lessons (ADR 0039); free lessons are open to every logged-in user. */
  lessons: z.boolean().default(true),
  /** May download the study materials of /download, the own 错题本 PDF among them (ADR 0040). */
  materials: z.boolean().default(false),
});
export type RoleQuota = z.infer<typeof roleQuotaSchema>;

export const roleRightsSchema = z.object({
  role_kind: roleKindSchema,
  role_name: z.string(),
  visibilities: z.array(visibilitySchema),
  quota: roleQuotaSchema,
});
export type RoleRights = z.infer<typeof roleRightsSchema>;

/** The question tiers a member sees, in the words of the product. */
export const visibilityTierName: Partial<Record<Visibility, string>> = {
  public: '公开题',
  free: '公开题',
  locked: '会员题',
  lock: '会员题',
  prevent: '会员题',
  pick: '精选题',
  best: '精华题',
};

const unlimited = -1;

function limitText(perDay: number, total: number, unit: string): string {
  if (perDay === 0 || total === 0) return '不可用';
  const day = perDay === unlimited ? '' : `每天 ${perDay} ${unit}`;
  const all = total === unlimited ? '' : `共 ${total} ${unit}`;
  if (!day && !all) return '不限';
  return [day, all].filter(Boolean).join('，');
}

function reviewText(collects: number, notes: number): string {
  if (collects === unlimited && notes === unlimited) return '不限';
  const part = (n: number, what: string, unit: string) =>
    n === unlimited ? `${what}不限` : n === 0 ? `不可${what}` : `${what}最多 ${n} ${unit}`;
  return `${part(collects, '收藏', '题')}，${part(notes, '笔记', '题')}`;
}

export interface RightsLines {
  role: string;
  validity: string;
  questions: string;
  mocks: string;
  essays: string;
  /** 收藏与笔记: how many questions may be collected and noted. */
  review: string;
  /** 闪卡: new words per day free of coins. */
  flash: string;
  /** 自选组卷: custom exams per day or in all. */
  tailor: string;
  /** 课程视频: free lessons only, or all. */
  lessons: string;
  /** 资料下载: the study materials and the own 错题本 as PDFs, or not. */
  materials: string;
  visibility: string;
}

/** The rights of one role as the product words them (the table rows, the dialogs, the cards). */
export function rightsLines(r: RoleRights): RightsLines {
  const q = r.quota;
  const tiers = [...new Set(r.visibilities.map((v) => visibilityTierName[v]).filter((t): t is string => !!t))];
  let mocks = limitText(q.mocks_per_day, q.mocks_total, '次');
  if (mocks !== '不可用') mocks = `${q.full_mocks ? '全套、单科与分项模考' : '仅分项模考'}，${mocks}`;
  return {
    role: r.role_name,
    validity: r.role_kind === RoleKind.Trail || r.role_kind === RoleKind.FreeVIP ? '长期有效' : '按开通时长',
    questions: limitText(q.questions_per_day, q.questions_total, '题'),
    mocks,
    essays: limitText(q.essays_per_day, q.essays_total, '篇'),
    review: reviewText(q.collects_total, q.notes_total),
    flash:
      q.flash_new_per_day === unlimited
        ? '新词不限'
        : q.flash_new_per_day === 0
          ? '新词每张 1 闪卡币'
          : `每天 ${q.flash_new_per_day} 个新词，超出每张 1 闪卡币`,
    tailor: limitText(q.tailors_per_day, q.tailors_total, '次'),
    lessons: q.lessons ? '全部课程' : '仅免费课程',
    materials: q.materials ? '全部资料与我的错题本 PDF' : '不可下载',
    visibility: tiers.length ? tiers.join(' + ') : '无',
  };
}

/**
 * Why a member without the materials right is refused, naming the roles that have it in the data
 * (the server's refusal and the /download page's notice: one wording, from the same rows).
 */
export function materialsRefusal(roles: readonly Pick<RoleRights, 'role_name' | 'quota'>[]): string {
  const names = roles
    .filter((r) => r.quota.materials)
    .map((r) => r.role_name)
    .join('、');
  if (!names) return '资料下载暂未对会员开放，如有需要请联系客服';
  // A space between Chinese and Latin letters, as everywhere in the product's texts.
  const pad = (c: string | undefined) => (c && /[A-Za-z0-9]/.test(c) ? ' ' : '');
  return `资料下载是${pad(names[0])}${names}${pad(names.at(-1))}的权益：开通后即可下载全部资料与我的错题本 PDF`;
}

/** The roles a candidate can be, in table order (visitors have no account, so no row). */
export const tableRoles = [RoleKind.Trail, RoleKind.FreeVIP, RoleKind.VIP, RoleKind.SVIP] as const;

export { roleName };
