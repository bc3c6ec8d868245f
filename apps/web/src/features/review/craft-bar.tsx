// The craft bar under a question outside a running exam (search, report, 练习模式 after 提交, the
// review books): 收藏 (with tags), 笔记 (note, mastery, reasons), 改进方案 and 加入复习. Each write
// goes through update_v2; the server's refusals reach the user through the error catalogue.
import type { Craft } from '@gre/contract/craft';
import type { QuestionCategory } from '@gre/contract/enums';
import BookmarkAddedOutlined from '@mui/icons-material/BookmarkAddedOutlined';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { openDialog } from '../../app/app-store.ts';
import { toast } from '../../lib/toast.ts';
import { dueText, hasNote, masteryLabels } from './craft-logic.ts';
import { craftQuery, saveCraft } from './queries.ts';

const NoteDialog = lazy(() => import('./note-dialog.tsx').then((m) => ({ default: m.NoteDialog })));
const ImprovementDialog = lazy(() => import('./note-dialog.tsx').then((m) => ({ default: m.ImprovementDialog })));

export interface CraftSource {
  name: string;
  exam_id?: string;
  template_id?: string;
}

export interface CraftBarProps {
  questionId: string;
  category: QuestionCategory;
  /** The craft that came with the question (an exam's runtime), shown until craft/gets answers. */
  initial?: Craft | null;
  source?: CraftSource;
}

/** Where the question was met; an exam id the contract would refuse is left for the server to fill. */
function sourceOf(s: CraftSource | undefined) {
  if (!s) return undefined;
  const examId = /^[0-9a-f-]{1,40}$/i.test(s.exam_id ?? '') ? (s.exam_id ?? '') : '';
  return { name: s.name.slice(0, 60), exam_id: examId, template_id: (s.template_id ?? '').slice(0, 60) };
}

export function CraftBar(props: CraftBarProps) {
  const q = useQuery({ ...craftQuery(props.questionId), placeholderData: props.initial ?? undefined });
  const craft = q.data ?? null;
  const [busy, setBusy] = useState<null | 'collect' | 'schedule'>(null);
  const [open, setOpen] = useState<null | 'note' | 'improvement'>(null);
  const common = { craft_id: props.questionId, q_category: props.category, source: sourceOf(props.source) };
  const collected = craft?.collect.collected ?? false;
  const tagCount = craft?.collect.collect_ids.length ?? 0;
  const reviewed = craft?.note.review.reviewed ?? false;
  const noted = hasNote(craft);
  const improved = (craft?.note.review.improvement ?? '').trim() !== '';

  const toggleCollect = async () => {
    setBusy('collect');
    try {
      // Unfavouriting clears the tags too.
      await saveCraft({
        ...common,
        update_kind: 'Collect',
        craft: { collect: { collected: !collected, collect_ids: [] } },
      });
      if (collected) toast('success', '已取消收藏');
      else
        toast('success', '收藏成功', {
          label: '设置标签',
          onClick: () => openDialog({ name: 'collect', questionId: props.questionId }),
        });
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(null);
    }
  };
  const toggleSchedule = async () => {
    setBusy('schedule');
    try {
      await saveCraft({ ...common, update_kind: 'Schedule', craft: { note: { review: { reviewed: !reviewed } } } });
      toast('success', reviewed ? '已移出复习计划' : '已加入复习');
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(null);
    }
  };

  const status = [
    craft?.wrong ? `错题 · 错 ${craft.wrong_count} 次` : null,
    craft && craft.note.review.mastery > 0 ? `掌握程度：${masteryLabels[craft.note.review.mastery]}` : null,
    dueText(craft, Math.floor(Date.now() / 1000)),
  ].filter((s): s is string => s !== null);

  return (
    <Box
      component="section"
      aria-label="收藏与笔记"
      sx={{
        mt: 2,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        '& .MuiButton-root': { minHeight: 40 },
      }}
    >
      <Button
        variant={collected ? 'contained' : 'outlined'}
        color="secondary"
        aria-pressed={collected}
        startIcon={collected ? <StarRounded /> : <StarBorderRounded />}
        disabled={busy === 'collect'}
        onClick={() => void toggleCollect()}
      >
        {collected ? '已收藏' : '收藏'}
      </Button>
      {collected ? (
        <Button
          variant="text"
          startIcon={<LocalOfferOutlined />}
          onClick={() => openDialog({ name: 'collect', questionId: props.questionId })}
        >
          标签{tagCount ? `（${tagCount}）` : ''}
        </Button>
      ) : null}
      <Button
        variant={noted ? 'contained' : 'outlined'}
        startIcon={<EditNoteRounded />}
        onClick={() => setOpen('note')}
      >
        {noted ? '笔记（已记）' : '笔记'}
      </Button>
      <Button
        variant={improved ? 'contained' : 'outlined'}
        startIcon={<LightbulbOutlined />}
        onClick={() => setOpen('improvement')}
      >
        {improved ? '改进方案（已写）' : '改进方案'}
      </Button>
      <Button
        variant={reviewed ? 'contained' : 'outlined'}
        aria-pressed={reviewed}
        startIcon={reviewed ? <BookmarkAddedOutlined /> : <BookmarkAddOutlined />}
        disabled={busy === 'schedule'}
        onClick={() => void toggleSchedule()}
      >
        {reviewed ? '已加入复习' : '加入复习'}
      </Button>
      {status.length ? (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', ml: { sm: 'auto' } }}>
          {status.map((s) => (
            <Chip key={s} size="small" variant="outlined" label={s} />
          ))}
        </Box>
      ) : q.isError ? (
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          收藏与笔记暂时读取失败
        </Typography>
      ) : null}
      {open === 'note' ? (
        <Suspense fallback={null}>
          <NoteDialog
            questionId={props.questionId}
            category={props.category}
            craft={craft}
            common={common}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
      {open === 'improvement' ? (
        <Suspense fallback={null}>
          <ImprovementDialog craft={craft} common={common} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
