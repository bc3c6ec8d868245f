import * as ep from '@gre/contract/endpoints/mail';
import type { Register } from '../../platform/endpoints.ts';
import type { MailService } from './mail.service.ts';

export function registerMailRoutes(register: Register, mail: MailService): void {
  register(ep.getInbox, (b, ctx) => mail.inbox(b, ctx));
  register(ep.markRead, (b, ctx) => mail.markRead(b, ctx));
  register(ep.getMails, (b, ctx) => mail.gets(b, ctx));
  register(ep.sendNotice, (b, ctx) => mail.sendNotice(b, ctx));
  register(ep.listNotices, (b) => mail.listNotices(b));
  register(ep.getNotice, (b, ctx) => mail.getNotice(b, ctx));
  register(ep.openNotice, (b) => mail.openNotice(b));
  register(ep.unsubscribe, (b) => mail.unsubscribe(b));
  register(ep.getEmailNotices, (_b, ctx) => mail.emailNotices(ctx));
  register(ep.setEmailNotices, (b, ctx) => mail.emailNotices(ctx, b.email_notices));
}
