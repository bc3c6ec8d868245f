import * as ep from '@gre/contract/endpoints/craft';
import type { Register } from '../../platform/endpoints.ts';
import type { CraftService } from './craft.service.ts';

export function registerCraftRoutes(register: Register, crafts: CraftService): void {
  register(ep.updateCraft, (b, ctx) => crafts.update(b, ctx));
  register(ep.getCrafts, (b, ctx) => crafts.gets(b.ids, ctx));
  register(ep.collectMany, (b, ctx) => crafts.collectMany(b, ctx));
  register(ep.recordAnswer, (b, ctx) => crafts.recordAnswer(b, ctx));
  register(ep.getReasonLib, async () => crafts.reasonLibrary());
  register(ep.getCraftSummary, (_b, ctx) => crafts.summary(ctx));
  register(ep.addCollectTag, (b, ctx) => crafts.addTag(b, ctx));
  register(ep.getCollectTags, (_b, ctx) => crafts.tags(ctx));
  register(ep.deleteCollectTag, (b, ctx) => crafts.deleteTag(b.id, ctx));
  register(ep.getReviewTree, (b, ctx) => crafts.tree(b, ctx));
  register(ep.listReview, (b, ctx) => crafts.list(b, ctx));
  register(ep.createRedo, (b, ctx) => crafts.createRedo(b, ctx));
  register(ep.getDue, (_b, ctx) => crafts.due(ctx));
  register(ep.getReviewTrends, (b, ctx) => crafts.trends(b, ctx));
  register(ep.updateReviewSettings, (b, ctx) => crafts.updateSettings(b, ctx));
}
