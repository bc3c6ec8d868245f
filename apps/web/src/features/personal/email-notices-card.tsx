// 通知邮件 on the personal page (ADR 0030): whether notice e-mails reach me. The e-mail's 退订 link
// turns them off; this switch turns them back on (or off). Mail in the site arrives either way.
import { getEmailNotices, setEmailNotices } from '@gre/contract/endpoints/mail';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

const key = ['email_notices'] as const;

export function EmailNoticesCard() {
  const id = useId();
  const client = useQueryClient();
  const q = useQuery({ queryKey: key, queryFn: () => api(getEmailNotices, {}) });
  const set = useMutation({
    mutationFn: (on: boolean) => api(setEmailNotices, { email_notices: on }),
    onSuccess: (r) => {
      client.setQueryData(key, r);
      toast('success', r.email_notices ? '已重新订阅：站内通知会同时发到你的邮箱' : '已关闭通知邮件');
    },
  });
  const on = q.data?.email_notices ?? false;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EmailOutlined color="primary" aria-hidden />
          <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.1rem' }}>
            通知邮件
          </Typography>
        </Stack>
        {q.isError ? (
          <RetryAlert onRetry={() => q.refetch()}>通知邮件设置加载失败</RetryAlert>
        ) : (
          <FormControlLabel
            control={
              <Switch checked={on} disabled={!q.data || set.isPending} onChange={(e) => set.mutate(e.target.checked)} />
            }
            label="把站内通知同时发到我的邮箱"
          />
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {q.data && !on
            ? '你已退订通知邮件（或从未开启）。打开上面的开关即可重新订阅；站内的通知、提醒照常送达。'
            : '邮件底部的退订链接会关闭它；站内的通知、提醒不受影响。'}
        </Typography>
      </Stack>
    </Paper>
  );
}
