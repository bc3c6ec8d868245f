// The chat dialog (spec "chat dialog"; ADR 0038) opened by 问老师 on a question outside a running
// exam: the candidate's conversation about that question (created by the first message), live.
import * as cep from '@gre/contract/endpoints/chat';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { ChatPanel } from './chat-panel.tsx';
import { useChatHub } from './use-chat-stream.ts';

function DialogBody(props: { topic: string }) {
  const hub = useChatHub();
  const mine = useQuery({ queryKey: ['chat', 'list'], queryFn: () => api(cep.list, {}) });
  if (mine.isPending) return null;
  const existing = mine.data?.conversations.find((c) => c.topic === props.topic);
  return <ChatPanel hub={hub} side="user" conversationId={existing?.id ?? null} topic={props.topic} height={300} />;
}

/** 问老师: a button and the dialog it opens. */
export function AskTeacherButton(props: { topic: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        {props.label ?? '问老师'}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        fullScreen={phone}
        aria-labelledby="chat-dialog-title"
      >
        <DialogTitle id="chat-dialog-title">问老师</DialogTitle>
        <DialogContent dividers>{open ? <DialogBody topic={props.topic} /> : null}</DialogContent>
        <DialogActions>
          <Button component={Link} to="/chat">
            全部咨询
          </Button>
          <Button onClick={() => setOpen(false)}>关闭</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
