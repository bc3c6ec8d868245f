// The operator console's 报表 tab (issue 17, ADR 0031): the operations report of get_report for a range
// of China days: the period's totals, revenue per plan, and every day (newest first).
import { getReport } from '@gre/contract/endpoints/permission';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorText } from '../../lib/api-client.ts';
import { yuan } from '../../lib/trades.ts';
import { fieldError } from '../../lib/validate.ts';
import { chinaDayIn, DayField } from './console-fields.tsx';

const columns = [
  ['signups', '注册'],
  ['active', '活跃'],
  ['first_purchases', '首次付费'],
  ['orders', '订单'],
  ['revenue_fen', '收入'],
  ['mocks', '模考'],
  ['essays_graded', '作文批改'],
  ['teacher_graded', '老师批改'],
] as const;

type Counts = Record<(typeof columns)[number][0], number>;
const cell = (c: Counts, k: (typeof columns)[number][0]) => (k === 'revenue_fen' ? yuan(c[k]) : String(c[k]));

export function ReportPanel() {
  const [from, setFrom] = useState(chinaDayIn(-29));
  const [to, setTo] = useState(chinaDayIn(0));
  const [error, setError] = useState('');
  const report = useMutation({
    mutationFn: () => api(getReport, { from, to }),
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const bad = fieldError(getReport.request, { from, to });
    if (bad) return setError(bad);
    report.mutate();
  };
  const data = report.data;
  return (
    <Stack spacing={3}>
      <Paper
        component="form"
        variant="outlined"
        aria-label="报表日期"
        onSubmit={submit}
        noValidate
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <DayField id="report-from" label="从（北京时间）" value={from} onChange={(day) => setFrom(day)} />
          <DayField id="report-to" label="到（含当天）" value={to} onChange={(day) => setTo(day)} />
          <Button
            type="submit"
            variant="contained"
            disabled={report.isPending}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            生成报表
          </Button>
        </Stack>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </Paper>
      {data ? (
        <>
          <Box
            component="dl"
            aria-label="合计"
            sx={{ display: 'grid', gap: 1.5, m: 0, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}
          >
            {columns.map(([k, label]) => (
              <Paper key={k} variant="outlined" sx={{ p: 1.5 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                  {k === 'active' ? '（去重）' : ''}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: '1.3rem', fontWeight: 700 }}>
                  {k === 'active' && data.active_estimated ? '约 ' : ''}
                  {cell(data.totals, k)}
                </Typography>
              </Paper>
            ))}
          </Box>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="按套餐">
              <TableHead>
                <TableRow>
                  <TableCell>套餐</TableCell>
                  <TableCell align="right">订单</TableCell>
                  <TableCell align="right">收入</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.plans.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>这段时间没有订单</TableCell>
                  </TableRow>
                ) : (
                  data.plans.map((p) => (
                    <TableRow key={`${p.kind}-${p.param}`}>
                      <TableCell>{p.title}</TableCell>
                      <TableCell align="right">{p.orders}</TableCell>
                      <TableCell align="right">{yuan(p.revenue_fen)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 560 }}>
            <Table size="small" stickyHeader aria-label="逐日">
              <TableHead>
                <TableRow>
                  <TableCell>日期</TableCell>
                  {columns.map(([k, label]) => (
                    <TableCell key={k} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {[...data.days].reverse().map((d) => (
                  <TableRow key={d.day}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.day}</TableCell>
                    {columns.map(([k]) => (
                      <TableCell key={k} align="right">
                        {cell(d, k)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </Stack>
  );
}
