// /chat, 在线咨询 (spec "chat dialog"; ADR 0038): the candidate's conversations (latest first, unread
// counts) and one of them live; 新的网站咨询 starts one about the site. Reached from the personal page
// and the mail's 聊天 tab; a chat mail's link opens /chat?c=<id>.
import * as cep from '@gre/contract/endpoints/chat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ChatPanel, topicLabel } from './chat-panel.tsx';
import { useChatHub } from './use-chat-stream.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const listKey = ['chat', 'list'];

export function Component() {
  const hub = useChatHub();
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const newSite = params.get('new') === 'site';
  const list = useQuery({ queryKey: listKey, queryFn: () => api(cep.list, {}) });
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });
    const off = hub.onEvent(refresh);
    const off2 = hub.onReconnect(refresh);
    return () => {
      off();
      off2();
    };
  }, [hub]);
  const conversations = list.data?.conversations ?? [];
  const current = conversations.find((c) => c.id === selected);
  const site = conversations.find((c) => c.topic === 'site');
  const showPanel = current || newSite;
  return (
    <Stack spacing={2} component="main">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
          在线咨询
        </Typography>
        <Button variant="contained" onClick={() => setParams(site ? { c: site.id } : { new: 'site' })}>
          咨询网站使用
        </Button>
      </Stack>
      <Typography color="text.secondary">
        有关题目或网站的问题都可以问老师；老师回复后这里会实时显示，也会发到「邮件 ·
        聊天」。在题目页面点「问老师」可以就那道题提问。
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" component="nav" aria-label="我的咨询">
          {conversations.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {list.isPending ? '加载中…' : '还没有咨询。'}
            </Typography>
          ) : (
            <List dense disablePadding>
              {conversations.map((c) => (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton selected={c.id === selected} onClick={() => setParams({ c: c.id })}>
                    <ListItemText
                      primary={`${topicLabel(c.topic)}${c.unread ? `（${c.unread} 条未读）` : ''}`}
                      secondary={c.closed ? '已结束' : c.waiting_since ? '等待老师回复' : '老师已回复'}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          {showPanel ? (
            <ChatPanel
              key={current?.id ?? 'new-site'}
              hub={hub}
              side="user"
              conversationId={current?.id ?? null}
              topic={current?.topic ?? 'site'}
              onChanged={(c) => {
                void queryClient.invalidateQueries({ queryKey: listKey });
                if (!current) setParams({ c: c.id }, { replace: true });
              }}
              height="min(40vh, 420px)"
            />
          ) : (
            <Typography color="text.secondary">选择左侧的咨询，或点「咨询网站使用」。</Typography>
          )}
        </Paper>
      </Box>
    </Stack>
  );
}
