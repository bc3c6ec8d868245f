// One set or mock on a list page: title, tag, size and time, my status and result, and the button
// that starts, resumes or reports it. Opening calls /api/book/open (a refusal opens its dialog
// through the error catalogue) and goes to the player.
import { openBook } from '@gre/contract/endpoints/exam';
import { BookStatus } from '@gre/contract/enums';
import type { PracticeMode, TemplateCard } from '@gre/contract/exam';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { openDialog } from '../../app/app-store.ts';
import { examHref, reportHref } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { bookStatusLabel, cardAction, cardActionLabel, minutesLabel, unlockLabel } from './practice-logic.ts';

export function useOpenBook() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { templateId: string; restart: boolean; mode?: PracticeMode }) =>
      api(openBook, { template_id: v.templateId, restart: v.restart, mode: v.mode ?? 'exam' }),
    onSuccess: (data) => {
      void client.invalidateQueries({ queryKey: ['book'] });
      void client.invalidateQueries({ queryKey: ['exam', 'records'] });
      navigate(examHref(data.exam_id));
    },
  });
}

const statusColor: Record<BookStatus, 'default' | 'primary' | 'success' | 'warning'> = {
  [BookStatus.NotOpen]: 'default',
  [BookStatus.Start]: 'primary',
  [BookStatus.Finish]: 'success',
  [BookStatus.Expired]: 'warning',
};

export function TemplateCardView(props: { card: TemplateCard; compact?: boolean; mode?: PracticeMode }) {
  const { card } = props;
  const t = card.template;
  const open = useOpenBook();
  // Practice sets open in the chosen mode; mocks always as the test is.
  const mode = t.exam_kind === 'practice' ? props.mode : 'exam';
  const navigate = useNavigate();
  const action = cardAction(card, Date.now());
  const busy = open.isPending && open.variables?.templateId === t.id;
  const go = (restart: boolean) => open.mutate({ templateId: t.id, restart, mode });
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={t.title}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, height: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          component="h3"
          sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.45 }}
        >
          {t.title}
        </Typography>
        <Chip size="small" label={bookStatusLabel[card.status]} color={statusColor[card.status]} variant="outlined" />
      </Box>
      {card.result ? (
        <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
          答对 {card.result.correct} / {card.result.total} · 平均 {Math.round(card.result.avg_time_seconds)} 秒/题
        </Typography>
      ) : null}
      {action === 'locked' ? (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <LockOutlined fontSize="inherit" aria-hidden /> {unlockLabel(t.unlock_date_stamp)}
        </Typography>
      ) : !card.accessable && card.refusal ? (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <LockOutlined fontSize="inherit" aria-hidden /> {card.refusal}
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {t.label ? <Chip size="small" label={t.label} /> : null}
        <Typography variant="body2" color="text.secondary">
          {t.question_count} 题 · {minutesLabel(t.time_limit_seconds)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {action === 'report' ? (
          <>
            <Button
              variant="contained"
              size="small"
              onClick={() => navigate(reportHref({ bookId: card.book_id, examId: card.exam_id }))}
            >
              查看报告
            </Button>
            <Button size="small" disabled={busy} onClick={() => go(true)}>
              重做
            </Button>
          </>
        ) : action === 'members' || action === 'staff' ? (
          // Locked for this member: not a start button but the one way to open it.
          <Button
            variant="outlined"
            color="secondary"
            size="small"
            startIcon={<LockOutlined aria-hidden />}
            onClick={() =>
              action === 'members'
                ? openDialog({ name: 'vip', message: card.refusal })
                : openDialog({ name: 'contact' })
            }
            aria-label={`${cardActionLabel[action]}后可练习：${t.title}`}
          >
            {cardActionLabel[action]}
          </Button>
        ) : action === 'locked' ? (
          <Chip size="small" icon={<LockOutlined aria-hidden />} label={unlockLabel(t.unlock_date_stamp)} />
        ) : (
          <Button
            variant={action === 'resume' ? 'contained' : 'outlined'}
            size="small"
            disabled={action === 'expired' || busy}
            onClick={() => go(false)}
            aria-label={`${cardActionLabel[action]}：${t.title}`}
          >
            {cardActionLabel[action]}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

export function CardGrid(props: { cards: readonly TemplateCard[]; mode?: PracticeMode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        gap: 1.5,
      }}
    >
      {props.cards.map((c) => (
        <TemplateCardView key={c.template.id} card={c} mode={props.mode} />
      ))}
    </Box>
  );
}
