// The personal page's money side (issue 16; ADR 0029): my orders with their status, my membership
// history (authority.records: purchases, vouchers, staff grants, ends) and the voucher redeem box.
import { redeemVoucher } from '@gre/contract/endpoints/permission';
import type { User } from '@gre/contract/user';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
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
import { api } from '../../lib/api-client.ts';
import { formatChineseDate } from '../../lib/china-time.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { chinaTime, tradeStatusLabel, yuan } from '../../lib/trades.ts';
import { myTradesQuery } from './queries.ts';

function VoucherBox() {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const redeem = useMutation({
    mutationFn: (c: string) => api(redeemVoucher, { code: c }),
    onSuccess: (d) => {
      toast('success', `兑换成功：${d.granted}`);
      setCode('');
      setError('');
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
    onError: (e) => setError(e instanceof Error ? e.message : '兑换失败'),
  });
  const submit = () => {
    const c = code.trim();
    if (!c) return setError('请输入兑换码');
    redeem.mutate(c);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="兑换码"
        size="small"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
        error={error !== ''}
        helperText={error || '兑换会员天数或闪卡币，每个兑换码每人一次'}
        slotProps={{ htmlInput: { maxLength: 32 } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={submit} disabled={redeem.isPending} sx={{ mt: 0.25 }}>
        兑换
      </Button>
    </Stack>
  );
}

export function OrdersCard(props: { user: User }) {
  const trades = useQuery(myTradesQuery);
  const records = props.user.authority.records;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <ReceiptLongOutlined color="primary" />
          <Typography variant="h4" component="h2">
            订单与会员记录
          </Typography>
        </Stack>
        <Stack spacing={2.5}>
          <VoucherBox />
          <section aria-labelledby="my-orders-title">
            <Typography id="my-orders-title" variant="h6" component="h3" gutterBottom>
              我的订单
            </Typography>
            {trades.isError ? <Alert severity="warning">订单加载失败</Alert> : null}
            {trades.data && trades.data.trades.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                还没有订单
              </Typography>
            ) : null}
            {trades.data && trades.data.trades.length > 0 ? (
              <TableContainer>
                <Table size="small" aria-labelledby="my-orders-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>下单时间</TableCell>
                      <TableCell>内容</TableCell>
                      <TableCell align="right">金额</TableCell>
                      <TableCell>状态</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {trades.data.trades.map((t) => (
                      <TableRow key={t.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{chinaTime(t.created_at)}</TableCell>
                        <TableCell>{t.title}</TableCell>
                        <TableCell align="right">{yuan(t.price_fen)}</TableCell>
                        <TableCell>{tradeStatusLabel[t.status] ?? '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
          </section>
          <section aria-labelledby="role-history-title">
            <Typography id="role-history-title" variant="h6" component="h3" gutterBottom>
              会员记录
            </Typography>
            <Stack component="ul" spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
              {records.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: records have no id; the list is rendered whole, newest first
                <Typography component="li" variant="body2" key={i}>
                  {formatChineseDate(r.start_date)} · {r.role_name}
                  {r.expire_date ? `（至 ${formatChineseDate(r.expire_date)}）` : ''}
                  {r.note ? ` · ${r.note}` : ''}
                </Typography>
              ))}
            </Stack>
          </section>
        </Stack>
      </CardContent>
    </Card>
  );
}
