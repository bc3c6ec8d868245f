// Route module for /review_comments, the teachers' comment review (issue 18, ADR 0037; reached from
// 工作台 like /teach): held comments oldest first, each with its author (anonymous ones too: staff
// see who wrote them), the question, its pictures (every comment with pictures waits here), the words
// it matched and the report reasons; 通过 makes it
// visible, 不通过 keeps it from everyone but its author. Teachers and admins; the server refuses others.
import * as ep from '@gre/contract/endpoints/post';
import { type ReportReason, type ReviewItem, reportReasonLabel } from '@gre/contract/post';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { searchQuestionHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { StaffPage } from '../../components/staff-page.tsx';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.ts';
import { CommentImages } from './comment-images.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const reasonText = (r: string) => reportReasonLabel[r as ReportReason] ?? r;

function Item(props: { item: ReviewItem; onDone: () => void }) {
  const { item } = props;
  const [busy, setBusy] = useState(false);
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    try {
      await api(ep.reviewComment, { comment_id: item.id, decision });
      toast('success', decision === 'approve' ? '已通过，评论对所有人可见' : '已设为不通过');
      props.onDone();
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {item.nick_name}
        </Typography>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          用户 ID {item.user_id}
        </Typography>
        {item.anonymous ? <Chip size="small" label="匿名发布" /> : null}
        <Button component={Link} to={searchQuestionHref(item.topic_id)} size="small" sx={{ ml: 'auto' }}>
          题目 {item.topic_id}
        </Button>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1 }}>{item.content}</Typography>
      <CommentImages images={item.images} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
        {item.images.length ? <Chip size="small" variant="outlined" label={`含 ${item.images.length} 张图片`} /> : null}
        {item.matched.map((w) => (
          <Chip key={w} size="small" color="warning" variant="outlined" label={`敏感词：${w}`} />
        ))}
        {item.reasons.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: reasons repeat; their order is fixed
          <Chip key={`${r}-${i}`} size="small" variant="outlined" label={`举报：${reasonText(r)}`} />
        ))}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={busy} onClick={() => decide('approve')}>
          通过
        </Button>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => decide('reject')}>
          不通过
        </Button>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const me = useCurrentUser();
  const allowed = me.is_admin || me.authority.is_teacher;
  const q = useInfiniteQuery({
    queryKey: ['review_comments'],
    queryFn: ({ pageParam }) => api(ep.reviewQueue, { cursor: pageParam, page_size: 20 }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: allowed,
  });
  const items = q.data?.pages.flatMap((p) => p.comments) ?? [];
  return (
    <StaffPage title="评论审核" allowed={allowed} denied="只有老师可以审核评论。">
      <Typography sx={{ color: 'text.secondary' }}>
        含图片、含敏感词或被多人举报的评论在这里等待审核；审核前只有作者本人能看到（标有“审核中”）。
        {q.data ? ` 共 ${q.data.pages[0]?.total ?? 0} 条待审核。` : ''}
      </Typography>
      {q.isError ? <RetryAlert onRetry={() => q.refetch()}>待审核评论加载失败</RetryAlert> : null}
      {q.data && items.length === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>没有待审核的评论。</Typography>
      ) : null}
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label="待审核评论">
        {items.map((item) => (
          <Item key={item.id} item={item} onDone={() => q.refetch()} />
        ))}
      </Box>
      {q.hasNextPage ? (
        <Button onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
          加载更多
        </Button>
      ) : null}
    </StaffPage>
  );
}
