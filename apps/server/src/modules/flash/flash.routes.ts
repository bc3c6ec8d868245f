import * as ep from '@gre/contract/endpoints/flash';
import type { Register } from '../../platform/endpoints.ts';
import type { FlashService } from './flash.service.ts';

export function registerFlashRoutes(register: Register, flash: FlashService): void {
  register(ep.checkCreateFlash, (b, ctx) => flash.checkCreate(b, ctx));
  register(ep.createFlash, (b, ctx) => flash.create(b, ctx));
  register(ep.openFlash, (b, ctx) => flash.open(b.flash_id, ctx));
  register(ep.giveUpFlash, (b, ctx) => flash.giveUp(b.flash_id, ctx));
  register(ep.updateChoice, (b, ctx) => flash.answer(b, ctx));
  register(ep.finishRound, (b, ctx) => flash.finishRound(b, ctx));
  register(ep.getFlashProgress, (_b, ctx) => flash.progress(ctx));
  register(ep.collectCard, (b, ctx) => flash.collect(b, ctx));
  register(ep.listCards, (b, ctx) => flash.listCards(b, ctx));
}
