// 讨论: a question's discussion (issue 18, ADR 0037), under every question outside a running exam.
// Comments newest or most liked first with 加载更多, each with its first replies and 展开更多回复;
// a comment box with 匿名发布; reply, like (aria-pressed), subscribe, 举报 with reasons, delete my
// own; my held comments carry 审核中. Text is rendered as text (React escapes it). Pictures come
// through the upload-image dialog (添加图片, with a description each); a comment with pictures is
// held for a teacher's review.
import * as ep from '@gre/contract/endpoints/post';
import {
  type Comment,
  type CommentImage,
  imageAltText,
  imageHeldNotice,
  postLimits,
  postSortLabel,
  postSorts,
  type Reply,
  type ReportReason,
  ReviewStatus,
  reportReasonLabel,
  reportReasons,
} from '@gre/contract/post';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import ThumbUpAltOutlined from '@mui/icons-material/ThumbUpAltOutlined';
import ThumbUpAltRounded from '@mui/icons-material/ThumbUpAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { UploadImageDialog } from '../../components/upload-image-dialog.tsx';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { CommentImages } from './comment-images.tsx';

type Sort = (typeof postSorts)[number];

const pageSize = 20;

function when(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function Discussion(props: { topicId: string }) {
  const [sort, setSort] = useState<Sort>('new');
  const client = useQueryClient();
  const key = ['post', props.topicId, sort];
  const q = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      api(ep.getPost, { topic_id: props.topicId, sort, cursor: pageParam, page_size: pageSize }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['post', props.topicId] });
  const first = q.data?.pages[0]?.post;
  const comments = q.data?.pages.flatMap((p) => p.post.root_comment.replies) ?? [];
  const [subscribing, setSubscribing] = useState(false);

  const subscribe = async () => {
    if (!first) return;
    setSubscribing(true);
    try {
      const r = await api(ep.subscribePost, { topic_id: props.topicId, subscribed: !first.subscribed });
      toast('success', r.subscribed ? '已订阅：新评论和回复会发到你的提醒邮件' : '已取消订阅');
      await refresh();
    } catch {
      // Told by the error catalogue.
    } finally {
      setSubscribing(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {first ? `${first.comment_count} 条讨论` : ' '}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={sort}
          onChange={(_, v: Sort | null) => v && setSort(v)}
          aria-label="排序"
          sx={{ ml: 'auto' }}
        >
          {postSorts.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 1.5, color: 'text.primary' }}>
              {postSortLabel[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          size="small"
          variant={first?.subscribed ? 'contained' : 'outlined'}
          startIcon={first?.subscribed ? <NotificationsActiveOutlined /> : <NotificationsNoneOutlined />}
          aria-pressed={first?.subscribed ?? false}
          disabled={!first || subscribing}
          onClick={subscribe}
        >
          {first?.subscribed ? '已订阅' : '订阅'}
        </Button>
      </Box>
      <CommentBox topicId={props.topicId} onPosted={refresh} />
      {q.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </Stack>
      ) : q.isError ? (
        <RetryAlert onRetry={() => q.refetch()}>讨论加载失败</RetryAlert>
      ) : comments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2, textAlign: 'center' }}>
          还没有人讨论这道题，来说第一句吧。
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="评论">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} topicId={props.topicId} onChanged={refresh} />
          ))}
        </Stack>
      )}
      {q.hasNextPage ? (
        <Button onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {q.isFetchingNextPage ? '加载中…' : '加载更多'}
        </Button>
      ) : null}
    </Stack>
  );
}

function CommentBox(props: { topicId: string; parent?: Reply; onPosted: () => void; onCancel?: () => void }) {
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const [images, setImages] = useState<CommentImage[]>([]);
  const [choosing, setChoosing] = useState(false);
  const reply = props.parent;
  const label = reply ? `回复 ${reply.nick_name}` : '发表评论';
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    setBusy(true);
    try {
      const r = await api(ep.createComment, {
        topic_id: props.topicId,
        content,
        anonymous,
        images: images.map((i) => ({ id: i.id, alt: i.alt.trim() })),
        ...(reply ? { parent_id: reply.id } : {}),
      });
      setText('');
      setImages([]);
      toast(
        'success',
        r.comment.review_status === ReviewStatus.Uploading
          ? '已提交，审核通过后其他人可见'
          : reply
            ? '回复成功'
            : '评论成功',
      );
      props.onPosted();
      props.onCancel?.();
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      aria-label={label}
    >
      <TextField
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={reply ? 1 : 2}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: postLimits.content } }}
        helperText={`${text.length}/${postLimits.content}`}
      />
      {images.length ? (
        <Stack component="ul" spacing={1} aria-label="要发布的图片" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}>
          {images.map((i, n) => (
            <Box component="li" key={i.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                component="img"
                src={i.url}
                alt={imageAltText(i.alt.trim(), n + 1)}
                sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
              <TextField
                label={`图片 ${n + 1} 说明（选填）`}
                value={i.alt}
                onChange={(e) =>
                  setImages((old) => old.map((x) => (x.id === i.id ? { ...x, alt: e.target.value } : x)))
                }
                size="small"
                sx={{ flex: 1, minWidth: 0 }}
                slotProps={{ htmlInput: { maxLength: postLimits.imageAlt } }}
              />
              <IconButton
                aria-label={`移除图片 ${n + 1}`}
                onClick={() => setImages((old) => old.filter((x) => x.id !== i.id))}
              >
                <CloseRounded />
              </IconButton>
            </Box>
          ))}
        </Stack>
      ) : null}
      {images.length ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {imageHeldNotice}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<AddPhotoAlternateOutlined />}
          onClick={() => setChoosing(true)}
          disabled={busy || images.length >= postLimits.images}
        >
          添加图片
        </Button>
        <FormControlLabel
          control={<Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} size="small" />}
          label="匿名发布"
        />
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          {props.onCancel ? (
            <Button size="small" onClick={props.onCancel}>
              取消
            </Button>
          ) : null}
          <Button type="submit" size="small" variant="contained" disabled={busy || !text.trim()}>
            {reply ? '回复' : '发表'}
          </Button>
        </Box>
      </Box>
      <UploadImageDialog
        open={choosing}
        purpose="post"
        title={`添加图片（最多 ${postLimits.images} 张）`}
        onClose={() => setChoosing(false)}
        onUploaded={(image) => setImages((old) => [...old, { id: image.id, url: image.url, alt: '' }])}
      />
    </Box>
  );
}

function StatusChip(props: { status: number }) {
  if (props.status === ReviewStatus.Reviewed) return null;
  return (
    <Chip
      size="small"
      color={props.status === ReviewStatus.Uploading ? 'warning' : 'default'}
      variant="outlined"
      label={props.status === ReviewStatus.Uploading ? '审核中' : '未通过审核'}
    />
  );
}

function CommentBody(props: { c: Reply; topicId: string; onChanged: () => void; onReply?: () => void }) {
  const { c } = props;
  const [liked, setLiked] = useState<{ liked: boolean; count: number } | null>(null);
  const [reporting, setReporting] = useState(false);
  const isLiked = liked?.liked ?? c.liked;
  const count = liked?.count ?? c.like_count;
  const visible = c.review_status === ReviewStatus.Reviewed;
  const like = async () => {
    try {
      const r = await api(ep.likeComment, { comment_id: c.id, liked: !isLiked });
      setLiked({ liked: r.liked, count: r.like_count });
    } catch {
      // Told by the error catalogue.
    }
  };
  const remove = async () => {
    if (!window.confirm('删除这条评论？它下面的回复也会一起隐藏。')) return;
    try {
      await api(ep.deleteComment, { comment_id: c.id });
      toast('success', '已删除');
      props.onChanged();
    } catch {
      // Told by the error catalogue.
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" variant="subtitle2">
          {c.nick_name}
        </Typography>
        {c.reply_to ? (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            回复 {c.reply_to}
          </Typography>
        ) : null}
        <StatusChip status={c.review_status} />
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 'auto' }}>
          {when(c.created_at)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}>
        {c.content}
      </Typography>
      <CommentImages images={c.images} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', ml: -1 }}>
        <Button
          size="small"
          color={isLiked ? 'primary' : 'inherit'}
          startIcon={isLiked ? <ThumbUpAltRounded /> : <ThumbUpAltOutlined />}
          aria-pressed={isLiked}
          aria-label={`点赞，${count} 人赞过`}
          onClick={like}
          disabled={!visible}
        >
          {count}
        </Button>
        {props.onReply && visible ? (
          <Button size="small" color="inherit" startIcon={<ReplyRounded />} onClick={props.onReply}>
            回复
          </Button>
        ) : null}
        {c.mine ? (
          <Button size="small" color="inherit" startIcon={<DeleteOutlineRounded />} onClick={remove}>
            删除
          </Button>
        ) : visible ? (
          <Button size="small" color="inherit" startIcon={<FlagOutlined />} onClick={() => setReporting(true)}>
            举报
          </Button>
        ) : null}
      </Box>
      {reporting ? <ReportDialog commentId={c.id} onClose={() => setReporting(false)} /> : null}
    </Box>
  );
}

function CommentItem(props: { comment: Comment; topicId: string; onChanged: () => void }) {
  const { comment } = props;
  const [replyTo, setReplyTo] = useState<Reply | null>(null);
  const [more, setMore] = useState<{ replies: Reply[]; cursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = more ? more.replies : comment.replies;
  const hidden = comment.reply_count - shown.filter((r) => r.review_status === ReviewStatus.Reviewed).length;
  const loadMore = async () => {
    setLoading(true);
    try {
      const r = await api(ep.getReplies, {
        comment_id: comment.id,
        cursor: more?.cursor ?? '',
        page_size: postLimits.pageSize,
      });
      setMore({ replies: [...(more?.replies ?? []), ...r.replies], cursor: r.next_cursor });
    } catch {
      // Told by the error catalogue.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box
      component="li"
      sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      <CommentBody
        c={comment}
        topicId={props.topicId}
        onChanged={props.onChanged}
        onReply={() => setReplyTo(comment)}
      />
      {shown.length ? (
        <Stack
          component="ul"
          spacing={1}
          aria-label="回复"
          sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, pl: 1.5, borderLeft: 2, borderColor: 'divider' }}
        >
          {shown.map((r) => (
            <Box component="li" key={r.id}>
              <CommentBody c={r} topicId={props.topicId} onChanged={props.onChanged} onReply={() => setReplyTo(r)} />
            </Box>
          ))}
        </Stack>
      ) : null}
      {(more ? more.cursor !== null : hidden > 0) ? (
        <Button size="small" onClick={loadMore} disabled={loading} sx={{ mt: 0.5 }}>
          {more ? '加载更多回复' : `展开其余 ${hidden} 条回复`}
        </Button>
      ) : null}
      {replyTo ? (
        <Box sx={{ mt: 1 }}>
          <CommentBox
            topicId={props.topicId}
            parent={replyTo}
            onPosted={() => {
              setMore(null);
              props.onChanged();
            }}
            onCancel={() => setReplyTo(null)}
          />
        </Box>
      ) : null}
    </Box>
  );
}

function ReportDialog(props: { commentId: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const send = async () => {
    if (!reason) return;
    setBusy(true);
    try {
      await api(ep.reportComment, { comment_id: props.commentId, reason, detail: detail.trim() });
      toast('success', '举报已提交，感谢你的反馈');
      props.onClose();
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>举报评论</DialogTitle>
      <DialogContent>
        <RadioGroup aria-label="举报原因" value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
          {reportReasons.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={reportReasonLabel[r]} />
          ))}
        </RadioGroup>
        <TextField
          label="补充说明（选填）"
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          fullWidth
          size="small"
          multiline
          minRows={2}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: postLimits.reportDetail } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>取消</Button>
        <Button variant="contained" onClick={send} disabled={!reason || busy}>
          提交举报
        </Button>
      </DialogActions>
    </Dialog>
  );
}
