// One conversation of the chat dialog (ADR 0038): its messages (live from the page's stream, fetched
// after the last id on a reconnect), a box to write in (Enter sends, Shift+Enter a new line) and the
// connection's state. New messages are read out (aria-live). Used by the candidate's dialog and /chat
// (side 'user') and the teachers' /teach/chat (side 'staff').

import { type ChatConversation, type ChatMessage, chatLimits } from '@gre/contract/chat';
import { chinaDateTime } from '@gre/contract/china-time';
import * as cep from '@gre/contract/endpoints/chat';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { api, errorText } from '../../lib/api-client.ts';
import type { ChatHub } from './use-chat-stream.ts';

export const topicLabel = (topic: string) => (topic === 'site' ? '网站使用' : `题目 ${topic}`);

function merge(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

export function StreamState(props: { hub: ChatHub }) {
  if (props.hub.status === 'online') return <Chip size="small" color="success" variant="outlined" label="在线" />;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={props.hub.status === 'offline' ? '连接中断，正在重连…' : '连接中…'}
    />
  );
}

export function ChatPanel(props: {
  hub: ChatHub;
  side: 'user' | 'staff';
  /** The conversation shown, or null for a new one about `topic` (created by the first message). */
  conversationId: string | null;
  topic: string;
  /** The conversation was created or changed (a message sent, closed). */
  onChanged?: (c: ChatConversation) => void;
  /** Height of the message list. */
  height?: number | string;
}) {
  const { hub, side } = props;
  const [conversationId, setConversationId] = useState(props.conversationId);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [closed, setClosed] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const latest = useRef({ conversationId, messages });
  latest.current = { conversationId, messages };

  useEffect(() => {
    setConversationId(props.conversationId);
    setMessages([]);
    setClosed(false);
    setProblem('');
  }, [props.conversationId]);

  const markRead = useCallback(
    (upTo: string) => {
      const id = latest.current.conversationId;
      if (id)
        void api(cep.markRead, { conversation_id: id, up_to_id: upTo }).then(
          (r) => props.onChanged?.(r.conversation),
          () => {},
        );
    },
    [props.onChanged],
  );

  /** Everything after the last message held (all of it the first time). */
  const fetchMissed = useCallback(async () => {
    const id = latest.current.conversationId;
    if (!id) return;
    let after = latest.current.messages.at(-1)?.id ?? '0';
    try {
      for (;;) {
        const page = await api(
          cep.messages,
          { conversation_id: id, after_id: after },
          { shownInPage: ['forbidden', 'not_found'] },
        );
        if (latest.current.conversationId !== id) return;
        setMessages((list) => merge(list, page.messages));
        setClosed(page.conversation.closed);
        const last = page.messages.at(-1);
        if (last) {
          after = last.id;
          if (page.conversation.unread > 0) markRead(last.id);
        }
        if (!page.more) break;
      }
      setProblem('');
    } catch (e) {
      setProblem(errorText(e));
    }
  }, [markRead]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchMissed reads the id from a ref; fetch again when it changes
  useEffect(() => {
    void fetchMissed();
  }, [fetchMissed, conversationId]);

  useEffect(() => {
    const offEvent = hub.onEvent((e) => {
      const id = latest.current.conversationId;
      if (e.type === 'closed') {
        if (e.conversation_id === id) setClosed(true);
        return;
      }
      if (e.type !== 'message' || e.conversation.id !== id) return;
      setMessages((list) => merge(list, [e.message]));
      setClosed(e.conversation.closed);
      const mine = side === 'staff' ? e.message.from_staff : !e.message.from_staff;
      if (!mine) markRead(e.message.id);
    });
    const offReconnect = hub.onReconnect(() => void fetchMissed());
    return () => {
      offEvent();
      offReconnect();
    };
  }, [hub, side, fetchMissed, markRead]);

  useEffect(() => {
    const el = listRef.current;
    if (el && messages.length) el.scrollTop = el.scrollHeight;
  }, [messages]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const res = await api(
        cep.send,
        conversationId ? { conversation_id: conversationId, content } : { topic: props.topic, content },
        { shownInPage: ['forbidden', 'not_found', 'rate_limited', 'bad_request', 'invalid_param', 'frozen'] },
      );
      setText('');
      setProblem('');
      if (!conversationId) setConversationId(res.conversation.id);
      latest.current.conversationId = res.conversation.id;
      setMessages((list) => merge(list, [res.message]));
      setClosed(res.conversation.closed);
      props.onChanged?.(res.conversation);
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  const mineLabel = side === 'staff' ? '老师' : '我';
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle2" component="p">
          {topicLabel(props.topic)}
        </Typography>
        <StreamState hub={hub} />
        {closed ? <Chip size="small" label="已结束" /> : null}
      </Stack>
      <Box
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label="聊天记录"
        tabIndex={0}
        sx={{
          height: props.height ?? 320,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 1.5,
          bgcolor: 'background.default',
        }}
      >
        {messages.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {side === 'user' ? '写下你的问题，老师会尽快回复；回复也会发到「邮件 · 聊天」。' : '还没有消息。'}
          </Typography>
        ) : (
          <Stack spacing={1.25}>
            {messages.map((m) => {
              const mine = side === 'staff' ? m.from_staff : !m.from_staff;
              return (
                <Box key={m.id} sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ textAlign: mine ? 'right' : 'left' }}
                  >
                    {mine ? mineLabel : m.from_staff ? `老师 ${m.author_name}` : m.author_name} ·{' '}
                    {chinaDateTime(new Date(m.created_at))}
                  </Typography>
                  <Typography
                    component="p"
                    sx={{
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-word',
                      px: 1.5,
                      py: 1,
                      borderRadius: 2,
                      bgcolor: mine ? 'primary.main' : 'background.paper',
                      color: mine ? 'primary.contrastText' : 'text.primary',
                      border: mine ? 0 : 1,
                      borderColor: 'divider',
                    }}
                  >
                    {m.content}
                  </Typography>
                </Box>
              );
            })}
          </Stack>
        )}
      </Box>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      {side === 'staff' && closed ? (
        <Alert severity="info">这个会话已结束；同学再次提问时会重新打开。</Alert>
      ) : (
        <Stack
          component="form"
          onSubmit={send}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-end' } }}
        >
          <TextField
            id={inputId}
            label={side === 'staff' ? '回复' : '消息'}
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            slotProps={{ htmlInput: { maxLength: chatLimits.content } }}
            helperText="Enter 发送，Shift+Enter 换行"
          />
          <Button
            type="submit"
            variant="contained"
            disabled={sending || !text.trim()}
            sx={{ flexShrink: 0, mb: { sm: 3 } }}
          >
            发送
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
