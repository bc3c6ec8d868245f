// A word's details: GRE-sense gloss first, phonetic, English definitions, forms, roots, similar
// words, sentences from the bank, and the actions (发音, 生词本, 熟词).
import type { WordDetail, WordMark } from '@gre/contract/word';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { searchQuestionHref } from '../../app/paths.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { wordDetailQuery } from './queries.ts';
import { canSpeak, speak } from './speak.ts';
import { WordActions } from './word-actions.tsx';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={props.title}>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary', mb: 0.75 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** The Chinese meaning lines, the GRE sense (first line) set apart. */
function Meanings(props: { translation: string }) {
  const lines = props.translation.split('\n').filter(Boolean);
  return (
    <Stack spacing={0.5}>
      {lines.map((line, i) => (
        <Typography
          key={line}
          sx={i === 0 ? { fontWeight: 700, fontSize: '1.1rem', color: 'primary.dark' } : { color: 'text.primary' }}
        >
          {line}
        </Typography>
      ))}
    </Stack>
  );
}

export function SpeakButton(props: { word: string; size?: 'small' | 'medium' }) {
  const available = canSpeak();
  return (
    <Button
      size={props.size ?? 'small'}
      variant="outlined"
      startIcon={<VolumeUpRounded />}
      onClick={() => speak(props.word)}
      disabled={!available}
      aria-label={`发音：${props.word}`}
      title={available ? '用浏览器朗读（美式英语）' : '此浏览器不支持朗读'}
      sx={{ minHeight: 36 }}
    >
      发音
    </Button>
  );
}

export function WordDetailView(props: {
  detail: Omit<WordDetail, 'examples'> & { examples?: WordDetail['examples'] };
  mark: WordMark | null;
  headingLevel?: 'h2' | 'h3';
}) {
  const d = props.detail;
  return (
    <Stack spacing={2}>
      <Box>
        <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
          <Typography
            variant="h2"
            component={props.headingLevel ?? 'h2'}
            sx={{ fontSize: '1.75rem', fontWeight: 700 }}
            lang="en"
          >
            {d.word}
          </Typography>
          {d.phonetic ? (
            <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
              /{d.phonetic}/
            </Typography>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.25, flexWrap: 'wrap' }}>
          <SpeakButton word={d.word} />
          <WordActions word={d.word.toLowerCase()} mark={props.mark} />
        </Stack>
      </Box>
      {d.withheld ? (
        <Alert severity="info">考试进行中：这个单词是本场考试单词题的答案，交卷后才能查看释义。</Alert>
      ) : (
        <Section title="释义（GRE 常考义在前）">
          <Meanings translation={d.translation} />
        </Section>
      )}
      {d.definition ? (
        <Section title="英文释义">
          <Typography variant="body2" lang="en" sx={{ whiteSpace: 'pre-line' }}>
            {d.definition}
          </Typography>
        </Section>
      ) : null}
      {d.forms.length ? (
        <Section title="词形变化">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {d.forms.map((f) => (
              <Chip key={`${f.kind}-${f.form}`} size="small" variant="outlined" label={`${f.kind} ${f.form}`} />
            ))}
          </Box>
        </Section>
      ) : null}
      {d.roots.length ? (
        <Section title="词根">
          <Stack spacing={0.5}>
            {d.roots.map((r) => (
              <Typography key={r.root} variant="body2">
                <Box component="span" sx={{ fontWeight: 700 }} lang="en">
                  {r.root}
                </Box>
                <Box component="span" lang="en">
                  {r.meaning ? `：${r.meaning}` : ''}
                </Box>
              </Typography>
            ))}
          </Stack>
        </Section>
      ) : null}
      {d.similar.length ? (
        <Section title="近义词辨析">
          <Stack spacing={1.25} divider={<Divider flexItem />}>
            {d.similar.map((g) => (
              <Box key={g.words.join(',')}>
                <Typography variant="body2" sx={{ fontWeight: 700 }} lang="en">
                  {g.words.join(' / ')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                  {g.note}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Section>
      ) : null}
      {props.detail.examples ? (
        <Section title="题库例句">
          {props.detail.examples.length ? (
            <Stack component="ul" spacing={1.25} sx={{ m: 0, pl: 2.5 }}>
              {props.detail.examples.map((e) => (
                <Box component="li" key={e.text}>
                  <Typography variant="body2" lang="en">
                    {e.text}
                  </Typography>
                  <Link component={RouterLink} to={searchQuestionHref(e.question_id)} variant="caption">
                    出自：{e.source || '题库'}
                  </Link>
                </Box>
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              题库中暂无包含这个单词的句子。
            </Typography>
          )}
        </Section>
      ) : null}
    </Stack>
  );
}

/** Loads and shows one word's details (the /word page's panel). */
export function WordDetailPanel(props: { word: string }) {
  const detail = useQuery(wordDetailQuery(props.word));
  if (detail.isPending)
    return (
      <Stack spacing={1.5} aria-busy>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={80} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  if (detail.isError)
    return <RetryAlert onRetry={() => detail.refetch()}>{detail.error.message || '单词详情加载失败'}</RetryAlert>;
  return <WordDetailView detail={detail.data} mark={detail.data.mark} />;
}
