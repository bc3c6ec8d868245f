// 我的组卷 (ADR 0034): the caller's own custom exams (built with 自选组卷 on /simulate), newest first,
// on the practice page when an operator turned the shelf on (accessibility.show_tailor_shelf, set with
// assign_custom_tailor_use). Each resumes or opens its report, as in /record.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { recordsQuery } from './queries.ts';
import { RecordList } from './record-list.tsx';

const shelfSize = 6;

export function TailorShelf() {
  const q = useQuery(recordsQuery(1, false, shelfSize, true));
  return (
    <Box component="section" aria-labelledby="tailor-shelf-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.25 }}>
        <Typography id="tailor-shelf-title" variant="h2" sx={{ fontSize: '1.1rem', flex: '1 1 auto' }}>
          我的组卷
        </Typography>
        <Button component={Link} to={paths.simulate} size="small">
          新建组卷
        </Button>
      </Box>
      {q.isPending ? null : q.isError ? (
        <Alert severity="error">我的组卷加载失败，请稍后刷新。</Alert>
      ) : q.data.records.length === 0 ? (
        <Alert severity="info">还没有自选组卷。在“模考”页的“自选组卷”中按条件抽题即可。</Alert>
      ) : (
        <>
          <RecordList records={q.data.records} />
          {q.data.page_control.total > shelfSize ? (
            <Button component={Link} to={paths.record} size="small" sx={{ mt: 1 }}>
              全部记录（共 {q.data.page_control.total} 场）
            </Button>
          ) : null}
        </>
      )}
    </Box>
  );
}
