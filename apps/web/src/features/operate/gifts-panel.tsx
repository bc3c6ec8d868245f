// The operator console's 新人礼包 tab (issue 17, ADR 0031): the users who signed up between two China
// days (staff excluded), then one gift to each of them: VIP/SVIP days or flash coins. The server gives
// each user a given gift once, so sending the same gift again only reaches those who lack it.
import type { RequestOf } from '@gre/contract/endpoint';
import { batchCheckNewman, batchNewmanGift } from '@gre/contract/endpoints/permission';
import { PaymentKind, roleName } from '@gre/contract/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { chinaTime } from '../../lib/trades.ts';
import { fieldError } from '../../lib/validate.ts';
import { chinaDayIn, DayField } from './console-fields.tsx';
import { shownInDialog, useOpCheck, withCodeSlot } from './op-check-dialog.tsx';

/** [the first day's start, the day after the last day's start) in China. */
const periodOf = (first: string, last: string) => ({
  from: first ? `${first}T00:00:00+08:00` : '',
  to: last ? new Date(Date.parse(`${last}T00:00:00+08:00`) + 86_400_000).toISOString() : '',
});

export function GiftsPanel() {
  const [first, setFirst] = useState(chinaDayIn(-6));
  const [last, setLast] = useState(chinaDayIn(0));
  const [kind, setKind] = useState<number>(PaymentKind.FlashCoin);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const check = useMutation({
    mutationFn: () => api(batchCheckNewman, periodOf(first, last)),
    onError: (e) => setError(errorText(e)),
  });
  const confirm = useOpCheck();
  const gift = useMutation({
    mutationFn: (body: RequestOf<typeof batchNewmanGift>) => api(batchNewmanGift, body, { shownInPage: shownInDialog }),
    onSuccess: (r) => {
      toast('success', `已赠送 ${r.gifted} 人${r.skipped ? `，${r.skipped} 人此前已领取` : ''}`);
      setError('');
    },
  });
  const coins = kind === PaymentKind.FlashCoin;
  const submitCheck = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const bad = fieldError(batchCheckNewman.request, periodOf(first, last));
    if (bad) return setError(bad);
    check.mutate();
  };
  const submitGift = (e: FormEvent) => {
    e.preventDefault();
    if (!amount.trim()) return setError(coins ? '请填写闪卡币数' : '请填写天数');
    const n = Number(amount);
    const body = {
      ...periodOf(first, last),
      kind: kind as PaymentKind,
      days: coins ? 0 : n,
      coins: coins ? n : 0,
      note,
    };
    const bad = fieldError(batchNewmanGift.request, withCodeSlot(body));
    if (bad) return setError(bad);
    void confirm.ask(
      'newman_gift',
      `给 ${first} 至 ${last} 注册的每位新用户赠送${coins ? ` ${n} 个闪卡币` : ` ${kind === PaymentKind.SVIP ? '超级 VIP' : 'VIP 会员'} ${n} 天`}（原因：${note.trim()}）`,
      (op_code) => gift.mutateAsync({ ...body, op_code }),
    );
  };
  return (
    <Stack spacing={3}>
      {confirm.dialog}
      <Paper
        component="form"
        variant="outlined"
        aria-label="新用户"
        onSubmit={submitCheck}
        noValidate
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
          新用户（按注册日期，北京时间）
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <DayField
            id="gift-first"
            label="从"
            value={first}
            onChange={(day) => {
              setFirst(day);
              check.reset();
              gift.reset();
            }}
          />
          <DayField
            id="gift-last"
            label="到（含当天）"
            value={last}
            onChange={(day) => {
              setLast(day);
              check.reset();
              gift.reset();
            }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={check.isPending}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            查询新用户
          </Button>
        </Stack>
        {check.data ? (
          <Box sx={{ mt: 2 }} role="status">
            <Typography sx={{ fontWeight: 600 }}>共 {check.data.count} 位新用户（不含工作人员）</Typography>
            {check.data.users.length ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                最早注册的 {check.data.users.length} 位：
                {check.data.users
                  .map((u) => `${u.name}（ID ${u.user_id}，${roleName[u.role_kind]}，${chinaTime(u.created_at)}）`)
                  .join('、')}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </Paper>
      <Paper
        component="form"
        variant="outlined"
        aria-label="赠送新人礼包"
        onSubmit={submitGift}
        noValidate
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          赠送新人礼包
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          发给上面日期内注册的每位新用户；同一份礼包重复提交时，已领取的人不会再领。
        </Typography>
        <Stack spacing={2}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            onChange={(_e, v: number | null) => v !== null && setKind(v)}
            aria-label="礼包内容"
          >
            <ToggleButton value={PaymentKind.FlashCoin}>闪卡币</ToggleButton>
            <ToggleButton value={PaymentKind.VIP}>VIP 会员</ToggleButton>
            <ToggleButton value={PaymentKind.SVIP}>超级 VIP</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            id="gift-amount"
            label={coins ? '每人闪卡币数' : '每人天数'}
            size="small"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            id="gift-note"
            label="原因"
            size="small"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required
          />
          <FormError error={error} />
          {gift.data ? (
            <Alert severity="success">
              已赠送 {gift.data.gifted} 人{gift.data.skipped ? `，${gift.data.skipped} 人此前已领取` : ''}
            </Alert>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" disabled={gift.isPending}>
              确认赠送
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
