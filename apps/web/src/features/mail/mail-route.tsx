// Route module for /mail (ADR 0030): the five categories as tabs (`?tab=`, `?page=`), each with its
// unread count; a mail opens in a dialog (and is read), its link navigates; 全部标为已读 per category.
import { chinaDateTime } from '@gre/contract/china-time';
import {
  type Mail,
  type MailCategory,
  type MailRace,
  MailStatus,
  mailCategories,
  mailCategoryLabel,
  raceCategory,
} from '@gre/contract/mail';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { MailDialog } from './mail-dialog.tsx';
import { inboxQuery, useMarkRead } from './queries.ts';

const tabOf = (p: URLSearchParams): MailCategory => {
  const t = p.get('tab');
  return (mailCategories as readonly string[]).includes(t ?? '') ? (t as MailCategory) : 'inbox';
};
const pageOf = (p: URLSearchParams) => Math.max(1, Math.min(10_000, Number.parseInt(p.get('page') ?? '1', 10) || 1));

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  await queryClient.prefetchQuery(inboxQuery(tabOf(params), pageOf(params)));
  return null;
}

const emptyText: Record<MailCategory, string> = {
  inbox: '没有未读邮件。',
  read: '还没有已读的邮件。',
  remind: '还没有提醒：作文批改完成、订单和会员变动会在这里通知你。',
  notice: '还没有站内通知。',
  chat: '还没有聊天消息。',
};

function MailRow(props: { mail: Mail; onOpen: () => void }) {
  const { mail } = props;
  const unread = mail.status === MailStatus.Inbox;
  return (
    <Box component="li">
      <Paper
        variant="outlined"
        component="button"
        type="button"
        onClick={props.onOpen}
        sx={{
          width: '100%',
          textAlign: 'left',
          font: 'inherit',
          color: 'inherit',
          cursor: 'pointer',
          p: { xs: 1.5, sm: 2 },
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          bgcolor: unread ? 'background.paper' : 'grey.50',
          borderLeft: 4,
          borderLeftColor: unread ? 'primary.main' : 'divider',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Chip size="small" label={mailCategoryLabel[raceCategory[mail.race as MailRace] ?? 'notice']} />
            {unread ? <Chip size="small" color="primary" label="未读" /> : null}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto !important', whiteSpace: 'nowrap' }}>
              {chinaDateTime(new Date(mail.created_at))}
            </Typography>
          </Stack>
          <Typography sx={{ fontWeight: unread ? 700 : 500 }} noWrap>
            {mail.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {mail.content}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const page = pageOf(params);
  const q = useQuery(inboxQuery(tab, page));
  const mark = useMarkRead();
  const [open, setOpen] = useState<Mail | null>(null);
  const unread = q.data?.unread;
  const pages = q.data ? Math.max(1, Math.ceil(q.data.page_control.total / q.data.page_control.page_size)) : 1;
  const unreadHere = tab === 'read' || !unread ? 0 : unread[tab];

  const openMail = (m: Mail) => {
    setOpen(m);
    if (m.status === MailStatus.Inbox) mark.mutate({ mail_ids: [m.id] });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
          邮件
        </Typography>
        <Box sx={{ flex: 1 }} />
        {tab !== 'read' ? (
          <Button
            variant="outlined"
            startIcon={<DoneAllOutlined />}
            disabled={unreadHere === 0 || mark.isPending}
            onClick={() => mark.mutate({ category: tab as Exclude<MailCategory, 'read'> })}
          >
            全部标为已读
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, v: MailCategory) => setParams(v === 'inbox' ? {} : { tab: v })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="邮件分类"
        >
          {mailCategories.map((c) => {
            const n = c === 'read' || !unread ? 0 : unread[c];
            return (
              <Tab
                key={c}
                value={c}
                label={n > 0 ? `${mailCategoryLabel[c]} ${n > 99 ? '99+' : n}` : mailCategoryLabel[c]}
                aria-label={n > 0 ? `${mailCategoryLabel[c]} ${n > 99 ? '99+' : n} 封未读` : mailCategoryLabel[c]}
                sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } }}
              />
            );
          })}
        </Tabs>
      </Box>
      {tab === 'chat' ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={Link} to={paths.chat}>
              在线咨询
            </Button>
          }
        >
          老师对你咨询的回复也在这里；在「在线咨询」里可以继续对话。
        </Alert>
      ) : null}
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <RetryAlert onRetry={() => void q.refetch()}>邮件加载失败。</RetryAlert>
      ) : q.data.mails.length === 0 ? (
        <Alert severity="info">{emptyText[tab]}</Alert>
      ) : (
        <>
          <Stack
            spacing={1}
            component="ul"
            aria-label={`${mailCategoryLabel[tab]}邮件`}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {q.data.mails.map((m) => (
              <MailRow key={m.id} mail={m} onOpen={() => openMail(m)} />
            ))}
          </Stack>
          {pages > 1 ? (
            <Pagination
              page={page}
              count={pages}
              getItemAriaLabel={pageItemLabel}
              onChange={(_, p) =>
                setParams({ ...(tab === 'inbox' ? {} : { tab }), ...(p === 1 ? {} : { page: String(p) }) })
              }
              sx={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      )}
      <MailDialog mail={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
