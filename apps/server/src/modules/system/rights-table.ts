// The rights of each role as served to the web (/api/system/get_rights) and drawn as the rights-table
// image (/rights-table.svg): both from the role_rights and role_quotas data the server enforces, both
// worded by the contract's rightsLines (ADR 0021).

import { roleName } from '@gre/contract/enums';
import { type RoleRights, rightsLines, tableRoles } from '@gre/contract/rights';
import type { FastifyInstance } from 'fastify';
import type { Quota } from '../exam/exam.quota.ts';
import type { Rights } from '../question/rights.ts';

export interface RightsSources {
  rights: () => Promise<Rights>;
  quotas: () => Promise<Map<number, Quota>>;
}

export async function roleRights(src: RightsSources): Promise<RoleRights[]> {
  const [rights, quotas] = await Promise.all([src.rights(), src.quotas()]);
  return tableRoles.map((kind) => {
    const q = quotas.get(kind);
    return {
      role_kind: kind,
      role_name: roleName[kind],
      visibilities: rights.visibilitiesOf(kind),
      quota: {
        questions_per_day: q?.questionsPerDay ?? 0,
        questions_total: q?.questionsTotal ?? 0,
        mocks_per_day: q?.mocksPerDay ?? 0,
        mocks_total: q?.mocksTotal ?? 0,
        full_mocks: q?.fullMocks ?? false,
        essays_per_day: q?.essaysPerDay ?? 0,
        essays_total: q?.essaysTotal ?? 0,
        collects_total: q?.collectsTotal ?? 0,
        notes_total: q?.notesTotal ?? 0,
        flash_new_per_day: q?.flashNewPerDay ?? 0,
        tailors_per_day: q?.tailorsPerDay ?? 0,
        tailors_total: q?.tailorsTotal ?? 0,
        lessons: q?.lessons ?? false,
        materials: q?.materials ?? false,
      },
    };
  });
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The rights table as an SVG image (CJK text in the reader's fonts), one column per role. */
export function rightsTableSvg(roles: RoleRights[]): string {
  const rows: [string, (l: ReturnType<typeof rightsLines>) => string][] = [
    ['有效期', (l) => l.validity],
    ['练习做题', (l) => l.questions],
    ['模考', (l) => l.mocks],
    ['作文批改', (l) => l.essays],
    ['收藏与笔记', (l) => l.review],
    ['闪卡', (l) => l.flash],
    ['自选组卷', (l) => l.tailor],
    ['课程视频', (l) => l.lessons],
    ['资料下载', (l) => l.materials],
    ['可见题目', (l) => l.visibility],
  ];
  const lines = roles.map(rightsLines);
  const headW = 120;
  const colW = 220;
  const rowH = 64;
  const width = headW + colW * lines.length;
  const height = rowH * (rows.length + 1) + 40;
  const cell = (x: number, y: number, text: string, bold = false) => {
    // Long texts wrap at the comma onto a second line.
    const parts = text.length > 12 && text.includes('，') ? text.split('，') : [text];
    const first = parts.length > 1 ? [parts[0], parts.slice(1).join('，')] : parts;
    return first
      .map(
        (p, i) =>
          `<text x="${x}" y="${y + (i - (first.length - 1) / 2) * 20}" font-weight="${bold ? 700 : 400}" text-anchor="middle" dominant-baseline="middle">${escapeXml(p ?? '')}</text>`,
      )
      .join('');
  };
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="会员权益表" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="15" fill="#1f2d2c">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<rect width="${width}" height="${rowH}" fill="#0f6e6a"/>`,
    `<g fill="#ffffff">${cell(headW / 2, rowH / 2, '权益', true)}${lines.map((l, i) => cell(headW + colW * i + colW / 2, rowH / 2, l.role, true)).join('')}</g>`,
  ];
  rows.forEach(([name, get], r) => {
    const y = rowH * (r + 1);
    if (r % 2 === 1) out.push(`<rect y="${y}" width="${width}" height="${rowH}" fill="#f4f7f6"/>`);
    out.push(cell(headW / 2, y + rowH / 2, name, true));
    lines.forEach((l, i) => {
      out.push(cell(headW + colW * i + colW / 2, y + rowH / 2, get(l)));
    });
  });
  out.push(
    `<text x="16" y="${height - 16}" font-size="13" fill="#55656a">会员开通后不支持退款、不可转让或兑换。数据与服务器执行的额度一致。</text>`,
    '</svg>',
  );
  return out.join('');
}

/** GET /rights-table.svg: the image the footer's 会员权益表 opens (short cache: admins may change rights). */
export function registerRightsTableImage(app: FastifyInstance, src: RightsSources) {
  app.get('/rights-table.svg', async (_req, reply) => {
    const svg = rightsTableSvg(await roleRights(src));
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-cache').send(svg);
  });
}
