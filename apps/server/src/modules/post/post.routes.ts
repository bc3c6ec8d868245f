import * as ep from '@gre/contract/endpoints/post';
import type { Register } from '../../platform/endpoints.ts';
import type { PostService } from './post.service.ts';

export function registerPostRoutes(register: Register, posts: PostService): void {
  register(ep.getPost, (b, ctx) => posts.get(b, ctx));
  register(ep.getReplies, (b, ctx) => posts.replies(b, ctx));
  register(ep.createComment, (b, ctx) => posts.create(b, ctx));
  register(ep.likeComment, (b, ctx) => posts.like(b, ctx));
  register(ep.subscribePost, (b, ctx) => posts.subscribe(b, ctx));
  register(ep.reportComment, (b, ctx) => posts.report(b, ctx));
  register(ep.deleteComment, (b, ctx) => posts.remove(b, ctx));
  register(ep.reviewQueue, (b, ctx) => posts.reviewQueue(b, ctx));
  register(ep.reviewComment, (b, ctx) => posts.review(b, ctx));
}
