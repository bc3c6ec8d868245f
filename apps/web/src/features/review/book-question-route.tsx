// Route module for /personal/{book}/q/:questionId: a question of a review book in review mode, with
// its key and analysis, my last answer and the craft bar. Back returns to the same list place.

import type { Craft } from '@gre/contract/craft';
import type { ResponseOf } from '@gre/contract/endpoint';
import type { getQuestion } from '@gre/contract/endpoints/question';
import { DisplayMode } from '@gre/contract/enums';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import HighlightOffRounded from '@mui/icons-material/HighlightOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate, useParams } from 'react-router';
import { useDisplayMode } from '../../app/app-store.ts';
import { bookHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AskTeacherButton } from '../chat/chat-dialog.tsx';
import { emptyAnswer } from '../question/answer-logic.ts';
import { questionQuery } from '../question/queries.ts';
import { QuestionFrame } from '../question/question-frame.tsx';
import { layoutOf } from '../question/question-logic.ts';
import { QuestionView } from '../question/question-view.tsx';
import { answerText } from '../report/report-logic.ts';
import type { FromBookState } from './book-list.tsx';
import { CraftBar } from './craft-bar.tsx';
import { craftQuery } from './queries.ts';
import { bookOf } from './review-logic.ts';

type Loaded = { status: 'ok'; data: ResponseOf<typeof getQuestion> } | { status: 'refused'; message: string };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  await requireUser(request);
  if (!bookOf(params.book)) throw new Response('Not Found', { status: 404, statusText: '没有这个页面' });
  const id = params.questionId ?? '';
  void queryClient.prefetchQuery(craftQuery(id));
  try {
    return { status: 'ok', data: await queryClient.fetchQuery(questionQuery(id)) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: 'refused', message: error.message };
  }
}

function BackButton(props: { slug: string; title: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const backTo = (location.state as FromBookState | null)?.backTo;
  return (
    <Button
      startIcon={<ArrowBackRounded />}
      onClick={() => (backTo ? navigate(-1) : navigate(bookHref(props.slug)))}
      sx={{ minHeight: 40, px: 1.5, mx: -1 }}
    >
      返回{props.title}
    </Button>
  );
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const params = useParams();
  const book = bookOf(params.book);
  useDisplayMode(DisplayMode.Report);
  if (!book) return null;
  return (
    <Stack spacing={{ xs: 1.5, md: 2 }}>
      <Box>
        <BackButton slug={book.slug} title={book.title} />
      </Box>
      {loaded.status === 'ok' ? (
        <ReviewQuestion key={loaded.data.question.id} data={loaded.data} source={book.title} />
      ) : (
        <Alert severity="warning">{loaded.message}</Alert>
      )}
    </Stack>
  );
}

function LastAnswer(props: { craft: Craft | null; question: ResponseOf<typeof getQuestion>['question'] }) {
  const issue = props.craft?.issue;
  if (!issue?.answer) {
    return (
      <Typography variant="body2" color="text.secondary">
        还没有作答记录。
      </Typography>
    );
  }
  const correct = issue.result.correct;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 700 }}>我的上次作答：{answerText(props.question, issue.answer)}</Typography>
      {correct === true ? (
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
          <CheckCircleRounded fontSize="small" /> 正确
        </Box>
      ) : correct === false ? (
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
          <HighlightOffRounded fontSize="small" /> 错误
        </Box>
      ) : null}
    </Box>
  );
}

function ReviewQuestion(props: { data: ResponseOf<typeof getQuestion>; source: string }) {
  const { question, group } = props.data;
  const craft = useQuery(craftQuery(question.id));
  const split = layoutOf(group) === 'split';
  return (
    <>
      <Paper variant="outlined" sx={{ px: 2, py: 1.5 }}>
        <LastAnswer craft={craft.data ?? null} question={question} />
      </Paper>
      <QuestionFrame split={split}>
        <QuestionView
          question={question}
          group={group}
          answer={craft.data?.issue.answer ?? emptyAnswer}
          mode={DisplayMode.Report}
          paneHeight="calc(100dvh - 64px - 48px - 140px)"
        />
      </QuestionFrame>
      <CraftBar questionId={question.id} category={question.category} source={{ name: props.source }} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <AskTeacherButton topic={question.id} />
      </Box>
    </>
  );
}
