// The operator console's 折扣码 and 兑换码 tabs (issue 17 pages for issue 16's endpoints; ADR 0029, 0031):
// list, create and void discount codes; list, add, edit (update_voucher) and delete vouchers. Each form is checked with the
// endpoint's own contract schema first, so it refuses what the server would, in the same words.
import type { RequestOf } from '@gre/contract/endpoint';
import { createCode, getCodes, markCodeInvalid } from '@gre/contract/endpoints/discount';
import { addVoucher, deleteVoucher, getVouchers, updateVoucher } from '@gre/contract/endpoints/permission';
import { PaymentKind } from '@gre/contract/enums';
import type { Voucher } from '@gre/contract/pay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { chinaTime, yuan } from '../../lib/trades.ts';
import { fieldError } from '../../lib/validate.ts';
import { chinaDayIn, DayField } from './console-fields.tsx';

/** The end of a China calendar day (a date input's YYYY-MM-DD) as the contract's ISO time. */
const endOfChinaDay = (day: string) => (day ? `${day}T23:59:59+08:00` : '');

/** A create form: its fields in a responsive grid, one error line, one button. */
function CreateForm(props: {
  label: string;
  submitLabel: string;
  error: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label={props.label}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        props.onSubmit();
      }}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {props.label}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {props.children}
      </Box>
      {props.error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {props.error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={props.pending} sx={{ mt: 2 }}>
        {props.submitLabel}
      </Button>
    </Paper>
  );
}

export function DiscountCodesPanel() {
  const codes = useQuery({ queryKey: ['operate', 'codes'], queryFn: () => api(getCodes, {}) });
  const [f, setF] = useState({
    code: '',
    name: '',
    info: '',
    mode: 'percent',
    value: '',
    until: chinaDayIn(30),
    uses: '0',
  });
  const [error, setError] = useState('');
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operate', 'codes'] });
  const create = useMutation({
    mutationFn: (body: RequestOf<typeof createCode>) => api(createCode, body),
    onSuccess: async (d) => {
      toast('success', `折扣码 ${d.code.code} 已创建`);
      setF({ ...f, code: '', name: '', info: '', value: '' });
      setError('');
      await refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const invalidate = useMutation({
    mutationFn: (code: string) => api(markCodeInvalid, { code }),
    onSuccess: async (d) => {
      toast('success', `折扣码 ${d.code.code} 已作废`);
      await refresh();
    },
    onError: (e) => toast('error', errorText(e)),
  });
  const submit = () => {
    const value = Number(f.value);
    const body = {
      code: f.code,
      name: f.name,
      info: f.info,
      ...(f.mode === 'percent' ? { percent_off: value } : { fen_off: Math.round(value * 100) }),
      valid_until: endOfChinaDay(f.until),
      max_uses: Number(f.uses),
    };
    if (!f.value.trim()) return setError(f.mode === 'percent' ? '请填写折扣比例' : '请填写优惠金额');
    const bad = fieldError(createCode.request, body);
    if (bad) return setError(bad);
    create.mutate(body);
  };
  return (
    <Stack spacing={3}>
      <CreateForm
        label="新建折扣码"
        submitLabel="创建折扣码"
        error={error}
        pending={create.isPending}
        onSubmit={submit}
      >
        <TextField id="code-code" label="折扣码" size="small" value={f.code} onChange={set('code')} required />
        <TextField
          id="code-name"
          label="名称（用户看到：使用{名称}）"
          size="small"
          value={f.name}
          onChange={set('name')}
          required
        />
        <TextField id="code-info" label="说明" size="small" value={f.info} onChange={set('info')} />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={f.mode}
          onChange={(_e, v: string | null) => v && setF({ ...f, mode: v })}
          aria-label="优惠方式"
        >
          <ToggleButton value="percent">按百分比</ToggleButton>
          <ToggleButton value="fen">按金额</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          id="code-value"
          label={f.mode === 'percent' ? '立减百分比（1–99）' : '立减金额（元）'}
          size="small"
          value={f.value}
          onChange={set('value')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <DayField id="code-until" label="有效期至" value={f.until} onChange={(day) => setF({ ...f, until: day })} />
        <TextField
          id="code-uses"
          label="可用次数（0 为不限）"
          size="small"
          value={f.uses}
          onChange={set('uses')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </CreateForm>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="折扣码">
          <TableHead>
            <TableRow>
              <TableCell>折扣码</TableCell>
              <TableCell>名称</TableCell>
              <TableCell>优惠</TableCell>
              <TableCell>有效期至</TableCell>
              <TableCell>已用 / 可用</TableCell>
              <TableCell>状态</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(codes.data?.codes ?? []).map((c) => (
              <TableRow key={c.code}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{c.code}</TableCell>
                <TableCell>{c.name}</TableCell>
                <TableCell>
                  {c.percent_off !== null ? `立减 ${c.percent_off}%` : `立减 ${yuan(c.fen_off ?? 0)}`}
                </TableCell>
                <TableCell>{chinaTime(c.valid_until)}</TableCell>
                <TableCell>
                  {c.used_count} / {c.max_uses || '不限'}
                </TableCell>
                <TableCell>
                  {c.invalid ? (
                    '已作废'
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => invalidate.mutate(c.code)}
                      disabled={invalidate.isPending}
                      aria-label={`作废折扣码 ${c.code}`}
                    >
                      作废
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

const voucherKinds = [
  { kind: PaymentKind.VIP, label: 'VIP 会员' },
  { kind: PaymentKind.SVIP, label: '超级 VIP' },
  { kind: PaymentKind.FlashCoin, label: '闪卡币' },
] as const;

/** A China calendar day (YYYY-MM-DD) of an ISO time. */
const chinaDayOf = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

/** A voucher form's fields as typed (both the create form and the edit dialog). */
interface VoucherDraft {
  kind: number;
  amount: string;
  uses: string;
  until: string;
  note: string;
}

const givesCoins = (kind: number) => kind === PaymentKind.FlashCoin;

/** The body fields of a draft (days or coins by kind); an empty amount is said in the form's words. */
function voucherFields(f: VoucherDraft) {
  const coins = givesCoins(f.kind);
  if (!f.amount.trim()) return coins ? '请填写闪卡币数' : '请填写天数';
  const n = Number(f.amount);
  return {
    kind: f.kind as PaymentKind,
    days: coins ? 0 : n,
    coins: coins ? n : 0,
    max_uses: f.uses.trim() === '' ? Number.NaN : Number(f.uses),
    valid_until: endOfChinaDay(f.until),
    note: f.note,
  };
}

/** What a voucher gives, to how many, until when, and its note (ids start with `idPrefix`). */
function VoucherFieldInputs<F extends VoucherDraft>(props: {
  idPrefix: string;
  f: F;
  setF: (f: F) => void;
  set: (k: keyof VoucherDraft) => (e: { target: { value: string } }) => void;
}) {
  const { idPrefix, f, setF, set } = props;
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={f.kind}
        onChange={(_e, v: number | null) => v !== null && setF({ ...f, kind: v })}
        aria-label="兑换内容"
      >
        {voucherKinds.map((k) => (
          <ToggleButton key={k.kind} value={k.kind}>
            {k.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        id={`${idPrefix}-amount`}
        label={givesCoins(f.kind) ? '闪卡币数' : '天数'}
        size="small"
        value={f.amount}
        onChange={set('amount')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        id={`${idPrefix}-uses`}
        label="可兑换人数"
        size="small"
        value={f.uses}
        onChange={set('uses')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <DayField
        id={`${idPrefix}-until`}
        label="有效期至"
        value={f.until}
        onChange={(day) => setF({ ...f, until: day })}
      />
      <TextField id={`${idPrefix}-note`} label="备注" size="small" value={f.note} onChange={set('note')} />
    </>
  );
}

/**
 * 修改 one voucher (update_voucher): what it gives, how many people, until when, the note; the code
 * itself stays. Checked with the endpoint's contract first; the server's refusal shows in the dialog.
 */
function EditVoucher({ voucher, onClose }: { voucher: Voucher; onClose: () => void }) {
  const [f, setF] = useState<VoucherDraft>({
    kind: voucher.kind as number,
    amount: String(givesCoins(voucher.kind) ? voucher.coins : voucher.days),
    uses: String(voucher.max_uses),
    until: chinaDayOf(voucher.valid_until),
    note: voucher.note,
  });
  const [error, setError] = useState('');
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => {
    setF({ ...f, [k]: e.target.value });
    setError('');
  };
  const save = useMutation({
    mutationFn: (body: RequestOf<typeof updateVoucher>) =>
      api(updateVoucher, body, { shownInPage: ['invalid_param', 'not_found'] }),
    onSuccess: async () => {
      toast('success', `兑换码 ${voucher.code} 已修改`);
      await queryClient.invalidateQueries({ queryKey: ['operate', 'vouchers'] });
      onClose();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const fields = voucherFields(f);
    if (typeof fields === 'string') return setError(fields);
    const body = { code: voucher.code, ...fields };
    const bad = fieldError(updateVoucher.request, body);
    if (bad) return setError(bad);
    save.mutate(body);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="voucher-edit-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="voucher-edit-title">修改兑换码 {voucher.code}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              已兑换 {voucher.used_count} 人；已兑换的不受修改影响。
            </Typography>
            <VoucherFieldInputs idPrefix="voucher-edit" f={f} setF={setF} set={set} />
            <FormError error={error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            保存修改
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function VouchersPanel() {
  const [editing, setEditing] = useState<Voucher | null>(null);
  const vouchers = useQuery({ queryKey: ['operate', 'vouchers'], queryFn: () => api(getVouchers, {}) });
  const [f, setF] = useState({
    code: '',
    kind: PaymentKind.VIP as number,
    amount: '',
    uses: '1',
    until: chinaDayIn(30),
    note: '',
  });
  const [error, setError] = useState('');
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operate', 'vouchers'] });
  const add = useMutation({
    mutationFn: (body: RequestOf<typeof addVoucher>) => api(addVoucher, body),
    onSuccess: async () => {
      toast('success', `兑换码 ${f.code.trim()} 已添加`);
      setF({ ...f, code: '', amount: '', note: '' });
      setError('');
      await refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: (code: string) => api(deleteVoucher, { code }),
    onSuccess: async () => {
      toast('success', '兑换码已删除');
      await refresh();
    },
    onError: (e) => toast('error', errorText(e)),
  });
  const submit = () => {
    const fields = voucherFields(f);
    if (typeof fields === 'string') return setError(fields);
    const body = { code: f.code, ...fields };
    const bad = fieldError(addVoucher.request, body);
    if (bad) return setError(bad);
    add.mutate(body);
  };
  return (
    <Stack spacing={3}>
      <CreateForm label="新建兑换码" submitLabel="添加兑换码" error={error} pending={add.isPending} onSubmit={submit}>
        <TextField id="voucher-code" label="兑换码" size="small" value={f.code} onChange={set('code')} required />
        <VoucherFieldInputs idPrefix="voucher" f={f} setF={setF} set={set} />
      </CreateForm>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="兑换码">
          <TableHead>
            <TableRow>
              <TableCell>兑换码</TableCell>
              <TableCell>内容</TableCell>
              <TableCell>已兑换 / 可兑换</TableCell>
              <TableCell>有效期至</TableCell>
              <TableCell>备注</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(vouchers.data?.vouchers ?? []).map((v) => (
              <TableRow key={v.code}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{v.code}</TableCell>
                <TableCell>
                  {v.kind === PaymentKind.FlashCoin
                    ? `${v.coins} 闪卡币`
                    : `${voucherKinds.find((k) => k.kind === v.kind)?.label ?? ''} ${v.days} 天`}
                </TableCell>
                <TableCell>
                  {v.used_count} / {v.max_uses}
                </TableCell>
                <TableCell>{chinaTime(v.valid_until)}</TableCell>
                <TableCell>{v.note}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setEditing(v)} aria-label={`修改兑换码 ${v.code}`}>
                    修改
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => remove.mutate(v.code)}
                    disabled={remove.isPending}
                    aria-label={`删除兑换码 ${v.code}`}
                  >
                    删除
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? <EditVoucher key={editing.code} voucher={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
