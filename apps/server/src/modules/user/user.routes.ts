// Thin handlers: contract endpoint → service call.
import * as code from '@gre/contract/endpoints/code';
import * as ep from '@gre/contract/endpoints/user';
import type { Register } from '../../platform/endpoints.ts';
import { confirmed, type OpCheck } from '../operate/op-check.ts';
import type { UserService } from './user.service.ts';

export function registerUserRoutes(register: Register, users: UserService, check: OpCheck): void {
  register(code.sendEmailCode, (b, ctx) => users.sendCode(b.email, b.purpose, ctx));
  register(code.sendSmsCode, (b, ctx) => users.sendCode(b.phone, b.purpose, ctx));
  register(ep.register, (b, ctx) => users.register(b, ctx));
  register(ep.login, (b, ctx) => users.login(b, ctx));
  register(ep.resumeLogin, (_b, ctx) => users.resumeLogin(ctx));
  register(ep.logout, (_b, ctx) => users.logout(ctx));
  register(ep.resetPassword, (b) => users.resetPassword(b));
  register(ep.getUser, (_b, ctx) => users.get(ctx));
  register(ep.getInfo, (b) => users.getInfo(b.user_id));
  register(ep.getInfos, (b) => users.getInfos(b.user_ids));
  register(ep.getProfile, (_b, ctx) => users.getProfile(ctx));
  register(ep.updateSignature, (b, ctx) => users.updateSignature(ctx, b.signature));
  register(ep.updateTodayAim, (b, ctx) => users.updateTodayAim(ctx, b));
  register(
    ep.freeze,
    confirmed(
      check,
      'freeze',
      (b) => Number(b.user_id),
      (b, ctx) => users.freeze(ctx, b),
    ),
  );
}
