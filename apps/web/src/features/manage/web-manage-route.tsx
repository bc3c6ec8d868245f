// Route module for /web_manage (issue 17, ADR 0031; outside the navigation like the spec's other staff
// pages): the admin's site settings in tabs — 维护 (the maintenance switch with the message members see),
// 版本 (the minimum web version), 权限与额度 (each role's rights and quotas), 套餐价格 (plans), 员工 (staff
// flags; and the common default of extra custom exams, ADR 0034), 下架 (retiring 精选 sets and the six-two
// book into their openers' archives, ADR 0041) — and the ways to the notice
// composer, the operator console and the content sync. Everyone but admins is told
// no; the server refuses them either way.
import { assignCommonTailorUse, getCommonTailorUse } from '@gre/contract/endpoints/permission';
import { getStatus, setMaintenance } from '@gre/contract/endpoints/system';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { FormError } from '../../components/form-error.tsx';
import { StaffPage } from '../../components/staff-page.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError } from '../../lib/validate.ts';
import { RetirePanel } from '../archive/retire-panel.tsx';
import { PlansPanel, RightsPanel, StaffPanel, VersionPanel } from './manage-panels.tsx';

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
        <FormError error={error} />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            确认设定
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

const tabs = ['maintenance', 'version', 'rights', 'plans', 'staff', 'retire'] as const;

export function Component() {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t === params.get('tab')) ?? 'maintenance';
  return (
    <StaffPage
      title="网站管理"
      maxWidth={tab === 'rights' ? 'lg' : 'md'}
      allowed={me.is_admin}
      denied="只有管理员可以管理网站。"
      links={[
        { to: paths.manageNotices, label: '站内通知' },
        { to: paths.manageLessons, label: '课程视频' },
        { to: paths.operate, label: '运营后台' },
        { to: paths.sync, label: '题库同步' },
      ]}
    >
      <Tabs
        variant="scrollable"
        allowScrollButtonsMobile
        value={tab}
        onChange={(_e, v: string) => setParams(v === 'maintenance' ? {} : { tab: v })}
        aria-label="网站管理"
      >
        <Tab value="maintenance" label="维护" />
        <Tab value="version" label="版本" />
        <Tab value="rights" label="权限与额度" />
        <Tab value="plans" label="套餐价格" />
        <Tab value="staff" label="员工" />
        <Tab value="retire" label="下架" />
      </Tabs>
      {tab === 'maintenance' ? <MaintenanceCard /> : null}
      {tab === 'version' ? <VersionPanel /> : null}
      {tab === 'rights' ? (
        <>
          <RightsPanel />
          <CommonTailorCard />
        </>
      ) : null}
      {tab === 'plans' ? <PlansPanel /> : null}
      {tab === 'staff' ? <StaffPanel meId={me.id} /> : null}
      {tab === 'retire' ? <RetirePanel /> : null}
    </StaffPage>
  );
}
