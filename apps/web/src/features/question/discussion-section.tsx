// 讨论 under a question outside a running exam (ADR 0037): a toggle that loads the discussion
// (features/post) on first opening; a link ending in #discuss (the reply mail's) opens it at once.
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useId, useState } from 'react';

const Discussion = lazy(() => import('../post/discussion.tsx').then((m) => ({ default: m.Discussion })));

export function DiscussionSection(props: { topicId: string }) {
  const [state, setState] = useState<{ id: string; open: boolean } | null>(null);
  const open = state?.id === props.topicId ? state.open : window.location.hash === '#discuss';
  const panelId = useId();
  return (
    <Box id="discuss" component="section" aria-label="讨论">
      <Button
        variant={open ? 'text' : 'outlined'}
        startIcon={open ? <ExpandLessRounded /> : <ForumOutlined />}
        onClick={() => setState({ id: props.topicId, open: !open })}
        aria-expanded={open}
        aria-controls={panelId}
        sx={{ minHeight: 44 }}
      >
        {open ? '收起讨论' : '讨论'}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={panelId} sx={{ pt: 1.5 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <Discussion topicId={props.topicId} />
          </Suspense>
        </Box>
      </Collapse>
    </Box>
  );
}
