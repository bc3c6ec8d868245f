// Search results: kind, difficulty, the highlighted hit, tags and source; a lock when the role may
// not open the question. Each result opens the question in search mode.

import { questionCategoryLabel } from '@gre/contract/enums';
import { type QuestionInfo, questionKindLabel } from '@gre/contract/question';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { searchQuestionHref } from '../../app/paths.ts';
import { useHighlightEdge, VisibilityMark } from '../../components/visibility-mark.tsx';
import { difficultyLabel } from '../../lib/question-labels.ts';
import { splitHighlight } from './search-logic.ts';

const visibilityBadge: Partial<Record<QuestionInfo['visibility'], string>> = {
  locked: '会员题',
  pick: '精选',
  best: '精华',
};

const difficultyColor = { 1: 'success', 2: 'warning', 3: 'error' } as const;

function Highlight(props: { text: string }) {
  return (
    <>
      {splitHighlight(props.text).map((part, i) =>
        part.hit ? (
          <Box
            component="mark"
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed string.
            key={i}
            sx={(t) => ({
              bgcolor: alpha(t.palette.secondary.main, 0.22),
              color: 'inherit',
              fontWeight: 700,
              borderRadius: '3px',
              px: '2px',
            })}
          >
            {part.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed string.
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

export function ResultList(props: {
  infos: readonly QuestionInfo[];
  selection: readonly string[];
  onToggle: (id: string) => void;
}) {
  if (props.infos.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
        <SearchOffRounded sx={{ fontSize: 48, opacity: 0.5 }} aria-hidden />
        <Typography sx={{ mt: 1 }}>没有找到相关题目</Typography>
        <Typography variant="body2">换个关键词，或减少筛选条件试试。</Typography>
      </Box>
    );
  }
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {props.infos.map((info, i) => (
        <Box
          component="li"
          key={info.id}
          sx={{ display: 'flex', alignItems: 'flex-start', gap: { xs: 0.25, sm: 0.5 } }}
        >
          <Checkbox
            checked={props.selection.includes(info.id)}
            onChange={() => props.onToggle(info.id)}
            slotProps={{ input: { 'aria-label': `选择第 ${i + 1} 个结果（${info.id}）` } }}
            sx={{ mt: 1, ml: -1 }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ResultCard info={info} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function ResultCard(props: { info: QuestionInfo }) {
  const { info } = props;
  const badge = visibilityBadge[info.visibility];
  const line = info.highlight || info.brief;
  const edge = useHighlightEdge(info.visibility);
  return (
    <Card sx={{ borderRadius: 3, ...(edge ? { borderLeft: 6, borderLeftColor: edge } : {}) }}>
      <CardActionArea
        component={Link}
        to={searchQuestionHref(info.id)}
        state={{ fromSearch: true }}
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'center', gap: 1.5 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mb: 0.75 }}>
            <Chip size="small" color="primary" variant="outlined" label={questionKindLabel[info.kind]} />
            <Chip
              size="small"
              variant="outlined"
              color={difficultyColor[info.difficulty]}
              label={difficultyLabel[info.difficulty]}
            />
            {badge ? <Chip size="small" color="secondary" label={badge} /> : null}
            <VisibilityMark visibility={info.visibility} />
            {!info.accessable ? (
              <Tooltip title="需开通会员">
                <LockOutlined
                  titleAccess="需开通会员"
                  data-testid="locked-result"
                  sx={{ fontSize: 18, color: 'secondary.main' }}
                />
              </Tooltip>
            ) : null}
            <Box sx={{ flex: 1 }} />
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            >
              {questionCategoryLabel[info.category]} · {info.id}
            </Typography>
          </Box>
          <Typography
            sx={{
              lineHeight: 1.65,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            <Highlight text={line} />
          </Typography>
          {info.tag_names.length > 0 || info.source_names.length > 0 ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
              {info.tag_names.map((t) => (
                <Chip
                  key={t}
                  size="small"
                  label={t}
                  sx={{ height: 22, fontSize: '0.78rem', bgcolor: 'rgba(15,110,106,0.07)' }}
                />
              ))}
              {info.source_names.length > 0 ? (
                <Typography variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                  来源：{info.source_names.join('、')}
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </Box>
        <ChevronRightRounded sx={{ color: 'text.secondary', flexShrink: 0 }} aria-hidden />
      </CardActionArea>
    </Card>
  );
}
