// /personal/card (spec "personal/card", 我的闪卡): my collected and my mastered word cards, filtered
// by the level they are at now, 50 a page (list_cards). Each word links to its page; a set of the
// collected cards starts here.
import { FlashLevel } from '@gre/contract/enums';
import { flashLevelLabel } from '@gre/contract/flash';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths, wordHref } from '../../app/paths.ts';
import { FilterRow, ToggleChip } from '../../components/filter-chips.tsx';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { FlashStartButton } from './flash-start-button.tsx';
import { type CardFilters, cardsQuery, parseCardFilters, toCardParams } from './queries.ts';

const levels = [FlashLevel.NotSeen, FlashLevel.Learn, FlashLevel.Quiz, FlashLevel.Exam, FlashLevel.Master];
const dateOf = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric' });

export function CardsPage() {
  const [params, setParams] = useSearchParams();
  const filters = parseCardFilters(params);
  const data = useQuery(cardsQuery(filters));
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const apply = (patch: Partial<CardFilters>) =>
    setParams(toCardParams({ ...filters, page: 1, ...patch }), { replace: true, preventScrollReset: true });
  const pages = data.data ? Math.max(1, Math.ceil(data.data.total / data.data.page_size)) : 1;

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 880, mx: 'auto', width: '100%' }}>
      <Box>
        <Button component={RouterLink} to={paths.personal} startIcon={<ArrowBackRounded />} sx={{ mx: -1, mb: 0.5 }}>
          个人中心
        </Button>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' }, flex: 1 }}>
            我的闪卡
            {data.data ? (
              <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
                共 {data.data.total} 张
              </Typography>
            ) : null}
          </Typography>
          {filters.kind === 'collected' && data.data?.total ? (
            <FlashStartButton range={{ range_kind: 'collected' }} label="用收藏的卡片学习" variant="outlined" />
          ) : null}
        </Stack>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3 }}>
        <Stack spacing={1.25}>
          <FilterRow label="卡片">
            <ToggleChip
              label="收藏"
              selected={filters.kind === 'collected'}
              onClick={() => apply({ kind: 'collected' })}
            />
            <ToggleChip
              label="已掌握"
              selected={filters.kind === 'finished'}
              onClick={() => apply({ kind: 'finished' })}
            />
          </FilterRow>
          <FilterRow label="当前等级">
            <ToggleChip
              label="全部"
              selected={filters.level === undefined}
              onClick={() => apply({ level: undefined })}
            />
            {levels.map((l) => (
              <ToggleChip
                key={l}
                label={flashLevelLabel[l]}
                selected={filters.level === l}
                onClick={() => apply({ level: l })}
              />
            ))}
          </FilterRow>
        </Stack>
      </Paper>
      {data.isError && !data.data ? (
        <RetryAlert onRetry={() => void data.refetch()}>{data.error.message || '我的闪卡加载失败'}</RetryAlert>
      ) : data.data ? (
        data.data.cards.length ? (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="卡片">
            {data.data.cards.map((c) => (
              <Paper component="li" key={c.word} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
                <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
                  <Link
                    component={RouterLink}
                    to={wordHref({ word: c.word })}
                    lang="en"
                    sx={{ fontWeight: 700, fontSize: '1.15rem' }}
                  >
                    {c.word}
                  </Link>
                  <Chip size="small" label={flashLevelLabel[c.level]} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                    {c.due ? `下次复习 ${dateOf(c.due)}` : '尚未复习'} · 复习 {c.reviews} 次
                  </Typography>
                </Stack>
                <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {c.gloss || '（考试进行中，释义暂不显示）'}
                </Typography>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
            <Typography color="text.secondary">
              {filters.kind === 'collected'
                ? '还没有收藏的卡片：学习闪卡时点“收藏”，卡片就会出现在这里。'
                : '还没有掌握的卡片：一张卡片连续答对到「掌握」后会出现在这里。'}
            </Typography>
            <Button component={RouterLink} to={wordHref({ tab: 'books' })} variant="contained" sx={{ mt: 2 }}>
              去背单词
            </Button>
          </Paper>
        )
      ) : (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={76} />
          ))}
        </Stack>
      )}
      {data.data && pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination
            count={pages}
            page={Math.min(filters.page, pages)}
            onChange={(_, next) => {
              setParams(toCardParams({ ...filters, page: next }));
              window.scrollTo({ top: 0 });
            }}
            color="primary"
            siblingCount={phone ? 0 : 1}
            getItemAriaLabel={pageItemLabel}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
