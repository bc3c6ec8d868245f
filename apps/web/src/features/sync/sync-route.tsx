// Route module for /sync (issue 17; outside the navigation like the spec's other staff pages): the
// admin imports the question bank from the server's content/ folder. 预演 is the dry run (what would
// be added, changed and retired, or every problem named by its file; nothing written); 导入 applies
// exactly that plan, and the server refuses it if the files or the bank changed since.
import { type SyncPlan, syncApply, syncPlan } from '@gre/contract/endpoints/sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { FormError } from '../../components/form-error.tsx';
import { StaffPage } from '../../components/staff-page.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const changeKinds = [
  ['added', '新增'],
  ['changed', '修改或重新上线'],
  ['retired', '下线'],
] as const;

function ChangeList(props: { title: string; list: SyncPlan['added'] }) {
  const { title, list } = props;
  const id = `sync-${title}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        {title}（{list.count}）
      </Typography>
      {list.count ? (
        <Box
          component="ul"
          sx={{ m: 0, pl: 2.5, maxHeight: 220, overflow: 'auto', fontFamily: 'monospace', fontSize: '0.85rem' }}
          tabIndex={0}
          aria-label={`${title}的题目`}
        >
          {list.items.map((i) => (
            <li key={i.id}>
              {i.id}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {i.file}
              </Box>
            </li>
          ))}
          {list.count > list.items.length ? (
            <li>
              …共 {list.count} 道，只列出前 {list.items.length} 道
            </li>
          ) : null}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          无
        </Typography>
      )}
    </Box>
  );
}

const fieldNames: Record<string, string> = {
  analysis: '解析',
  key_words: '关键词',
  tags: '标签',
  difficulty: '难度',
  visibility: '可见性',
};

type Keep = Record<string, 'edit' | 'file'>;

/** Edited items whose file changed (ADR 0035): the admin keeps the edit or takes the file, per item. */
function ConflictList(props: { list: SyncPlan['conflicts']; keep: Keep; onChange: (keep: Keep) => void }) {
  const { list, keep } = props;
  const all = (side: 'edit' | 'file') => props.onChange(Object.fromEntries(list.items.map((i) => [i.id, side])));
  return (
    <Box component="section" aria-labelledby="sync-conflicts">
      <Typography id="sync-conflicts" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        修改冲突（{list.count}）
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        这些题目有管理员的修改，题库文件在修改后又改了它们。请逐题选择：保留修改（修改覆盖在新文件内容上），或采用文件（丢弃修改）。
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => all('edit')}>
          全部保留修改
        </Button>
        <Button size="small" variant="outlined" onClick={() => all('file')}>
          全部采用文件
        </Button>
      </Box>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {list.items.map((i) => (
          <Box
            component="li"
            key={i.id}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              flexWrap: 'wrap',
              borderBottom: 1,
              borderColor: 'divider',
              pb: 1,
            }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {i.id}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                {i.file} · 修改了{i.fields.map((f) => fieldNames[f] ?? f).join('、')}
              </Box>
            </Box>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={keep[i.id] ?? null}
              onChange={(_, v: 'edit' | 'file' | null) => {
                if (v) props.onChange({ ...keep, [i.id]: v });
              }}
              aria-label={`${i.id} 的处理`}
            >
              <ToggleButton value="edit">保留修改</ToggleButton>
              <ToggleButton value="file">采用文件</ToggleButton>
            </ToggleButtonGroup>
          </Box>
        ))}
      </Stack>
      {list.count > list.items.length ? (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          共 {list.count} 道，只列出前 {list.items.length} 道：其余的请先在题目上撤销修改或改回文件后再预演。
        </Typography>
      ) : null}
    </Box>
  );
}

function SyncPanel() {
  const [keep, setKeep] = useState<Keep>({});
  const [plan, setPlan] = useState<SyncPlan | null>(null);
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  const check = useMutation({
    mutationFn: () => api(syncPlan, {}),
    onMutate: () => {
      setError('');
      setResult('');
    },
    onSuccess: (p) => {
      setPlan(p);
      setKeep({});
    },
    onError: (e) => setError(errorText(e)),
  });
  const apply = useMutation({
    mutationFn: (planId: string) => api(syncApply, { plan_id: planId, keep }),
    onMutate: () => setError(''),
    onSuccess: (r) => {
      setPlan(null);
      setResult(
        `导入完成：新增 ${r.added} 道，修改 ${r.changed} 道，下线 ${r.retired} 道` +
          `${r.word_questions === null ? '' : `，单词题重建 ${r.word_questions} 道`}` +
          `${r.kept_edits + r.dropped_edits ? `，保留修改 ${r.kept_edits} 道、采用文件 ${r.dropped_edits} 道` : ''}，用时 ${(r.ms / 1000).toFixed(1)} 秒。各服务进程已重新加载题库。`,
      );
    },
    onError: (e) => setError(errorText(e)),
  });
  const pending = plan ? plan.added.count + plan.changed.count + plan.retired.count + plan.conflicts.count : 0;
  const undecided = plan ? plan.conflicts.count - plan.conflicts.items.filter((i) => keep[i.id]).length : 0;
  const busy = check.isPending || apply.isPending;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          从服务器的 content/
          目录导入题库。先预演：读取并校验全部文件，列出将新增、修改、下线的题目（不写入）；确认后再导入。
          预演之后文件或题库有变化时，导入会被拒绝，请重新预演。
        </Typography>
        <Box>
          <Button variant="contained" onClick={() => check.mutate()} disabled={busy} sx={{ minHeight: 44 }}>
            {plan ? '重新预演' : '预演'}
          </Button>
        </Box>
        {busy ? (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {check.isPending ? '正在读取并校验题库文件…' : '正在导入题库并通知各服务进程重新加载…'}
            </Typography>
            <LinearProgress aria-label={check.isPending ? '预演进度' : '导入进度'} />
          </Box>
        ) : null}
        <FormError error={error} />
        {result ? (
          <Alert severity="success" role="status">
            {result}
          </Alert>
        ) : null}
        {plan ? (
          <Stack spacing={2} component="section" aria-label="预演结果">
            <Typography sx={{ fontWeight: 600 }}>
              预演结果：{plan.files} 个文件、{plan.questions} 道题；未变化 {plan.unchanged} 道
              {plan.vocabulary_changed ? '；词表或单词释义有变化，导入时重建单词题' : ''}
            </Typography>
            {plan.problems.length ? (
              <Alert severity="error">
                <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
                  文件有 {plan.problems.length} 处错误，修正后再预演：
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5, fontFamily: 'monospace', fontSize: '0.85rem' }}>
                  {plan.problems.slice(0, 50).map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </Box>
              </Alert>
            ) : (
              <>
                {changeKinds.map(([k, title]) => (
                  <ChangeList key={k} title={title} list={plan[k]} />
                ))}
                {plan.conflicts.count ? <ConflictList list={plan.conflicts} keep={keep} onChange={setKeep} /> : null}
              </>
            )}
            <Box>
              <Button
                variant="contained"
                color="warning"
                onClick={() => apply.mutate(plan.plan_id)}
                disabled={
                  busy || plan.problems.length > 0 || undecided > 0 || (pending === 0 && !plan.vocabulary_changed)
                }
                sx={{ minHeight: 44 }}
              >
                {undecided > 0
                  ? `还有 ${undecided} 道冲突未选择`
                  : pending || plan.vocabulary_changed
                    ? '按预演结果导入'
                    : '没有需要导入的变化'}
              </Button>
            </Box>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function Component() {
  const me = useCurrentUser();
  return (
    <StaffPage
      title="题库同步"
      allowed={me.is_admin}
      denied="只有管理员可以同步题库。"
      links={[{ to: paths.webManage, label: '网站管理' }]}
    >
      <SyncPanel />
    </StaffPage>
  );
}
