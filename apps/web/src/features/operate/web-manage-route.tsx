// Route module for /web_manage (issue 17, ADR 0031; outside the navigation like the spec's other staff
// pages): the admin's site switches. Today the maintenance switch with the message members see on the
// maintenance page (audited on the server), and the ways to the notice composer and the operator
// console; the common default of extra custom exams (自选组卷) for everyone (ADR 0033). Everyone but admins is told no; the server refuses them either way.
import { assignCommonTailorUse, getCommonTailorUse } from '@gre/contract/endpoints/permission';
import { getStatus, setMaintenance } from '@gre/contract/endpoints/system';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { api, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError } from '../../lib/validate.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const statusKey = ['system', 'status'] as const;

function MaintenanceCard() {
  const status = useQuery({ queryKey: statusKey, queryFn: () => api(getStatus, {}) });
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const on = status.data?.maintenance.on ?? false;
  const toggle = useMutation({
    mutationFn: (body: { on: boolean; message: string }) => api(setMaintenance, body),
    onSuccess: (m) => {
      toast('success', m.on ? '已开启维护：会员暂时无法使用，工作人员不受影响' : '已结束维护');
      setMessage('');
      setError('');
      queryClient.setQueryData(statusKey, (old: typeof status.data) => (old ? { ...old, maintenance: m } : old));
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { on: !on, message: on ? '' : message.trim() };
    const bad = fieldError(setMaintenance.request, body);
    if (bad) return setError(bad);
    toggle.mutate(body);
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-labelledby="maintenance-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Typography id="maintenance-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
          维护模式
        </Typography>
        {status.data ? <Chip size="small" color={on ? 'error' : 'success'} label={on ? '维护中' : '正常运行'} /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        维护时会员和访客看到维护页，无法使用网站；管理员、运营和老师不受影响。
      </Typography>
      {on ? (
        status.data?.maintenance.message ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            维护说明：{status.data.maintenance.message}
          </Typography>
        ) : null
      ) : (
        <TextField
          id="maintenance-message"
          label="维护说明（可选，显示在维护页）"
          fullWidth
          size="small"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          sx={{ mb: 2 }}
        />
      )}
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        color={on ? 'primary' : 'error'}
        disabled={!status.data || toggle.isPending}
      >
        {on ? '结束维护' : '开启维护'}
      </Button>
    </Paper>
  );
}

const commonTailorKey = ['permission', 'common_tailor'] as const;

/** The extra custom exams every user may create beyond their role's quota (assign_common_tailor_use). */
function CommonTailorCard() {
  const current = useQuery({ queryKey: commonTailorKey, queryFn: () => api(getCommonTailorUse, {}) });
  const [extra, setExtra] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (body: { extra: number; note: string }) => api(assignCommonTailorUse, body),
    onSuccess: (r) => {
      toast('success', `公共额外自选组卷次数已设为 ${r.extra} 次`);
      setExtra('');
      setNote('');
      setError('');
      queryClient.setQueryData(commonTailorKey, r);
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!extra.trim()) return setError('请填写额外组卷次数');
    const body = { extra: Number(extra), note };
    const bad = fieldError(assignCommonTailorUse.request, body);
    if (bad) return setError(bad);
    save.mutate(body);
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-labelledby="tailor-title"
      sx={{ p: { xs: 2, sm: 3 } }}
      noValidate
    >
      <Typography id="tailor-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        自选组卷：公共额外次数
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        每个用户在角色额度用完后还可额外自选组卷的次数（累计，用完为止），与运营给单个用户设定的次数相加。当前：
        {current.data ? `${current.data.extra} 次` : '…'}
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          id="tailor-common-extra"
          label="公共额外次数"
          size="small"
          value={extra}
          onChange={(e) => setExtra(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          id="tailor-common-note"
          label="原因"
          size="small"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          required
        />
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            确认设定
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const me = useCurrentUser();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="md" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
          <Button startIcon={<ArrowBack />} component={Link} to={paths.home}>
            返回首页
          </Button>
          {me.is_admin ? (
            <>
              <Button component={Link} to={paths.manageNotices}>
                站内通知
              </Button>
              <Button component={Link} to={paths.operate}>
                运营后台
              </Button>
            </>
          ) : null}
        </Stack>
        <Stack component="main" spacing={3}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
            网站管理
          </Typography>
          {me.is_admin ? (
            <>
              <MaintenanceCard />
              <CommonTailorCard />
            </>
          ) : (
            <Alert severity="warning">只有管理员可以管理网站。</Alert>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
