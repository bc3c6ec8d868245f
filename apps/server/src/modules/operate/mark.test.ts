// The user's mark (spec section 3 `mark`; ADR 0036): an operator sets a text and QR images (uploaded
// for a mark) for a user; the staff audit records it; the user sees it in their own /api/user/get,
// nobody else does; members and teachers are refused, garbage and foreign images too, changing nothing.
import * as mep from '@gre/contract/endpoints/permission';
import { uploadImage } from '@gre/contract/endpoints/upload';
import * as uep from '@gre/contract/endpoints/user';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import { registerUser, staffUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { multipartBody } from '../../test/multipart.ts';

describe.each(testDbKinds())('the user mark on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let candidate = '';
  let other = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = await registerUser(t);
    candidate = c.user.id;
    tokens.candidate = c.token;
    const o = await registerUser(t);
    other = o.user.id;
    tokens.other = o.token;
    tokens.op = (await staffUser(t, { isOperator: true })).token;
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.teacher = (await staffUser(t, { isTeacher: true })).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's envelope
  const call = async (e: Parameters<TestApp['call']>[0], body: unknown, who: string): Promise<any> =>
    (await t.call(e, body, { token: tokens[who] })).body;
  const qr = async (who: string, purpose = 'mark') => {
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody([
      { name: 'purpose', data: purpose },
      { name: 'file', filename: 'qr.png', type: 'image/png', data: image },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: uploadImage.path,
      headers: { 'content-type': contentType, authorization: `Bearer ${tokens[who]}` },
      payload: body,
    });
    return res.json().data as { id: string; url: string };
  };
  const markOf = async (who: string) => (await call(uep.getUser, {}, who)).data?.mark;
  const audits = async () =>
    t.database.db.select().from(staffAudit).where(eq(staffAudit.action, 'set_mark')).orderBy(staffAudit.id);

  it('an operator sets text and QR images; the user sees them, nobody else does', async () => {
    const [a, b] = [await qr('op'), await qr('op')];
    const res = await call(
      mep.setMark,
      { user_id: candidate, text: '学习群：GRE 冲刺 3 群\n老师微信：gre-teacher', qr_ids: [a.id, b.id] },
      'op',
    );
    expect(res.err_data).toBeNull();
    expect(res.data?.user.mark).toEqual({
      text: '学习群：GRE 冲刺 3 群\n老师微信：gre-teacher',
      qrs: [
        { id: a.id, url: `/media/images/${a.id}` },
        { id: b.id, url: `/media/images/${b.id}` },
      ],
    });
    expect(await markOf('candidate')).toEqual({
      user_index: Number(candidate),
      user_id: candidate,
      text: '学习群：GRE 冲刺 3 群\n老师微信：gre-teacher',
      qrs: [`/media/images/${a.id}`, `/media/images/${b.id}`],
    });
    // The image is served to whoever holds the address (public by link).
    expect((await t.app.inject({ method: 'GET', url: `/media/images/${a.id}` })).statusCode).toBe(200);
    // Another user sees only their own (empty) mark, and the operator console shows it.
    expect(await markOf('other')).toMatchObject({ user_id: other, text: '', qrs: [] });
    const got = await call(mep.getStaffUser, { user_id: candidate }, 'op');
    expect(got.data?.user.mark.qrs).toHaveLength(2);
    expect(got.data?.audit[0]).toMatchObject({
      action: 'set_mark',
      change: expect.stringMatching(/^标记：学习群.*二维码 2 张$/),
    });
    const [row] = await audits();
    expect(row).toMatchObject({
      targetUserId: Number(candidate),
      before: { mark_text: '', mark_qrs: [] },
      after: { mark_qrs: [a.id, b.id] },
    });
  });

  it('an admin may clear it', async () => {
    const res = await call(mep.setMark, { user_id: candidate, text: '', qr_ids: [] }, 'admin');
    expect(res.data?.user.mark).toEqual({ text: '', qrs: [] });
    expect(await markOf('candidate')).toMatchObject({ text: '', qrs: [] });
  });

  it('refuses members, teachers, garbage and images not uploaded for a mark, changing nothing', async () => {
    const before = { rows: (await audits()).length, mark: await markOf('candidate') };
    const mine = await qr('candidate', 'mark');
    const post = await qr('op', 'post');
    for (const who of ['candidate', 'other', 'teacher'])
      expect((await call(mep.setMark, { user_id: candidate, text: 'x', qr_ids: [] }, who)).err_data?.kind, who).toBe(
        'forbidden',
      );
    const refusals: [unknown, RegExp][] = [
      [{ user_id: candidate, text: 'x'.repeat(501) }, /标记文字最多 500 个字/],
      [{ user_id: candidate, text: 'a\u202eb' }, /不允许的字符/],
      [{ user_id: candidate, text: 'x', qr_ids: ['not-a-uuid'] }, /图片编号不正确/],
      [{ user_id: candidate, text: 'x', qr_ids: [mine.id, mine.id] }, /重复/],
      [{ user_id: candidate, text: 'x', qr_ids: Array.from({ length: 5 }, () => crypto.randomUUID()) }, /最多 4 张/],
      [{ user_id: candidate, text: 'x', qr_ids: [crypto.randomUUID()] }, /二维码图片不存在/],
      [{ user_id: candidate, text: 'x', qr_ids: [post.id] }, /二维码图片不存在/],
      [{ user_id: 'abc', text: 'x' }, /用户 ID 不正确/],
      [{ user_id: '999999999', text: 'x' }, /用户不存在/],
      [{ text: 'x' }, /请填写用户 ID/],
    ];
    for (const [body, message] of refusals) {
      const res = await call(mep.setMark, body, 'op');
      expect(res.err_data?.show, JSON.stringify(body).slice(0, 80)).toMatch(message);
    }
    expect((await audits()).length).toBe(before.rows);
    expect(await markOf('candidate')).toEqual(before.mark);
    const [u] = await t.database.db
      .select({ q: users.markQrs })
      .from(users)
      .where(eq(users.id, Number(candidate)));
    expect(u?.q).toEqual([]);
  });
});
