// Personal: the review books with their counts (links), and the review settings: 答对后移出错题本
// and 复习目标保持率 (shared with the flash cards).
import { updateReviewSettings } from '@gre/contract/endpoints/craft';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { bookHref } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { craftSummaryQuery } from './queries.ts';
import { type BookSlug, bookOf } from './review-logic.ts';

const countKey = {
  wrongs: 'wrongs',
  collect: 'collects',
  note: 'notes',
  higher_wrongs: 'higher_wrongs',
  higher_collect: 'higher_collects',
  higher_note: 'higher_notes',
} as const satisfies Record<BookSlug, string>;

export function BooksCard() {
  const user = useCurrentUser();
  const summary = useQuery(craftSummaryQuery);
  const slugs: BookSlug[] = ['wrongs', 'collect', 'note'];
  if (user.accessibility.show_higher_collect) slugs.push('higher_wrongs', 'higher_collect', 'higher_note');
  return (
    <Card component="section" aria-labelledby="books-card-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <AutoStoriesOutlined color="primary" aria-hidden />
          <Typography id="books-card-title" variant="h4" component="h2">
            我的复习本
          </Typography>
        </Stack>
        {summary.isError && !summary.data ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
                重试
              </Button>
            }
          >
            复习本加载失败
          </Alert>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {slugs.map((slug) => {
              const book = bookOf(slug);
              const count = summary.data?.[countKey[slug]];
              return (
                <Box component="li" key={slug}>
                  <CardActionArea
                    component={Link}
                    to={bookHref(slug)}
                    sx={{ borderRadius: 2, border: 1, borderColor: 'divider', p: 1.5, textAlign: 'center' }}
                  >
                    <Typography sx={{ fontWeight: 700, fontSize: '1.35rem', color: 'primary.dark' }}>
                      {count === undefined ? '—' : count}
                    </Typography>
                    <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                      {book?.title}
                      <ChevronRightRounded fontSize="small" aria-hidden />
                    </Typography>
                  </CardActionArea>
                </Box>
              );
            })}
          </Box>
        )}
        <Divider sx={{ my: 2 }} />
        {summary.data ? (
          <ReviewSettings
            key={`${summary.data.remove_corrects}-${summary.data.desired_retention}`}
            removeCorrects={summary.data.remove_corrects}
            retention={summary.data.desired_retention}
          />
        ) : (
          <Skeleton variant="rounded" height={96} />
        )}
      </CardContent>
    </Card>
  );
}

function ReviewSettings(props: { removeCorrects: boolean; retention: number }) {
  const [retention, setRetention] = useState(props.retention);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const save = async (patch: { remove_corrects?: boolean; desired_retention?: number }) => {
    setBusy(true);
    try {
      await api(updateReviewSettings, patch);
      await queryClient.invalidateQueries({ queryKey: ['review'] });
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
      toast('success', '复习设置已保存');
    } catch {
      setRetention(props.retention);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5} component="section" aria-label="复习设置">
      <FormControlLabel
        control={
          <Switch
            checked={props.removeCorrects}
            disabled={busy}
            onChange={(e) => void save({ remove_corrects: e.target.checked })}
          />
        }
        label="答对后移出错题本"
        sx={{ ml: 0 }}
      />
      <Box>
        <Typography id={`${id}-retention`} variant="body2" sx={{ fontWeight: 600 }}>
          复习目标保持率：{Math.round(retention * 100)}%
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          越高复习越频繁、记得越牢（默认 90%，与闪卡共用）。
        </Typography>
        <Slider
          value={retention}
          min={0.7}
          max={0.97}
          step={0.01}
          disabled={busy}
          marks={[
            { value: 0.7, label: '70%' },
            { value: 0.9, label: '90%' },
            { value: 0.97, label: '97%' },
          ]}
          getAriaValueText={(v) => `${Math.round(v * 100)}%`}
          slotProps={{ input: { 'aria-labelledby': `${id}-retention` } }}
          onChange={(_, v) => setRetention(v as number)}
          onChangeCommitted={(_, v) => void save({ desired_retention: v as number })}
          sx={{ mx: 1.5, width: 'calc(100% - 24px)', maxWidth: 420 }}
        />
      </Box>
    </Stack>
  );
}
