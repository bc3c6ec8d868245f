// Route module for /export (issue 17; outside the navigation like the spec's other staff pages):
// operators and admins download users who signed up, orders and exam results of a range of China days
// as CSV. The server audits each export and answers a download address valid for a minute; the
// browser saves the streamed file. Everyone else is told no; the server refuses them either way.
import { type ExportKind, exportKindLabel, exportKinds, prepareExport } from '@gre/contract/endpoints/export';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { FormError } from '../../components/form-error.tsx';
import { StaffPage } from '../../components/staff-page.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { fieldError } from '../../lib/validate.ts';
import { chinaDayIn, DayField } from '../operate/console-fields.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

const kindHelp: Record<ExportKind, string> = {
  users: '在这段时间注册的用户：ID、昵称、邮箱、手机、角色、会员到期、闪卡币、冻结、员工身份、注册时间。',
  orders: '在这段时间下单的订单：订单号、用户、商品、原价与实付、折扣码、状态、支付方式、退款、各时间点。',
  exams: '在这段时间完成的练习与模考：类型、名称、起止时间、答对与题数、Verbal / Quant 分数、作文分。',
};

/** Saves the prepared file: a same-origin GET the browser downloads (streamed, however large). */
function startDownload(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

function ExportForm() {
  const [kind, setKind] = useState<ExportKind>('users');
  const [from, setFrom] = useState(chinaDayIn(-30));
  const [to, setTo] = useState(chinaDayIn(0));
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const prepare = useMutation({
    mutationFn: (body: { kind: ExportKind; from: string; to: string }) => api(prepareExport, body),
    onSuccess: (r) => {
      startDownload(r.url, r.file_name);
      setDone(`已开始下载 ${r.file_name}。如果浏览器没有保存文件，请再点一次“导出”（下载地址一分钟内有效）。`);
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const body = { kind, from, to };
    const bad = fieldError(prepareExport.request, body);
    if (bad) return setError(bad);
    setError('');
    prepare.mutate(body);
  };
  return (
    <Paper component="form" variant="outlined" onSubmit={submit} aria-label="导出数据" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Box>
          <FormLabel id="export-kind-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
            导出内容
          </FormLabel>
          <RadioGroup
            aria-labelledby="export-kind-label"
            value={kind}
            onChange={(e) => setKind(e.target.value as ExportKind)}
            sx={{ mt: 0.5 }}
          >
            {exportKinds.map((k) => (
              <FormControlLabel key={k} value={k} control={<Radio />} label={exportKindLabel[k]} />
            ))}
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            {kindHelp[kind]}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <DayField id="export-from" label="开始日期（北京时间）" value={from} onChange={setFrom} />
          <DayField id="export-to" label="结束日期（含当天）" value={to} onChange={setTo} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          一次最多 366 天。文件为 CSV（UTF-8），Excel 和 WPS 可直接打开；每次导出都会记入操作记录。
        </Typography>
        <FormError error={error} />
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<Download />}
            disabled={prepare.isPending}
            sx={{ minHeight: 44 }}
          >
            导出
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const me = useCurrentUser();
  return (
    <StaffPage
      title="导出数据"
      maxWidth="sm"
      allowed={me.is_admin || me.authority.is_operator}
      denied="只有运营和管理员可以导出数据。"
      links={[{ to: paths.operate, label: '运营后台' }]}
    >
      <ExportForm />
    </StaffPage>
  );
}
