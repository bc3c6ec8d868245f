// The chat dialog's calls (ADR 0038); the live stream is chat.live.ts.
import * as ep from '@gre/contract/endpoints/chat';
import type { Register } from '../../platform/endpoints.ts';
import type { ChatService } from './chat.service.ts';

export function registerChatRoutes(register: Register, chat: ChatService) {
  register(ep.send, (b, ctx) => chat.send(b, ctx));
  register(ep.list, (_b, ctx) => chat.list(ctx));
  register(ep.queue, (b) => chat.queue(b));
  register(ep.messages, (b, ctx) => chat.messages(b, ctx));
  register(ep.markRead, (b, ctx) => chat.markRead(b, ctx));
  register(ep.close, (b, ctx) => chat.close(b, ctx));
}
