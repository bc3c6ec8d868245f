// Route module for /operate, the operator console (issue 17, ADR 0031; outside the navigation like the
// spec's other staff pages): find a user by id, phone, e-mail or name; read their role, expiry, coins,
// flags, orders and the staff actions on them; grant or remove a membership, change coins, open or close
// the advanced bank, and (admins) freeze or unfreeze, refund or void orders. Each change names its reason
// and is audited on the server; the crown (set_high) and extra custom exams (assign_custom_tailor_use)
// have their forms here too (ADR 0034), and the user's mark (mark-panel.tsx, ADR 0036). The 折扣码 and 兑换码 tabs (?tab=codes|vouchers) are codes-panel.tsx,
// 新人礼包 (?tab=gifts) gifts-panel.tsx, 报表 (?tab=report) report-panel.tsx. Everyone without the operator or admin flag is told no; the server refuses them either way.

import type { StaffUser } from '@gre/contract/endpoints/permission';
import * as mep from '@gre/contract/endpoints/permission';
import { freeze } from '@gre/contract/endpoints/user';
import { RoleKind, roleName, TradeStatus } from '@gre/contract/enums';
import type { Trade } from '@gre/contract/pay';
import type { OpAction } from '@gre/contract/user';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { FormError } from '../../components/form-error.tsx';
import { StaffPage } from '../../components/staff-page.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { chinaTime, tradeStatusLabel, yuan } from '../../lib/trades.ts';
import { fieldError } from '../../lib/validate.ts';
import { DiscountCodesPanel, VouchersPanel } from './codes-panel.tsx';
import { GiftsPanel } from './gifts-panel.tsx';
import { MarkPanel } from './mark-panel.tsx';
import { shownInDialog, useOpCheck, withCodeSlot } from './op-check-dialog.tsx';
import { ReportPanel } from './report-panel.tsx';
import { UserSearch } from './user-search.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const userQueryKey = (id: string) => ['operate', 'user', id] as const;

/** What the audit's action names mean on screen. */
const actionLabel: Record<string, string> = {
  manual_grant_vip: '开通会员',
  remove_vip: '取消会员',
  manual_change_flash_coin: '调整闪卡币',
  set_higher: '高阶题库',
  set_high: '皇冠',
  assign_custom_tailor_use: '自选组卷',
  set_mark: '用户标记',
  'trade.refund': '退款',
  'trade.invalidate': '作废订单',
  freeze: '冻结账号',
  unfreeze: '解冻账号',
};

/** Paid orders an admin may refund (an exceptional refund, such as a double payment). */
const refundable: number[] = [TradeStatus.PaySuccess, TradeStatus.ApplySuccess, TradeStatus.ApplyFail];

/** One action: its own fields, a reason, a button; the server's refusal shows under it. */
function ActionForm(props: {
  title: string;
  submitLabel: string;
  children?: ReactNode;
  onSubmit: (note: string) => Promise<unknown> | string | null;
  pending: boolean;
  tone?: 'primary' | 'error';
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const r = props.onSubmit(note);
      if (typeof r === 'string') return setError(r);
      // false: the operator closed the confirmation dialog; the form keeps what was typed.
      if ((await r) !== false) setNote('');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      sx={{ p: 2 }}
      noValidate
    >
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
        {props.title}
      </Typography>
      <Stack spacing={1.5}>
        {props.children}
        <TextField
          id={`${id}-note`}
          label="原因"
          size="small"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          required
        />
        <FormError error={error} />
        <Box>
          <Button type="submit" variant="contained" color={props.tone ?? 'primary'} disabled={props.pending}>
            {props.submitLabel}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function Actions({ user, isAdmin }: { user: StaffUser; isAdmin: boolean }) {
  const [role, setRole] = useState<3 | 4>(3);
  const [days, setDays] = useState('30');
  const [delta, setDelta] = useState('');
  const [extra, setExtra] = useState(String(user.tailor_extra));
  const [shelf, setShelf] = useState(user.show_tailor_shelf || user.tailor_extra > 0);
  const refresh = async (message: string) => {
    toast('success', message);
    await queryClient.invalidateQueries({ queryKey: ['operate'] });
  };
  const run = useMutation({ mutationFn: (f: () => Promise<unknown>) => f() });
  const check = useOpCheck();
  const who = `${user.name}（ID ${user.user_id}）`;
  /**
   * Checks `body` with the endpoint's own schema (a refusal is the contract's words), then asks for the
   * operator check code in the confirmation dialog and calls the endpoint with it.
   */
  const act = <B extends object>(
    schema: Parameters<typeof fieldError>[0],
    body: B,
    action: OpAction,
    summary: string,
    call: (op_code: string) => Promise<unknown>,
    done: string,
  ) => {
    const bad = fieldError(schema, withCodeSlot(body));
    if (bad) return bad;
    return check
      .ask(action, summary, (op_code) => run.mutateAsync(() => call(op_code)))
      .then(async (ok) => {
        if (ok) await refresh(done);
        return ok;
      });
  };
  const opts = { shownInPage: shownInDialog };
  const member = user.role_kind === RoleKind.VIP || user.role_kind === RoleKind.SVIP;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {check.dialog}
      <ActionForm
        title="开通会员"
        submitLabel="确认开通"
        pending={run.isPending}
        onSubmit={(note) => {
          const body = { user_id: user.user_id, role_kind: role, days: Number(days), note };
          return act(
            mep.manualGrantVip.request,
            body,
            'grant_vip',
            `为 ${who}开通 ${role === 4 ? '超级 VIP' : 'VIP 会员'} ${days} 天（原因：${note.trim()}）`,
            (op_code) => api(mep.manualGrantVip, { ...body, op_code }, opts),
            '已开通',
          );
        }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={role}
          onChange={(_e, v: 3 | 4 | null) => v !== null && setRole(v)}
          aria-label="会员类型"
        >
          <ToggleButton value={3}>VIP 会员</ToggleButton>
          <ToggleButton value={4}>超级 VIP</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          id="operate-days"
          label="天数（累加到当前有效期）"
          size="small"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </ActionForm>
      <ActionForm
        title="闪卡币"
        submitLabel="确认调整"
        pending={run.isPending}
        onSubmit={(note) => {
          const body = { user_id: user.user_id, delta: Number(delta), note };
          if (!delta.trim()) return '请填写变动数量';
          const r = act(
            mep.manualChangeFlashCoin.request,
            body,
            'change_coin',
            `${who}的闪卡币${body.delta > 0 ? `增加 ${body.delta}` : `扣减 ${-body.delta}`}（原因：${note.trim()}）`,
            (op_code) => api(mep.manualChangeFlashCoin, { ...body, op_code }, opts),
            '闪卡币已调整',
          );
          return typeof r === 'string'
            ? r
            : r.then((ok) => {
                if (ok) setDelta('');
                return ok;
              });
        }}
      >
        <TextField
          id="operate-delta"
          label="变动（增加填正数，扣减填负数）"
          size="small"
          value={delta}
          onChange={(e) => setDelta(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </ActionForm>
      <ActionForm
        title={user.show_higher_collect ? '高阶题库（已开通）' : '高阶题库（未开通）'}
        submitLabel={user.show_higher_collect ? '关闭高阶题库' : '开通高阶题库'}
        pending={run.isPending}
        onSubmit={(note) => {
          const body = { user_id: user.user_id, on: !user.show_higher_collect, note };
          return act(
            mep.setHigher.request,
            body,
            'set_higher',
            `为 ${who}${body.on ? '开通' : '关闭'}高阶题库（原因：${note.trim()}）`,
            (op_code) => api(mep.setHigher, { ...body, op_code }, opts),
            body.on ? '已开通高阶题库' : '已关闭高阶题库',
          );
        }}
      />
      <ActionForm
        title={user.has_crown ? '皇冠（已授予）' : '皇冠（未授予）'}
        submitLabel={user.has_crown ? '收回皇冠' : '授予皇冠'}
        tone={user.has_crown ? 'error' : 'primary'}
        pending={run.isPending}
        onSubmit={(note) => {
          const body = { user_id: user.user_id, on: !user.has_crown, note };
          return act(
            mep.setHigh.request,
            body,
            'set_high',
            `${body.on ? '授予' : '收回'} ${who} 的皇冠（原因：${note.trim()}）`,
            (op_code) => api(mep.setHigh, { ...body, op_code }, opts),
            body.on ? '已授予皇冠' : '已收回皇冠',
          );
        }}
      >
        <Typography variant="body2" color="text.secondary">
          有皇冠的用户无论角色都可打开精华题与精华套题；不放宽每日额度。收回后立即生效。
        </Typography>
      </ActionForm>
      <ActionForm
        title="自选组卷（角色额度之外）"
        submitLabel="确认设定"
        pending={run.isPending}
        onSubmit={(note) => {
          if (!extra.trim()) return '请填写额外组卷次数';
          const body = { user_id: user.user_id, extra: Number(extra), show_shelf: shelf, note };
          return act(
            mep.assignCustomTailorUse.request,
            body,
            'tailor',
            `为 ${who} 设定额外自选组卷 ${body.extra} 次（原因：${note.trim()}）`,
            (op_code) => api(mep.assignCustomTailorUse, { ...body, op_code }, opts),
            '已设定额外自选组卷次数',
          );
        }}
      >
        <TextField
          id="operate-tailor-extra"
          label={`额外次数（累计，已用 ${user.tailor_extra_used} 次）`}
          size="small"
          value={extra}
          onChange={(e) => setExtra(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={shelf} onChange={(e) => setShelf(e.target.checked)} />}
          label="在练习页显示“我的组卷”"
        />
      </ActionForm>
      {member ? (
        <ActionForm
          title="取消会员"
          submitLabel="取消会员"
          tone="error"
          pending={run.isPending}
          onSubmit={(note) => {
            const body = { user_id: user.user_id, note };
            return act(
              mep.removeVip.request,
              body,
              'remove_vip',
              `取消 ${who}的会员，立即变为普通会员（原因：${note.trim()}）`,
              (op_code) => api(mep.removeVip, { ...body, op_code }, opts),
              '已取消会员',
            );
          }}
        />
      ) : null}
      {isAdmin ? (
        <ActionForm
          title={user.is_freeze ? `账号已冻结${user.freeze_reason ? `：${user.freeze_reason}` : ''}` : '冻结账号'}
          submitLabel={user.is_freeze ? '解冻' : '冻结'}
          tone={user.is_freeze ? 'primary' : 'error'}
          pending={run.isPending}
          onSubmit={(note) => {
            const body = { user_id: user.user_id, freeze: !user.is_freeze, reason: note };
            if (!note.trim()) return '请填写原因';
            return act(
              freeze.request,
              body,
              'freeze',
              `${user.is_freeze ? '解冻' : '冻结'} ${who}的账号${user.is_freeze ? '' : '，其所有设备立即下线'}（原因：${note.trim()}）`,
              (op_code) => api(freeze, { ...body, op_code }, opts),
              user.is_freeze ? '已解冻' : '已冻结，该用户所有设备已下线',
            );
          }}
        />
      ) : null}
    </Box>
  );
}

/** An admin's exceptional action on one order: a refund through the provider, or a void; with a reason. */
function TradeAction(props: { trade: Trade; kind: 'refund' | 'void' }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const refund = props.kind === 'refund';
  const label = refund ? '退款' : '作废';
  const check = useOpCheck();
  const opts = { shownInPage: shownInDialog };
  const run = useMutation({
    mutationFn: (b: { note: string; op_code: string }) =>
      refund
        ? api(mep.refundTrade, { trade_id: props.trade.id, ...b }, opts)
        : api(mep.invalidateTrade, { trade_id: props.trade.id, ...b }, opts),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const body = { trade_id: props.trade.id, note };
    const bad = fieldError(refund ? mep.refundTrade.request : mep.invalidateTrade.request, withCodeSlot(body));
    if (bad) return setError(bad);
    const done = await check.ask(
      refund ? 'refund' : 'void',
      `${label}订单 ${props.trade.id}（${props.trade.title} · ${yuan(props.trade.price_fen)}；原因：${note.trim()}）`,
      (op_code) => run.mutateAsync({ note, op_code }),
    );
    if (!done) return;
    toast('success', refund ? '已退款' : '订单已作废');
    setOpen(false);
    setNote('');
    await queryClient.invalidateQueries({ queryKey: ['operate'] });
  };
  return (
    <>
      <Button size="small" color={refund ? 'error' : 'inherit'} onClick={() => setOpen(true)} sx={{ minHeight: 32 }}>
        {label}
      </Button>
      {check.dialog}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`trade-${props.kind}-title`}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={`trade-${props.kind}-title`}>
            {label}订单 {props.trade.id}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2">
                {props.trade.title} · {yuan(props.trade.price_fen)} ·{' '}
                {refund
                  ? '全额经支付渠道原路退回。会员与闪卡币不会自动收回，如需收回请另行操作。'
                  : '作废后订单不能再支付；未支付的订单同时在支付渠道关闭。'}
              </Typography>
              <TextField
                id={`trade-${props.kind}-note`}
                label="原因"
                size="small"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                required
                autoFocus
              />
              <FormError error={error} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="submit" variant="contained" color={refund ? 'error' : 'primary'} disabled={run.isPending}>
              确认{label}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function Facts({ user }: { user: StaffUser }) {
  const rows: [string, string][] = [
    ['用户 ID', user.user_id],
    ['手机号', user.phone ?? '—'],
    ['邮箱', user.email ?? '—'],
    ['角色', roleName[user.role_kind]],
    ['有效期至', user.expire_at ? chinaTime(user.expire_at) : '—'],
    ['闪卡币', String(user.flash_coins)],
    ['高阶题库', user.show_higher_collect ? '已开通' : '未开通'],
    ['皇冠', user.has_crown ? '已授予（可打开精华题）' : '未授予'],
    [
      '自选组卷',
      `额外 ${user.tailor_extra} 次（另有公共额外次数），额外已用 ${user.tailor_extra_used} 次；我的组卷${user.show_tailor_shelf ? '显示' : '不显示'}`,
    ],
    ['账号状态', user.is_freeze ? '已冻结' : '正常'],
    ['注册时间', chinaTime(user.created_at)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function UserPanel({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const q = useQuery({ queryKey: userQueryKey(userId), queryFn: () => api(mep.getStaffUser, { user_id: userId }) });
  if (q.isError) return <Alert severity="error">{errorText(q.error)}</Alert>;
  if (!q.data) return <Typography color="text.secondary">正在读取…</Typography>;
  const { user, trades, audit } = q.data;
  return (
    <Stack spacing={2.5} component="section" aria-labelledby="operate-user-title">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
          <Typography id="operate-user-title" variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
            {user.name}
          </Typography>
          <Chip size="small" color="secondary" variant="outlined" label={roleName[user.role_kind]} />
          {user.is_staff ? <Chip size="small" label="工作人员" /> : null}
          {user.is_freeze ? <Chip size="small" color="error" label="已冻结" /> : null}
        </Stack>
        <Facts user={user} />
      </Paper>
      <Actions key={user.user_id} user={user} isAdmin={isAdmin} />
      <MarkPanel key={`mark-${user.user_id}`} user={user} queryKey={userQueryKey(userId)} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          最近订单
        </Typography>
        {trades.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            没有订单
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="最近订单">
              <TableHead>
                <TableRow>
                  <TableCell>订单号</TableCell>
                  <TableCell>商品</TableCell>
                  <TableCell>金额</TableCell>
                  <TableCell>状态</TableCell>
                  <TableCell>下单时间</TableCell>
                  {isAdmin ? <TableCell>操作</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {trades.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{t.id}</TableCell>
                    <TableCell>{t.title}</TableCell>
                    <TableCell>{yuan(t.price_fen)}</TableCell>
                    <TableCell>{tradeStatusLabel[t.status] ?? '—'}</TableCell>
                    <TableCell>{chinaTime(t.created_at)}</TableCell>
                    {isAdmin ? (
                      <TableCell>
                        {t.status === TradeStatus.WaitPay ? <TradeAction trade={t} kind="void" /> : null}
                        {refundable.includes(t.status) ? <TradeAction trade={t} kind="refund" /> : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          操作记录
        </Typography>
        {audit.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            还没有工作人员操作过这个账号
          </Typography>
        ) : (
          <Stack component="ul" aria-label="操作记录" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {audit.map((a) => (
              <Typography component="li" variant="body2" key={`${a.at}-${a.action}-${a.subject}`}>
                {chinaTime(a.at)} · {a.staff_name || '工作人员'} · {actionLabel[a.action] ?? a.action}
                {a.change ? ` · ${a.change}` : ''}
                {a.subject ? ` · ${a.subject}` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export function Component() {
  const me = useCurrentUser();
  const allowed = me.is_admin || me.authority.is_operator;
  const [found, setFound] = useState<StaffUser[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = ['codes', 'vouchers', 'gifts', 'report'].includes(params.get('tab') ?? '')
    ? (params.get('tab') as string)
    : 'users';
  return (
    <StaffPage
      title="运营后台"
      maxWidth="lg"
      allowed={allowed}
      denied="只有运营和管理员可以使用运营后台。"
      links={[
        { to: paths.manageNotices, label: '站内通知' },
        { to: paths.export, label: '导出数据' },
      ]}
    >
      <Tabs
        variant="scrollable"
        allowScrollButtonsMobile
        value={tab}
        onChange={(_e, v: string) => setParams(v === 'users' ? {} : { tab: v })}
        aria-label="运营后台"
      >
        <Tab value="users" label="用户" />
        <Tab value="codes" label="折扣码" />
        <Tab value="vouchers" label="兑换码" />
        <Tab value="gifts" label="新人礼包" />
        <Tab value="report" label="报表" />
      </Tabs>
      {tab === 'codes' ? <DiscountCodesPanel /> : null}
      {tab === 'vouchers' ? <VouchersPanel /> : null}
      {tab === 'gifts' ? <GiftsPanel /> : null}
      {tab === 'report' ? <ReportPanel /> : null}
      {tab === 'users' ? (
        <>
          <UserSearch
            id="operate-query"
            label="用户 ID、手机号、邮箱或昵称"
            hint="昵称按开头匹配"
            onFound={(users) => {
              setFound(users);
              setSelected(users.length === 1 ? (users[0]?.user_id ?? null) : null);
            }}
          />
          {found && found.length > 1 ? (
            <Stack component="ul" aria-label="查找结果" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {found.map((u) => (
                <li key={u.user_id}>
                  <Button
                    fullWidth
                    variant={selected === u.user_id ? 'contained' : 'outlined'}
                    onClick={() => setSelected(u.user_id)}
                    sx={{ justifyContent: 'flex-start', textTransform: 'none', minHeight: 44 }}
                  >
                    {u.name} · ID {u.user_id} · {roleName[u.role_kind]}
                    {u.email ? ` · ${u.email}` : ''}
                  </Button>
                </li>
              ))}
            </Stack>
          ) : null}
          {selected ? <UserPanel userId={selected} isAdmin={me.is_admin} /> : null}
        </>
      ) : null}
    </StaffPage>
  );
}
