// /teach/chat, 咨询队列 (issue 18; ADR 0038): the teachers' shared queue of conversations waiting for
// an answer, longest waiting first (待回复), or the latest answered ones (已回复); one conversation
// live beside it (stacked on a phone). No claiming: whoever answers first takes it out of the queue.
// Teachers and admins; the server refuses everyone else either way.

import type { ChatConversation } from '@gre/contract/chat';
import { chinaDateTime } from '@gre/contract/china-time';
import * as cep from '@gre/contract/endpoints/chat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { StaffPage } from '../../components/staff-page.tsx';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ChatPanel, StreamState, topicLabel } from './chat-panel.tsx';
import { type ChatHub, useChatHub } from './use-chat-stream.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

function Queue(props: { hub: ChatHub }) {
  const { hub } = props;
  const [params, setParams] = useSearchParams();
  const answered = params.get('view') === 'answered';
  const selected = params.get('c');
  const key = ['chat', 'queue', answered];
  const queue = useQuery({ queryKey: key, queryFn: () => api(cep.queue, { answered }) });
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'queue'] });
    const off = hub.onEvent(refresh);
    const off2 = hub.onReconnect(refresh);
    return () => {
      off();
      off2();
    };
  }, [hub]);
  const list = queue.data?.conversations ?? [];
  // The open conversation stays open after it leaves this list (answered: out of 待回复).
  const [held, setHeld] = useState<ChatConversation | null>(null);
  const listed = list.find((c) => c.id === selected);
  useEffect(() => {
    if (listed) setHeld(listed);
  }, [listed]);
  const current = listed ?? (held?.id === selected ? held : undefined);
  const setCurrent = (id: string) => setParams({ ...(answered ? { view: 'answered' } : {}), c: id });
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={answered ? 'answered' : 'waiting'}
          onChange={(_e, v) => v && setParams(v === 'answered' ? { view: 'answered' } : {})}
          aria-label="队列"
        >
          <ToggleButton value="waiting">待回复</ToggleButton>
          <ToggleButton value="answered">已回复</ToggleButton>
        </ToggleButtonGroup>
        <StreamState hub={hub} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '300px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" component="nav" aria-label="会话">
          {list.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {queue.isPending ? '加载中…' : answered ? '没有已回复的会话。' : '没有等待回复的会话。'}
            </Typography>
          ) : (
            <List dense disablePadding>
              {list.map((c) => (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton selected={c.id === selected} onClick={() => setCurrent(c.id)}>
                    <ListItemText
                      primary={`${c.user_name} · ${topicLabel(c.topic)}${c.unread ? `（${c.unread} 条新消息）` : ''}`}
                      secondary={
                        c.waiting_since
                          ? `等待自 ${chinaDateTime(new Date(c.waiting_since))}`
                          : c.closed
                            ? '已结束'
                            : '已回复'
                      }
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          {current ? (
            <Stack spacing={1.5}>
              <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                {current.user_name}（用户 {current.user_id}）
              </Typography>
              <ChatPanel
                key={current.id}
                hub={hub}
                side="staff"
                conversationId={current.id}
                topic={current.topic}
                onChanged={() => void queryClient.invalidateQueries({ queryKey: ['chat', 'queue'] })}
                height="min(40vh, 420px)"
              />
              {current.closed ? null : (
                <Box>
                  <Button
                    onClick={async () => {
                      await api(cep.close, { conversation_id: current.id });
                      void queryClient.invalidateQueries({ queryKey: ['chat', 'queue'] });
                    }}
                  >
                    结束会话
                  </Button>
                </Box>
              )}
            </Stack>
          ) : (
            <Typography color="text.secondary">选择左侧的会话查看并回复。</Typography>
          )}
        </Paper>
      </Box>
    </>
  );
}

export function Component() {
  const user = useCurrentUser();
  const allowed = user.is_admin || user.authority.is_teacher;
  return (
    <StaffPage
      title="咨询队列"
      allowed={allowed}
      denied="只有老师和管理员可以回复咨询。"
      links={[{ to: paths.teach, label: '批改作文' }]}
      maxWidth="lg"
      spacing={2}
    >
      {allowed ? <QueueWithHub /> : null}
    </StaffPage>
  );
}

function QueueWithHub() {
  const hub = useChatHub();
  return <Queue hub={hub} />;
}
