// Route module for /web_manage/lessons (ADR 0039): the admins' lessons panel, linked from /web_manage
// and 工作台. Upload a video (title, what it teaches, topic, the question kinds that practise it,
// free or members only); a job packages it to HLS while the list shows its progress, every two
// seconds, and a failure with its Chinese reason. Uploaded lessons can be deleted.
import { deleteLesson, uploadLesson } from '@gre/contract/endpoints/lesson';
import {
  type LessonTopic,
  lessonAccept,
  lessonLimits,
  lessonTopicLabel,
  lessonTopics,
  lessonUploadMaxText,
  type ManagedLesson,
} from '@gre/contract/lesson';
import { type QuestionKind, questionKindLabel, questionKinds } from '@gre/contract/question';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { paths, videoHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { StaffPage } from '../../components/staff-page.tsx';
import { api, apiUpload, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { formatDuration } from './lesson-format.ts';
import { managedLessonsQuery } from './queries.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const statusLabel: Record<ManagedLesson['status'], string> = { ready: '可播放', packaging: '打包中', failed: '失败' };
const refresh = () => queryClient.invalidateQueries({ queryKey: managedLessonsQuery(false).queryKey });

function UploadForm() {
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [topic, setTopic] = useState<LessonTopic>('verbal');
  const [kinds, setKinds] = useState<QuestionKind[]>([]);
  const [free, setFree] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const send = async () => {
    setError('');
    const fields = { title, summary, topic, kinds: kinds.join(','), free: String(free) };
    const checked = uploadLesson.request.safeParse(fields);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? '请检查表单');
    if (!file) return setError('请选择视频文件');
    if (file.size > lessonLimits.uploadBytes) return setError(`视频不能超过 ${lessonUploadMaxText}`);
    setProgress(0);
    try {
      const made = await apiUpload(uploadLesson, file, fields, { onProgress: setProgress });
      toast('success', `已上传「${made.title}」，正在打包为 HLS`);
      setTitle('');
      setSummary('');
      setKinds([]);
      setFile(null);
      void refresh();
    } catch (err) {
      setError(errorText(err, '上传失败，请稍后再试'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="upload-title">
      <Typography id="upload-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        上传课程视频
      </Typography>
      <Stack spacing={2}>
        <TextField label="课程标题" value={title} onChange={(e) => setTitle(e.target.value)} required />
        <TextField
          label="讲什么（课程简介）"
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          multiline
          minRows={2}
          required
        />
        <TextField select label="主题" value={topic} onChange={(e) => setTopic(e.target.value as LessonTopic)}>
          {lessonTopics.map((t) => (
            <MenuItem key={t} value={t}>
              {lessonTopicLabel[t]}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset">
          <FormLabel component="legend">对应题型（第一个用于「去练习」）</FormLabel>
          <FormGroup row>
            {questionKinds.map((k) => (
              <FormControlLabel
                key={k}
                label={questionKindLabel[k]}
                control={
                  <Checkbox
                    size="small"
                    checked={kinds.includes(k)}
                    onChange={(e) => setKinds((all) => (e.target.checked ? [...all, k] : all.filter((x) => x !== k)))}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <FormControlLabel
          label="免费课程（所有用户可看；否则按角色权益）"
          control={<Checkbox checked={free} onChange={(e) => setFree(e.target.checked)} />}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" component="label">
            选择视频文件
            <input
              type="file"
              hidden
              accept={lessonAccept}
              aria-label="选择视频文件"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file
              ? `${file.name}（${(file.size / 1024 / 1024).toFixed(1)} MB）`
              : `MP4、MOV、WebM 或 MKV，不超过 ${lessonUploadMaxText}`}
          </Typography>
        </Stack>
        {progress !== null ? (
          <LinearProgress variant="determinate" value={progress * 100} aria-label="上传进度" />
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button variant="contained" onClick={send} disabled={progress !== null} sx={{ alignSelf: 'flex-start' }}>
          上传并打包
        </Button>
      </Stack>
    </Paper>
  );
}

function LessonTable() {
  const first = useQuery(managedLessonsQuery(false));
  const packaging = first.data?.lessons.some((l) => l.status === 'packaging') ?? false;
  const q = useQuery(managedLessonsQuery(packaging));
  const remove = useMutation({
    mutationFn: (id: string) => api(deleteLesson, { id }),
    onSuccess: () => {
      toast('success', '已删除');
      void refresh();
    },
  });
  if (q.isPending) return <LinearProgress aria-label="加载中" />;
  if (q.isError) return <Alert severity="error">课程列表加载失败，请稍后刷新。</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="全部课程">
        <TableHead>
          <TableRow>
            <TableCell>课程</TableCell>
            <TableCell>主题</TableCell>
            <TableCell>状态</TableCell>
            <TableCell>时长</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {q.data.lessons.map((l) => (
            <TableRow key={l.id}>
              <TableCell>
                {l.status === 'ready' ? <RouterLink to={videoHref(l.id)}>{l.title}</RouterLink> : l.title}
                <Box>
                  <Chip size="small" variant="outlined" label={l.free ? '免费' : '会员'} sx={{ mt: 0.5 }} />
                  {l.builtin ? <Chip size="small" label="内置" sx={{ mt: 0.5, ml: 0.5 }} /> : null}
                </Box>
              </TableCell>
              <TableCell>{lessonTopicLabel[l.topic]}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                {statusLabel[l.status]}
                {l.status === 'packaging' ? (
                  <LinearProgress
                    variant="determinate"
                    value={l.progress}
                    aria-label={`${l.title} 打包进度 ${l.progress}%`}
                    sx={{ mt: 0.5 }}
                  />
                ) : null}
                {l.failure ? (
                  <Typography variant="caption" color="error" component="p">
                    {l.failure}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{l.duration_s ? formatDuration(l.duration_s) : '—'}</TableCell>
              <TableCell>
                {l.builtin || l.status === 'packaging' ? null : (
                  <Button
                    size="small"
                    color="error"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(l.id)}
                    aria-label={`删除 ${l.title}`}
                  >
                    删除
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function Component() {
  const me = useCurrentUser();
  return (
    <StaffPage
      title="课程视频"
      allowed={me.is_admin}
      denied="只有管理员可以管理课程视频。"
      links={[
        { to: paths.webManage, label: '网站管理' },
        { to: paths.video, label: '课程目录' },
      ]}
    >
      <UploadForm />
      <LessonTable />
    </StaffPage>
  );
}
