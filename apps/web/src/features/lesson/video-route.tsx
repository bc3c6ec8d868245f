// Route module for /video/:videoID (spec: has a loader): one lesson played with HLS (ADR 0039):
// hls.js where Media Source Extensions exist, the browser's own HLS otherwise (Safari). It starts
// where the viewer left off (the position is kept on the server: saved every few seconds while
// playing, on pause, seek and leaving; the end marks it watched) and links to a practice set of the
// lesson's kind. A lesson the role may not watch, a missing one or one still packaging: said in place.
import type { LessonPlay } from '@gre/contract/lesson';
import { practiceAnchor } from '@gre/contract/lesson';
import { questionKindLabel } from '@gre/contract/question';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink, useParams } from 'react-router';
import { openDialog } from '../../app/app-store.ts';
import { exerciseListHref, paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { formatDuration } from './lesson-format.ts';
import { lessonQuery, lessonsQuery, saveProgress } from './queries.ts';

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  // A refusal is shown by the page, not the error boundary: prefetch keeps it in the query.
  await queryClient.prefetchQuery(lessonQuery(params.videoID ?? ''));
  return null;
}

/** Where to start: the saved position, unless the lesson was left within its last few seconds. */
const startAt = (l: LessonPlay) => (l.position_s > 0 && l.position_s < l.duration_s - 3 ? l.position_s : 0);

function LessonPlayer({ lesson }: { lesson: LessonPlay }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState('');
  // hls.js is an imperative player attached to the <video>: set up once per lesson address.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    const start = startAt(lesson);
    let lastSaved = start;
    /** `always`: pause, seek, end, leaving; the timer only saves a position that moved. */
    const save = (ended = false, keepalive = false, always = true) => {
      const pos = video.currentTime;
      if (!always && Math.abs(pos - lastSaved) < 0.5) return;
      lastSaved = pos;
      saveProgress(lesson.id, pos, ended, keepalive).catch(() => {});
    };
    void (async () => {
      const { default: Hls } = await import('hls.js');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ startPosition: start, maxBufferLength: 30 });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (!data.fatal) return;
          const status = data.response?.code;
          setFailure(
            status === 403 ? '视频地址已过期或无效，请刷新页面后继续观看' : '视频加载失败，请检查网络后刷新页面重试',
          );
        });
        hls.loadSource(lesson.master_url);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = lesson.master_url;
        video.addEventListener(
          'loadedmetadata',
          () => {
            video.currentTime = start;
          },
          { once: true },
        );
        destroy = () => {
          video.removeAttribute('src');
          video.load();
        };
      } else {
        setFailure('当前浏览器无法播放课程视频，请使用新版 Chrome、Edge、Firefox 或 Safari');
      }
    })();
    const timer = setInterval(() => {
      if (!video.paused) save(false, false, false);
    }, 5000);
    const onPause = () => save();
    const onSeeked = () => save();
    const onEnded = () => save(true);
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(false, true);
    };
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      cancelled = true;
      clearInterval(timer);
      save(false, true);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onHide);
      destroy();
      // Coming back reads the position again; the catalogue shows the new progress.
      queryClient.removeQueries({ queryKey: lessonQuery(lesson.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: lessonsQuery.queryKey });
    };
  }, [lesson]);
  return (
    // At most the height of the window below the header, so the controls are never under the fold.
    <Box sx={{ width: '100%', maxWidth: 'min(100%, calc((100dvh - 240px) * 16 / 9))', minWidth: { md: 640 } }}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <video
          ref={videoRef}
          controls
          playsInline
          preload="metadata"
          poster={lesson.poster_url}
          aria-label={`课程视频：${lesson.title}`}
          data-testid="lesson-video"
          style={{ width: '100%', height: '100%', display: 'block' }}
        >
          <track kind="captions" srcLang="zh" label="中文字幕" src={lesson.captions_url ?? undefined} default />
        </video>
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}

export function Component() {
  const { videoID = '' } = useParams();
  const q = useQuery(lessonQuery(videoID));
  const back = (
    <Button startIcon={<ArrowBack />} component={RouterLink} to={paths.video} sx={{ alignSelf: 'flex-start' }}>
      课程目录
    </Button>
  );
  if (q.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="加载中" />
      </Box>
    );
  if (q.isError)
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
          课程
        </Typography>
        <Alert
          severity="warning"
          action={
            q.error instanceof ApiError &&
            q.error.failure.type === 'api' &&
            q.error.failure.errData.kind === 'limit' ? (
              <Button color="inherit" size="small" onClick={() => openDialog({ name: 'vip', message: '' })}>
                开通会员
              </Button>
            ) : undefined
          }
        >
          {errorText(q.error, '课程加载失败，请稍后刷新')}
        </Alert>
      </Stack>
    );
  const lesson = q.data;
  const practiceKind = lesson.kinds[0];
  return (
    <Stack spacing={2}>
      {back}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.6rem' } }}>
        {lesson.title}
      </Typography>
      <LessonPlayer lesson={lesson} />
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={`时长 ${formatDuration(lesson.duration_s)}`} />
        {lesson.watched ? <Chip size="small" color="success" label="已看完" /> : null}
        {lesson.kinds.map((k) => (
          <Chip key={k} size="small" variant="outlined" label={questionKindLabel[k]} />
        ))}
      </Stack>
      <Box component="section" aria-labelledby="lesson-notes">
        <Typography id="lesson-notes" variant="h2" sx={{ fontSize: '1.05rem', mb: 0.75 }}>
          本课要点
        </Typography>
        <Typography variant="body1">{lesson.summary}</Typography>
      </Box>
      {practiceKind ? (
        <Button
          variant="contained"
          component={RouterLink}
          to={`${exerciseListHref()}#${practiceAnchor(practiceKind)}`}
          sx={{ alignSelf: 'flex-start' }}
        >
          去练习「{questionKindLabel[practiceKind]}」
        </Button>
      ) : null}
    </Stack>
  );
}
