// The staff export (issue 17, ADR 0031 amendment): users who signed up, orders created and exams
// finished in a range of China days, as CSV streamed from the database in pages (keyset, 2,000 rows a
// query), so a year of a large site never sits in memory. `prepare` writes the staff audit and signs
// a download address for the caller, valid for a minute; the address is checked again (signature,
// expiry, and that its staff member is still staff and not frozen) when the file is fetched.

import { addDays, chinaDateTime, chinaMidnight } from '@gre/contract/china-time';
import { csvBom, csvLine } from '@gre/contract/csv';
import { type ExportKind, exportKinds } from '@gre/contract/endpoints/export';
import { type RoleKind, roleName } from '@gre/contract/enums';
import { examKindLabel, type examKinds, examResultSchema } from '@gre/contract/exam';
import { tradeStatusLabel } from '@gre/contract/pay';
import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import { exams } from '../../db/schema/exam.ts';
import { trades } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { createSigner } from '../../platform/signed.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';

/** How long a prepared download address works. */
export const exportLinkMs = 60_000;
const page = 2_000;

export interface ExportRequest {
  kind: ExportKind;
  from: string;
  to: string;
}

export type ExportCheck =
  | { ok: true; staffId: number; request: ExportRequest }
  | { ok: false; status: 403 | 410; message: string };

const time = (d: Date | null) => (d ? chinaDateTime(d) : '');
const yuan = (fen: number) => (fen / 100).toFixed(2);

export function createExport(deps: { db: Db; clock: Clock; secret: string }) {
  const { db, clock } = deps;
  const signer = createSigner(deps.secret, 'gre-prep staff export v1');
  const signed = (staffId: number, r: ExportRequest, exp: string) => `${staffId}|${r.kind}|${r.from}|${r.to}|${exp}`;

  async function* users_(r: ExportRequest): AsyncGenerator<string> {
    yield csvLine(['用户ID', '昵称', '邮箱', '手机', '角色', '会员到期', '闪卡币', '冻结', '员工', '注册时间']);
    const [start, end] = span(r);
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(users)
        .where(and(gte(users.createdAt, start), lt(users.createdAt, end), gt(users.id, after)))
        .orderBy(asc(users.id))
        .limit(page);
      for (const u of rows) {
        const staff = [u.isAdmin && '管理员', u.isOperator && '运营', u.isTeacher && '老师'].filter(Boolean).join('、');
        yield csvLine([
          u.id,
          u.name,
          u.email ?? '',
          u.phone ?? '',
          roleName[u.roleKind as RoleKind] ?? String(u.roleKind),
          time(u.roleExpireAt),
          u.flashCoins,
          u.isFreeze ? '是' : '否',
          staff,
          time(u.createdAt),
        ]);
      }
      if (rows.length < page) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  async function* orders(r: ExportRequest): AsyncGenerator<string> {
    yield csvLine([
      '订单号',
      '用户ID',
      '商品',
      '原价（元）',
      '实付（元）',
      '折扣码',
      '状态',
      '支付方式',
      '已退款（元）',
      '下单时间',
      '支付时间',
      '开通时间',
    ]);
    const [start, end] = span(r);
    let after = '';
    for (;;) {
      const rows = await db
        .select()
        .from(trades)
        .where(and(gte(trades.createdAt, start), lt(trades.createdAt, end), gt(trades.id, after)))
        .orderBy(asc(trades.id))
        .limit(page);
      for (const t of rows)
        yield csvLine([
          t.id,
          t.userId,
          t.title,
          yuan(t.listFen),
          yuan(t.priceFen),
          t.discountCode ?? '',
          tradeStatusLabel[t.status] ?? String(t.status),
          t.provider,
          yuan(t.refundFen),
          time(t.createdAt),
          time(t.paidAt),
          time(t.appliedAt),
        ]);
      if (rows.length < page) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  async function* examResults(r: ExportRequest): AsyncGenerator<string> {
    yield csvLine([
      '考试ID',
      '用户ID',
      '类型',
      '名称',
      '开始时间',
      '完成时间',
      '答对',
      '题数',
      'Verbal',
      'Quant',
      '作文',
    ]);
    const [start, end] = span(r);
    let after = '';
    for (;;) {
      const rows = await db
        .select({
          id: exams.id,
          userId: exams.userId,
          kind: exams.kind,
          name: exams.name,
          createdAt: exams.createdAt,
          finishedAt: exams.finishedAt,
          result: exams.result,
        })
        .from(exams)
        .where(and(gte(exams.finishedAt, start), lt(exams.finishedAt, end), gt(exams.id, after)))
        .orderBy(asc(exams.id))
        .limit(page);
      for (const e of rows) {
        const result = examResultSchema.safeParse(e.result);
        const res = result.success ? result.data : null;
        yield csvLine([
          e.id,
          e.userId,
          examKindLabel[e.kind as (typeof examKinds)[number]] ?? e.kind,
          e.name,
          time(e.createdAt),
          time(e.finishedAt),
          res?.correct ?? '',
          res?.total ?? '',
          res?.verbal_score?.score ?? '',
          res?.quant_score?.score ?? '',
          res?.issue_score ?? '',
        ]);
      }
      if (rows.length < page) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  const writers: Record<ExportKind, (r: ExportRequest) => AsyncGenerator<string>> = {
    users: users_,
    orders,
    exams: examResults,
  };

  return {
    /** Audits the export and answers its signed download address. */
    async prepare(r: ExportRequest, ctx: AuthedContext) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + exportLinkMs);
      const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
      const staffId = Number(ctx.caller.userId);
      await db.transaction((tx) =>
        writeStaffAudit(tx, {
          staffId,
          action: 'export',
          target: null,
          subject: `${r.kind} ${r.from}~${r.to}`,
          before: null,
          after: { kind: r.kind, from: r.from, to: r.to },
          at: now,
        }),
      );
      const token = `${staffId}.${r.kind}.${r.from}.${r.to}.${exp}.${signer.sign(signed(staffId, r, exp))}`;
      return {
        url: `/api/export/download/${token}`,
        file_name: fileName(r),
        expires_at: expiresAt.toISOString(),
      };
    },

    /** Whether a download token is genuine, unexpired and its staff member may still export. */
    async check(token: string): Promise<ExportCheck> {
      const m =
        /^(\d{1,15})\.([a-z]{1,10})\.(\d{4}-\d\d-\d\d)\.(\d{4}-\d\d-\d\d)\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(
          token,
        );
      const invalid = { ok: false as const, status: 403 as const, message: '下载地址无效，请在导出页重新导出' };
      if (!m) return invalid;
      const [, id = '', kind = '', from = '', to = '', exp = '', sig = ''] = m;
      if (!(exportKinds as readonly string[]).includes(kind)) return invalid;
      const request = { kind: kind as ExportKind, from, to };
      const staffId = Number(id);
      if (!signer.verify(signed(staffId, request, exp), sig)) return invalid;
      if (Number.parseInt(exp, 36) * 1000 <= clock.now().getTime())
        return { ok: false, status: 410, message: '下载地址已过期（一分钟内有效），请重新导出' };
      const [u] = await db
        .select({ isAdmin: users.isAdmin, isOperator: users.isOperator, isFreeze: users.isFreeze })
        .from(users)
        .where(eq(users.id, staffId));
      if (!u || u.isFreeze || !(u.isAdmin || u.isOperator)) return { ok: false, status: 403, message: '没有导出权限' };
      return { ok: true, staffId, request };
    },

    /** The file, line by line (BOM first). */
    async *lines(r: ExportRequest): AsyncGenerator<string> {
      yield csvBom;
      yield* writers[r.kind](r);
    },

    fileName,
  };
}

export type StaffExport = ReturnType<typeof createExport>;

function span(r: ExportRequest): [Date, Date] {
  return [chinaMidnight(r.from), chinaMidnight(addDays(r.to, 1))];
}

function fileName(r: ExportRequest): string {
  return `gre-${r.kind}-${r.from}_${r.to}.csv`;
}
