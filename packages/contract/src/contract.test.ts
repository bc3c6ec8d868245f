import { describe, expect, it } from 'vitest';
import { allEndpoints } from './all-endpoints.ts';
import { declaredErrorKinds } from './endpoint.ts';
import * as user from './endpoints/user.ts';
import { ExamStatus, FlashLevel, flashPackSize, QuestionCategory, RoleKind, roleName, TradeStatus } from './enums.ts';
import { compareApiVersions, defaultApiVersion, errorKinds } from './envelope.ts';
import { buildOpenApi } from './openapi.ts';
import { accountSchema, emailSchema, passwordSchema, phoneSchema, signatureSchema } from './user.ts';

describe('enums carry the spec’s numeric values', () => {
  it('categories, roles and statuses', () => {
    expect(QuestionCategory).toEqual({ None: 0, Filling: 1, Reading: 2, Math: 3, Issue: 4, Word: 5 });
    expect(RoleKind).toEqual({ Stranger: 0, Trail: 1, FreeVIP: 2, VIP: 3, SVIP: 4 });
    expect(roleName[RoleKind.FreeVIP]).toBe('普通会员');
    expect(Object.keys(ExamStatus)).toEqual(['NotStart', 'Start', 'PartCompleted', 'Finished', 'Close']);
    expect(Object.keys(FlashLevel)).toEqual(['NotSeen', 'Learn', 'Quiz', 'Exam', 'Master']);
    expect(TradeStatus.WaitPay).toBe(1);
    expect(Object.keys(TradeStatus)).toHaveLength(11);
    expect(flashPackSize).toEqual({ 1: 50, 2: 100, 3: 200 });
  });

  it('every error kind of spec section 8 exists', () => {
    for (const k of [
      'server_upgrading',
      'api_version_low',
      'token_expired',
      'limit',
      'role_overflow',
      'day_overflow',
      'buy_role_exist',
      'sim_no_perm',
    ]) {
      expect(errorKinds).toContain(k);
    }
  });
});

describe('api versions', () => {
  it('compare numerically, and the default is v1.99.99', () => {
    expect(defaultApiVersion).toBe('v1.99.99');
    expect(compareApiVersions('v1.10.0', 'v1.9.9')).toBeGreaterThan(0);
    expect(compareApiVersions('v1.0.0', '1.0.0')).toBe(0);
    expect(compareApiVersions('garbage', 'v0.0.1')).toBeLessThan(0);
  });
});

describe('account rules', () => {
  it('accepts Chinese mobile numbers, with or without +86', () => {
    expect(phoneSchema.parse('13800138000')).toBe('13800138000');
    expect(phoneSchema.parse('+8613800138000')).toBe('13800138000');
    expect(phoneSchema.safeParse('12800138000').success).toBe(false);
    expect(phoneSchema.safeParse('1380013800').success).toBe(false);
  });

  it('accepts Unicode email addresses and lower-cases them', () => {
    expect(emailSchema.parse('考生@例子.中国')).toBe('考生@例子.中国');
    expect(emailSchema.parse(' Li.Ming@Example.COM ')).toBe('li.ming@example.com');
    expect(emailSchema.safeParse('not-an-email').error?.issues[0]?.message).toBe('邮箱格式不正确');
  });

  it('an account is either', () => {
    expect(accountSchema.safeParse('13800138000').success).toBe(true);
    expect(accountSchema.safeParse('a@b.cn').success).toBe(true);
    expect(accountSchema.safeParse('hello').error?.issues[0]?.message).toBe('请输入正确的手机号或邮箱');
  });

  it('passwords need 8+ characters with letters and digits', () => {
    expect(passwordSchema.safeParse('abc12345').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefgh').error?.issues[0]?.message).toBe('密码需同时包含字母和数字');
    expect(passwordSchema.safeParse('a1').error?.issues[0]?.message).toBe('密码至少 8 位');
  });

  it('free text refuses control characters', () => {
    expect(signatureSchema.safeParse('好好学习\u202e').success).toBe(false);
    expect(signatureSchema.parse('  好好学习  ')).toBe('好好学习');
  });

  it('login takes a password or a code, not both, not neither', () => {
    expect(user.login.request.safeParse({ account: 'a@b.cn', password: 'x' }).success).toBe(true);
    expect(user.login.request.safeParse({ account: 'a@b.cn', code: '123456' }).success).toBe(true);
    expect(user.login.request.safeParse({ account: 'a@b.cn' }).success).toBe(false);
    expect(user.login.request.safeParse({ account: 'a@b.cn', password: 'x', code: '123456' }).success).toBe(false);
  });
});

describe('endpoint descriptors', () => {
  it('are POST /api/<domain>/<action> paths with summaries in Chinese', () => {
    for (const ep of allEndpoints) {
      // The spec's mail calls name a box between domain and action: /api/mail/inbox/get.
      expect(ep.path).toMatch(/^\/api\/[a-z]+\/([a-z]+\/)?[a-z0-9_]+$/);
      expect(ep.summary).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('declared error kinds', () => {
  it('every endpoint declares its kinds and the OpenAPI document lists exactly those', () => {
    const doc = buildOpenApi('test') as unknown as {
      paths: Record<string, { post: { 'x-error-kinds': string[] } }>;
    };
    for (const ep of allEndpoints) {
      const kinds = declaredErrorKinds(ep);
      expect(kinds).toContain('invalid_param');
      for (const k of kinds) expect(errorKinds).toContain(k);
      expect(doc.paths[ep.path]?.post['x-error-kinds']).toEqual(kinds);
    }
  });

  it('follow the access: only guarded endpoints answer token kinds, only staff ones forbidden by role', () => {
    const byPath = new Map(allEndpoints.map((ep) => [ep.path, declaredErrorKinds(ep)]));
    expect(byPath.get('/api/system/status')).not.toContain('unauthorized');
    expect(byPath.get('/api/user/get')).toContain('token_expired');
    expect(byPath.get('/api/user/freeze')).toContain('forbidden');
    expect(byPath.get('/api/user/get')).not.toContain('forbidden');
    expect(byPath.get('/api/book/open')).toEqual(
      expect.arrayContaining(['sim_no_perm', 'day_overflow', 'book_not_open']),
    );
  });
});
