// Route module for /search/q/:questionId: one question opened from the search, in search mode.
// The loader fetches /api/question/get; a refusal (public_only, limit...) has already opened its
// dialog through the error catalogue, and the page says why the question is not shown.

import type { ResponseOf } from '@gre/contract/endpoint';
import { recordAnswer } from '@gre/contract/endpoints/craft';
import type { getQuestion } from '@gre/contract/endpoints/question';
import { DisplayMode } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { openDialog, useDisplayMode } from '../../app/app-store.ts';
import { paths, searchQuestionHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AskTeacherButton } from '../chat/chat-dialog.tsx';
import { CraftBar } from '../review/craft-bar.tsx';
import { craftChanged } from '../review/queries.ts';
import { emptyAnswer, isComplete } from './answer-logic.ts';
import { questionQuery } from './queries.ts';
import { QuestionFrame } from './question-frame.tsx';
import { layoutOf } from './question-logic.ts';
import { QuestionView } from './question-view.tsx';

type Loaded =
  | { status: 'ok'; data: ResponseOf<typeof getQuestion> }
  | { status: 'refused'; kind: string; message: string };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  await requireUser(request);
  try {
    const data = await queryClient.fetchQuery(questionQuery(params.questionId ?? ''));
    return { status: 'ok', data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const kind = error.failure.type === 'api' ? error.failure.errData.kind : error.failure.type;
    return { status: 'refused', kind, message: error.message };
  }
}

/** Where "back" goes: the results we came from (history), else a fresh search page. */
export interface FromSearchState {
  fromSearch?: boolean;
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromSearch = (location.state as FromSearchState | null)?.fromSearch === true;
  return (
    <Button
      startIcon={<ArrowBackRounded />}
      onClick={() => (fromSearch ? navigate(-1) : navigate(paths.search))}
      sx={{ minHeight: 40, px: 1.5 }}
    >
      返回搜索结果
    </Button>
  );
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  useDisplayMode(DisplayMode.Search);

  if (loaded.status !== 'ok') {
    return (
      <Stack spacing={2}>
        <Box>
          <BackButton />
        </Box>
        <Refused kind={loaded.kind} message={loaded.message} />
      </Stack>
    );
  }
  return <SearchQuestion key={loaded.data.question.id} data={loaded.data} />;
}

function Refused(props: { kind: string; message: string }) {
  const membership = props.kind === 'public_only' || props.kind === 'limit' || props.kind === 'sim_no_perm';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <LockOutlined sx={{ fontSize: 44, color: 'secondary.main' }} aria-hidden />
        <Typography variant="h2" component="h1" sx={{ fontSize: '1.3rem' }}>
          {membership ? '这道题需要开通会员' : '无法打开这道题'}
        </Typography>
        <Typography color="text.secondary">{props.message}</Typography>
        {membership ? (
          <Button variant="contained" color="secondary" onClick={() => openDialog({ name: 'vip', message: '' })}>
            查看会员权益
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function SearchQuestion(props: { data: ResponseOf<typeof getQuestion> }) {
  const { question, group } = props.data;
  const [answer, setAnswer] = useState<Answer>(emptyAnswer);
  const location = useLocation();
  const siblings = group?.question_ids ?? [];
  const position = siblings.indexOf(question.id);
  const split = layoutOf(group) === 'split';
  // 查看答案与解析 with an answer: the answer is graded and recorded (wrong → 错题本), once per answer.
  const started = useRef(Date.now());
  const recorded = useRef<string | null>(null);
  const record = () => {
    if (!isComplete(question.input_method, answer)) return;
    const key = JSON.stringify(answer);
    if (recorded.current === key) return;
    recorded.current = key;
    const seconds = Math.min(36_000, Math.round((Date.now() - started.current) / 1000));
    api(recordAnswer, {
      id: question.id,
      answer,
      used_time_seconds: seconds,
      source: { name: '搜索', exam_id: '', template_id: '' },
    })
      .then((r) => craftChanged([r.craft]))
      .catch(() => {
        recorded.current = null;
      });
  };
  return (
    <Stack spacing={{ xs: 1.5, md: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mx: -1 }}>
        <BackButton />
        <Box sx={{ flex: 1 }} />
        {siblings.length > 1 ? (
          <Box
            component="nav"
            aria-label="同组题目"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', px: 1 }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
              同组题目
            </Typography>
            {siblings.map((id, i) => (
              <Button
                key={id}
                component={Link}
                to={searchQuestionHref(id)}
                replace
                state={location.state}
                size="small"
                variant={i === position ? 'contained' : 'outlined'}
                aria-current={i === position ? 'page' : undefined}
                aria-label={`第 ${i + 1} 题`}
                sx={{ minWidth: 40, minHeight: 36, px: 0 }}
              >
                {i + 1}
              </Button>
            ))}
          </Box>
        ) : null}
      </Box>
      <QuestionFrame split={split}>
        <QuestionView
          question={question}
          group={group}
          answer={answer}
          onAnswerChange={setAnswer}
          mode={DisplayMode.Search}
          paneHeight="calc(100dvh - 64px - 48px - 72px)"
          onReveal={record}
        />
      </QuestionFrame>
      <CraftBar questionId={question.id} category={question.category} source={{ name: '搜索' }} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <AskTeacherButton topic={question.id} />
      </Box>
    </Stack>
  );
}
