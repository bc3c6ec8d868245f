// The QR payment dialog (spec sections 4, 5 and 9; issue 16; ADR 0029): pick a membership and period
// or a flash-coin pack (prices from the server), optionally a discount code, then scan the QR. The
// server owns the order; this dialog only asks for one (again when kind, period, code or user change)
// and polls it every 3 s while None / WaitPay / PaySuccess, showing the spec's message for each state.
// Success: VIP reloads the page after 1 s, a flash pack closes the dialog after 1 s.
import { checkCode } from '@gre/contract/endpoints/discount';
import { checkPaid, getPlans, getTrade, initPay } from '@gre/contract/endpoints/pay';
import { FlashPack, flashPackSize, PaymentKind, TradeStatus, VipPeriod, vipPeriodLabel } from '@gre/contract/enums';
import { payMessages, payPollMs, paySuccessDelayMs } from '@gre/contract/pay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api-client.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { getDeviceId } from '../../lib/device-id.ts';
import { queryClient } from '../../lib/query-client.ts';
import { closeDialog, useAppStore, useDialog } from '../app-store.ts';
import { ContactDetails } from './contact-details.tsx';
import { pollingStatuses, statusMessage, useShownStatus } from './pay-status.ts';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : payMessages.other);

const close = () => closeDialog('pay');

export function PayDialog() {
  const dialog = useDialog('pay');
  const flash = dialog?.kind === PaymentKind.FlashCoin;
  return (
    <Dialog open={dialog !== undefined} onClose={close} fullWidth maxWidth="sm" aria-labelledby="pay-dialog-title">
      <DialogTitle id="pay-dialog-title">{flash ? '购买闪卡币' : '开通会员'}</DialogTitle>
      {dialog ? <PayContent initialKind={dialog.kind} initialParam={dialog.param} onClose={close} /> : null}
    </Dialog>
  );
}

function PayContent(props: { initialKind: PaymentKind; initialParam?: number; onClose: () => void }) {
  const flash = props.initialKind === PaymentKind.FlashCoin;
  const [kind, setKind] = useState<PaymentKind>(props.initialKind);
  const [param, setParam] = useState<number>(props.initialParam ?? (flash ? FlashPack.Q50 : VipPeriod.Month1));
  const [code, setCode] = useState('');
  const [codeInput, setCodeInput] = useState('');
  const [codeNote, setCodeNote] = useState<{ ok: boolean; text: string; info?: string } | null>(null);
  const userId = useAppStore((s) => s.currentUserId);

  const plans = useQuery({ queryKey: ['pay', 'plans'], queryFn: () => api(getPlans, {}), staleTime: 60_000 });
  const payOn = plans.data ? plans.data.provider !== null : false;
  const order = useQuery({
    // A new order whenever the kind, the period or pack, the code or the user changes (spec section 4).
    queryKey: ['pay', 'order', userId, kind, param, code],
    queryFn: () =>
      api(initPay, {
        user_id: userId ?? '',
        kind,
        param,
        ...(code ? { code } : {}),
        device_id: getDeviceId(),
      }),
    enabled: userId !== null && payOn,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const tradeId = order.data?.trade.id;
  const trade = useQuery({
    queryKey: ['pay', 'trade', tradeId],
    queryFn: () => api(getTrade, { id: tradeId ?? '' }),
    enabled: tradeId !== undefined,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (q) =>
      pollingStatuses.includes(q.state.data?.trade.status ?? TradeStatus.None) ? payPollMs : false,
  });
  const status = useShownStatus(trade.data?.trade.status ?? order.data?.trade.status ?? TradeStatus.None);
  const paid = useMutation({
    mutationFn: (id: string) => api(checkPaid, { trade_id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pay', 'trade', tradeId] }),
  });
  const codeCheck = useMutation({
    mutationFn: (c: string) => api(checkCode, { code: c }),
    onSuccess: (d) => {
      if (d.code.valid) {
        setCode(d.code.code);
        setCodeNote({ ok: true, text: `使用${d.code.name}`, info: d.code.info });
      } else {
        setCode('');
        setCodeInput('');
        setCodeNote({ ok: false, text: payMessages.codeInvalid });
      }
    },
    onError: (e) => setCodeNote({ ok: false, text: errorText(e) }),
  });

  // Success: the user as the server has it now, then reload (membership) or close (flash pack) after 1 s.
  const updatedUser = trade.data?.user;
  const { onClose } = props;
  useEffect(() => {
    if (status !== TradeStatus.ApplySuccess) return;
    if (updatedUser) queryClient.setQueryData(currentUserQuery.queryKey, updatedUser);
    const timer = setTimeout(() => {
      if (kind === PaymentKind.FlashCoin) {
        void queryClient.invalidateQueries();
        onClose();
      } else {
        window.location.reload();
      }
    }, paySuccessDelayMs);
    return () => clearTimeout(timer);
  }, [status, kind, updatedUser, onClose]);

  const plansOfKind = (plans.data?.plans ?? []).filter((p) => p.kind === kind);
  const plan = plansOfKind.find((p) => p.param === param);
  const message = statusMessage(status, kind);
  const applyCode = () => {
    const typed = codeInput.trim();
    if (!typed) {
      setCode('');
      setCodeNote({ ok: false, text: payMessages.codeEmpty });
      return;
    }
    codeCheck.mutate(typed);
  };

  if (plans.data && !payOn)
    return (
      <>
        <DialogContent>
          <Alert severity="info" icon={false}>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {plans.data.off_message}
            </Typography>
            <ContactDetails />
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={props.onClose}>
            知道了
          </Button>
        </DialogActions>
      </>
    );

  const done = status === TradeStatus.ApplySuccess;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {flash ? null : (
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              color="secondary"
              value={kind}
              onChange={(_e, v: PaymentKind | null) => v !== null && setKind(v)}
              aria-label="会员类型"
              disabled={done}
            >
              <ToggleButton value={PaymentKind.VIP}>VIP 会员</ToggleButton>
              <ToggleButton value={PaymentKind.SVIP}>超级 VIP</ToggleButton>
            </ToggleButtonGroup>
          )}
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={param}
            onChange={(_e, v: number | null) => v !== null && setParam(v)}
            aria-label={flash ? '闪卡币数量' : '开通时长'}
            disabled={done}
            fullWidth
          >
            {plansOfKind.map((p) => (
              <ToggleButton key={p.param} value={p.param} sx={{ flexDirection: 'column', py: 1, px: 0.5 }}>
                <span>
                  {flash ? `${flashPackSize[p.param as FlashPack]} 个` : vipPeriodLabel[p.param as VipPeriod]}
                </span>
                <Typography component="span" variant="caption">
                  {yuan(p.price_fen)}
                </Typography>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {plans.isPending ? <CircularProgress size={24} aria-label="正在读取价格" /> : null}

          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="折扣码"
              size="small"
              value={codeInput}
              onChange={(e) => setCodeInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') applyCode();
              }}
              error={codeNote !== null && !codeNote.ok}
              helperText={
                codeNote ? (
                  <>
                    {codeNote.text}
                    {codeNote.info ? ` ${codeNote.info}` : ''}
                  </>
                ) : (
                  payMessages.codeWarning
                )
              }
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'characters', readOnly: done } }}
            />
            <Button variant="outlined" onClick={applyCode} disabled={codeCheck.isPending || done} sx={{ mt: 0.25 }}>
              使用
            </Button>
          </Stack>
          {codeNote?.ok ? (
            <Typography variant="caption" color="text.secondary">
              {payMessages.codeWarning}
            </Typography>
          ) : null}

          {/* On a phone the price and the order's state come first, the QR below them. */}
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 270,
                height: 270,
                flex: '0 0 auto',
                display: 'grid',
                placeItems: 'center',
                outline: 1,
                outlineColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            >
              {order.data ? (
                <Box
                  component="img"
                  src={order.data.qrcode_url}
                  alt="支付二维码"
                  width={270}
                  height={270}
                  sx={{
                    display: 'block',
                    opacity: pollingStatuses.includes(status) && status !== TradeStatus.PaySuccess ? 1 : 0.15,
                  }}
                />
              ) : order.isError ? (
                <Typography variant="body2" color="error" sx={{ p: 2, textAlign: 'center' }}>
                  {errorText(order.error)}
                </Typography>
              ) : (
                <Stack spacing={1} sx={{ alignItems: 'center' }}>
                  <CircularProgress aria-label="正在生成支付二维码" />
                  <Typography variant="caption" color="text.secondary">
                    loading
                  </Typography>
                </Stack>
              )}
            </Box>
            <Stack spacing={1.5} sx={{ minWidth: 0, flex: 1, alignSelf: 'stretch' }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {order.data?.title ?? plan?.title ?? ''}
                </Typography>
                <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, color: 'secondary.dark' }}>
                  {order.data ? yuan(order.data.price) : plan ? yuan(plan.price_fen) : '—'}
                  {order.data && order.data.trade.list_fen !== order.data.price ? (
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ textDecoration: 'line-through', ml: 1 }}
                    >
                      {yuan(order.data.trade.list_fen)}
                    </Typography>
                  ) : null}
                </Typography>
              </Box>
              <Alert severity={message.severity} role="status" aria-live="polite">
                {paid.isPending ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <CircularProgress size={16} />
                    <span>{payMessages.checking}</span>
                  </Stack>
                ) : (
                  message.text
                )}
              </Alert>
              {status === TradeStatus.ApplyFail ? <ContactDetails /> : null}
              {order.data?.sandbox_url && status === TradeStatus.WaitPay ? (
                <Link href={order.data.sandbox_url} target="_blank" rel="noopener">
                  在沙箱中支付
                </Link>
              ) : null}
              <Typography variant="caption" color="text.secondary">
                {payMessages.retryHint}
              </Typography>
            </Stack>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {payMessages.nonRefundable}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        {status === TradeStatus.PayTimeout || status === TradeStatus.PayCancel || order.isError ? (
          <Button onClick={() => void order.refetch()}>重新下单</Button>
        ) : null}
        <Button onClick={props.onClose}>关闭</Button>
        <Button
          variant="contained"
          color="secondary"
          disabled={!tradeId || status !== TradeStatus.WaitPay || paid.isPending}
          onClick={() => tradeId && paid.mutate(tradeId)}
        >
          我已完成支付
        </Button>
      </DialogActions>
    </>
  );
}
