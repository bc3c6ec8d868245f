// The admin's settings on /web_manage (issue 17, ADR 0031), one panel per tab: the minimum web version,
// each role's rights and quotas (a table, one column per role), the plans and their prices, and the staff
// flags. Every form checks its body with the contract's schema first and shows the server's refusal
// otherwise; the server enforces each setting (the page only edits it).
import type { StaffUser } from '@gre/contract/endpoints/permission';
import {
  fenToYuan,
  getManage,
  grantableVisibilities,
  type ManagedPlan,
  type StaffFlags,
  setMinVersion,
  setPlan,
  setRoleRights,
  setStaff,
} from '@gre/contract/endpoints/system';
import { PaymentKind, type Visibility } from '@gre/contract/enums';
import { type RoleQuota, type RoleRights, rightsLines } from '@gre/contract/rights';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError } from '../../lib/validate.ts';
import { UserSearch } from '../operate/user-search.tsx';

const manageKey = ['system', 'get_manage'] as const;
/** Everything under 'system' (the status, the rights texts, this page's data) is read again after a change. */
const refresh = () => queryClient.invalidateQueries({ queryKey: ['system'] });

export function useManage() {
  return useQuery({ queryKey: manageKey, queryFn: ({ signal }) => api(getManage, {}, { signal }) });
}

function Section(props: { title: string; id: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={props.id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={props.id} variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {props.intro}
      </Typography>
      {props.children}
    </Paper>
  );
}

const Refusal = (props: { error: string }) => <FormError error={props.error} sx={{ mt: 1.5 }} />;

// 版本 ------------------------------------------------------------------------------------------------

export function VersionPanel() {
  const manage = useManage();
  const [version, setVersion] = useState('');
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (v: string) => api(setMinVersion, { version: v }),
    onSuccess: (r) => {
      toast('success', `最低网页版本已设为 ${r.min_api_version}，立即生效`);
      setVersion('');
      setError('');
      void refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (v: string) => (e?: FormEvent) => {
    e?.preventDefault();
    const bad = fieldError(setMinVersion.request, { version: v });
    if (bad) return setError(bad);
    save.mutate(v.trim());
  };
  const d = manage.data;
  return (
    <Section
      title="最低网页版本"
      id="version-title"
      intro="低于此版本的网页会被要求刷新（3 秒后自动刷新）。不能高于当前网页版本，以免所有人都无法使用。"
    >
      {d ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          当前要求：<strong>{d.min_api_version}</strong>　部署默认：{d.default_min_api_version}　当前网页版本：
          {d.web_version}
        </Typography>
      ) : null}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        onSubmit={submit(version)}
      >
        <TextField
          id="min-version"
          label="新的最低版本（vX.Y.Z）"
          size="small"
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          sx={{ minWidth: 220 }}
        />
        <Button type="submit" variant="contained" disabled={!d || save.isPending}>
          保存
        </Button>
        <Button
          variant="outlined"
          onClick={() => submit('')()}
          disabled={!d || save.isPending || d.min_api_version === d.default_min_api_version}
        >
          恢复部署默认
        </Button>
      </Stack>
      <Refusal error={error} />
    </Section>
  );
}

// 权限与额度 ------------------------------------------------------------------------------------------

const quotaFields: [keyof Omit<RoleQuota, 'full_mocks' | 'lessons' | 'materials'>, string][] = [
  ['questions_per_day', '每日做题数'],
  ['questions_total', '做题总数'],
  ['mocks_per_day', '每日模考次数'],
  ['mocks_total', '模考总次数'],
  ['essays_per_day', '每日作文批改'],
  ['essays_total', '作文批改总数'],
  ['collects_total', '收藏题数上限'],
  ['notes_total', '笔记题数上限'],
  ['flash_new_per_day', '每日闪卡新词'],
  ['tailors_per_day', '每日自选组卷'],
  ['tailors_total', '自选组卷总数'],
];

const visibilityLabel: Record<(typeof grantableVisibilities)[number], string> = {
  public: '公开（public）',
  free: '免费（free）',
  locked: '会员（locked）',
  lock: '会员（lock）',
  prevent: '会员（prevent）',
  pick: '精选（pick）',
  best: '精华（best）',
};

type Draft = {
  visibilities: Visibility[];
  full_mocks: boolean;
  lessons: boolean;
  materials: boolean;
  counts: Record<string, string>;
};

const draftOf = (r: RoleRights): Draft => ({
  visibilities: r.visibilities,
  full_mocks: r.quota.full_mocks,
  lessons: r.quota.lessons,
  materials: r.quota.materials,
  counts: Object.fromEntries(quotaFields.map(([k]) => [k, String(r.quota[k])])),
});

const bodyOf = (kind: number, d: Draft) => ({
  role_kind: kind,
  visibilities: d.visibilities,
  quota: {
    full_mocks: d.full_mocks,
    lessons: d.lessons,
    materials: d.materials,
    ...Object.fromEntries(quotaFields.map(([k]) => [k, d.counts[k]?.trim() === '' ? Number.NaN : Number(d.counts[k])])),
  },
});

export function RightsPanel() {
  const manage = useManage();
  const roles = manage.data?.roles ?? [];
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const draft = (r: RoleRights) => drafts[r.role_kind] ?? draftOf(r);
  const edit = (r: RoleRights, change: (d: Draft) => Draft) =>
    setDrafts((all) => ({ ...all, [r.role_kind]: change(all[r.role_kind] ?? draftOf(r)) }));
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) =>
      api(setRoleRights, body as Parameters<typeof api<typeof setRoleRights>>[1]),
    onSuccess: (r) => {
      toast('success', `已保存「${r.role.role_name}」的权益，立即生效`);
      setDrafts((all) => {
        const { [r.role.role_kind]: _saved, ...rest } = all;
        return rest;
      });
      setErrors((all) => ({ ...all, [r.role.role_kind]: '' }));
      void refresh();
    },
    onError: (e, body) => setErrors((all) => ({ ...all, [body.role_kind]: errorText(e) })),
  });
  const submit = (r: RoleRights) => {
    const body = bodyOf(r.role_kind, draft(r));
    const bad = fieldError(setRoleRights.request, body);
    if (bad) return setErrors((all) => ({ ...all, [r.role_kind]: bad }));
    save.mutate(body);
  };
  /** The texts members will read, written from the draft as the server would serve it. */
  const preview = (r: RoleRights) => {
    const body = bodyOf(r.role_kind, draft(r));
    const quota = setRoleRights.request.shape.quota.safeParse(body.quota);
    return quota.success
      ? rightsLines({
          ...r,
          visibilities: body.visibilities,
          quota: {
            ...quota.data,
            lessons: quota.data.lessons ?? r.quota.lessons,
            materials: quota.data.materials ?? r.quota.materials,
          },
        })
      : null;
  };
  return (
    <Section
      title="角色权限与额度"
      id="rights-title"
      intro="每个角色可见的题目与额度，服务器按此执行；权益表、会员弹窗与会员卡片的文字也由此生成。-1 表示不限，0 表示不可用。"
    >
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="rights-title" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                项目
              </TableCell>
              {roles.map((r) => (
                <TableCell key={r.role_kind} component="th" scope="col">
                  {r.role_name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {quotaFields.map(([key, label]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
                {roles.map((r) => (
                  <TableCell key={r.role_kind}>
                    <TextField
                      size="small"
                      value={draft(r).counts[key] ?? ''}
                      onChange={(e) => edit(r, (d) => ({ ...d, counts: { ...d.counts, [key]: e.target.value } }))}
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${r.role_name} ${label}` } }}
                      sx={{ width: 110 }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                全套与单科模考
              </TableCell>
              {roles.map((r) => (
                <TableCell key={r.role_kind}>
                  <Checkbox
                    checked={draft(r).full_mocks}
                    onChange={(e) => edit(r, (d) => ({ ...d, full_mocks: e.target.checked }))}
                    slotProps={{ input: { 'aria-label': `${r.role_name} 可做全套与单科模考` } }}
                  />
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                全部课程视频
              </TableCell>
              {roles.map((r) => (
                <TableCell key={r.role_kind}>
                  <Checkbox
                    checked={draft(r).lessons}
                    onChange={(e) => edit(r, (d) => ({ ...d, lessons: e.target.checked }))}
                    slotProps={{ input: { 'aria-label': `${r.role_name} 可看全部课程视频（否则仅免费课程）` } }}
                  />
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                资料下载
              </TableCell>
              {roles.map((r) => (
                <TableCell key={r.role_kind}>
                  <Checkbox
                    checked={draft(r).materials}
                    onChange={(e) => edit(r, (d) => ({ ...d, materials: e.target.checked }))}
                    slotProps={{ input: { 'aria-label': `${r.role_name} 可下载资料（PDF 资料与我的错题本）` } }}
                  />
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                可见题目
              </TableCell>
              {roles.map((r) => (
                <TableCell key={r.role_kind}>
                  <Stack role="group" aria-label={`${r.role_name} 可见题目`}>
                    {grantableVisibilities.map((v) => (
                      <FormControlLabel
                        key={v}
                        label={visibilityLabel[v]}
                        slotProps={{ typography: { variant: 'body2', sx: { whiteSpace: 'nowrap' } } }}
                        control={
                          <Checkbox
                            size="small"
                            checked={draft(r).visibilities.includes(v)}
                            onChange={(e) =>
                              edit(r, (d) => ({
                                ...d,
                                visibilities: e.target.checked
                                  ? [...d.visibilities, v]
                                  : d.visibilities.filter((x) => x !== v),
                              }))
                            }
                          />
                        }
                      />
                    ))}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                会员看到的文字
              </TableCell>
              {roles.map((r) => {
                const l = preview(r);
                return (
                  <TableCell key={r.role_kind} sx={{ verticalAlign: 'top' }}>
                    {l ? (
                      <Typography variant="body2" component="div" sx={{ fontSize: '0.8rem' }}>
                        做题：{l.questions}
                        <br />
                        模考：{l.mocks}
                        <br />
                        作文：{l.essays}
                        <br />
                        收藏与笔记：{l.review}
                        <br />
                        课程视频：{l.lessons}
                        <br />
                        资料下载：{l.materials}
                        <br />
                        闪卡：{l.flash}
                        <br />
                        题目：{l.visibility}
                      </Typography>
                    ) : (
                      <Typography variant="body2" color="error">
                        额度填写不正确
                      </Typography>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
            <TableRow>
              <TableCell />
              {roles.map((r) => (
                <TableCell key={r.role_kind} sx={{ verticalAlign: 'top' }}>
                  <Button variant="contained" size="small" disabled={save.isPending} onClick={() => submit(r)}>
                    保存{/^[A-Z]/.test(r.role_name) ? ' ' : ''}
                    {r.role_name}
                  </Button>
                  {errors[r.role_kind] ? (
                    <Alert severity="error" role="alert" sx={{ mt: 1, maxWidth: 200 }}>
                      {errors[r.role_kind]}
                    </Alert>
                  ) : null}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}

// 套餐价格 ------------------------------------------------------------------------------------------

const paymentKindName: Record<PaymentKind, string> = {
  [PaymentKind.VIP]: 'VIP 会员',
  [PaymentKind.SVIP]: '超级 VIP',
  [PaymentKind.FlashCoin]: '闪卡币',
};

function PlanRow(props: { plan: ManagedPlan }) {
  const p = props.plan;
  const [title, setTitle] = useState(p.title);
  const [price, setPrice] = useState(fenToYuan(p.price_fen));
  const [active, setActive] = useState(p.active);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (body: { kind: ManagedPlan['kind']; param: number; title: string; price: string; active: boolean }) =>
      api(setPlan, body),
    onSuccess: (r) => {
      toast(
        'success',
        `已保存「${r.plan.title}」：${fenToYuan(r.plan.price_fen)} 元${r.plan.active ? '' : '（已下架）'}`,
      );
      setError('');
      void refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { kind: p.kind, param: p.param, title, price, active };
    const bad = fieldError(setPlan.request, body);
    if (bad) return setError(bad);
    save.mutate(body);
  };
  const what = p.coins > 0 ? `${p.coins} 闪卡币` : `${p.days} 天`;
  const id = `plan-${p.kind}-${p.param}`;
  return (
    <Paper component="form" variant="outlined" onSubmit={submit} aria-labelledby={`${id}-name`} sx={{ p: 2 }}>
      <Typography id={`${id}-name`} variant="subtitle2" sx={{ mb: 1.5 }}>
        {paymentKindName[p.kind]} · {what}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          id={`${id}-title`}
          label="名称"
          size="small"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          id={`${id}-price`}
          label="价格（元）"
          size="small"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { sm: 140 } }}
        />
        <FormControlLabel
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
          label={active ? '在售' : '已下架'}
        />
        <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
          保存
        </Button>
      </Stack>
      <Refusal error={error} />
    </Paper>
  );
}

export function PlansPanel() {
  const manage = useManage();
  return (
    <Section
      title="套餐与价格"
      id="plans-title"
      intro="修改后新订单按新价格收费，已创建的订单保持下单时的价格。下架的套餐不再出售。"
    >
      <Stack spacing={1.5}>
        {(manage.data?.plans ?? []).map((p) => (
          <PlanRow key={`${p.kind}-${p.param}-${p.price_fen}-${p.title}-${p.active}`} plan={p} />
        ))}
      </Stack>
    </Section>
  );
}

// 员工 ------------------------------------------------------------------------------------------------

function StaffRow(props: { staff: StaffFlags; self: boolean }) {
  const s = props.staff;
  const [flags, setFlags] = useState({ is_admin: s.is_admin, is_operator: s.is_operator, is_teacher: s.is_teacher });
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (body: { user_id: string } & typeof flags) => api(setStaff, body),
    onSuccess: (r) => {
      toast('success', `已更新 ${r.staff.name} 的员工标记，立即生效`);
      setError('');
      void refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { user_id: s.user_id, ...flags };
    const bad = fieldError(setStaff.request, body);
    if (bad) return setError(bad);
    save.mutate(body);
  };
  const flag = (key: keyof typeof flags, label: string) => (
    <FormControlLabel
      label={label}
      control={<Checkbox checked={flags[key]} onChange={(e) => setFlags({ ...flags, [key]: e.target.checked })} />}
    />
  );
  return (
    <Paper component="form" variant="outlined" onSubmit={submit} aria-label={`${s.name} 的员工标记`} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ minWidth: 180 }}>
          {s.name} · ID {s.user_id}
          {props.self ? '（我）' : ''}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {flag('is_admin', '管理员')}
          {flag('is_operator', '运营')}
          {flag('is_teacher', '老师')}
        </Stack>
        <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
          保存
        </Button>
      </Stack>
      <Refusal error={error} />
    </Paper>
  );
}

export function StaffPanel(props: { meId: string }) {
  const manage = useManage();
  const [found, setFound] = useState<StaffFlags[] | null>(null);
  const foundUsers = (users: StaffUser[]) => {
    const staff = new Map((manage.data?.staff ?? []).map((s) => [s.user_id, s]));
    // A user who is no staff has no flag; a staff member's flags come from the list above.
    setFound(
      users.map(
        (u) =>
          staff.get(u.user_id) ?? {
            user_id: u.user_id,
            name: u.name,
            is_admin: false,
            is_operator: false,
            is_teacher: false,
          },
      ),
    );
  };
  const key = (s: StaffFlags) => `${s.user_id}-${s.is_admin}-${s.is_operator}-${s.is_teacher}`;
  return (
    <Section
      title="员工"
      id="staff-title"
      intro="管理员、运营和老师的标记在该用户的下一次请求时生效。不能取消自己的管理员权限。"
    >
      <Stack spacing={1.5}>
        {(manage.data?.staff ?? []).map((s) => (
          <StaffRow key={key(s)} staff={s} self={s.user_id === props.meId} />
        ))}
        <UserSearch id="staff-query" label="查找用户：ID、手机号、邮箱或昵称" hint=" " compact onFound={foundUsers} />
        {found?.map((s) => (
          <StaffRow key={`found-${key(s)}`} staff={s} self={s.user_id === props.meId} />
        ))}
      </Stack>
    </Section>
  );
}
