import { signIn } from '@gre/contract/endpoints/summary';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { CalendarDate } from '../../lib/china-time.ts';
import { toast } from '../../lib/toast.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { monthActivityKey, monthActivityQuery } from './queries.ts';

function Stat(props: { value: number | string; label: string }) {
  return (
    <Box sx={{ textAlign: 'center', flex: 1 }}>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, color: 'primary.dark' }}>
        {props.value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
    </Box>
  );
}

/** 签到 with streak, total days and the month calendar. */
export function SignInCard(props: { today: CalendarDate }) {
  const queryClient = useQueryClient();
  const currentMonth = monthActivityQuery({ year: props.today.year, month: props.today.month });
  const month = useQuery(currentMonth);
  const state = month.data?.sign_in;
  const mutation = useMutation({
    mutationFn: () => api(signIn, {}),
    onSuccess: (next) => {
      queryClient.setQueryData(currentMonth.queryKey, (old) =>
        old
          ? {
              ...old,
              sign_in: next,
              days: old.days.map((d) => (d.date === next.date ? { ...d, signed: true } : d)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: monthActivityKey });
      toast('success', `签到成功！已连续签到 ${next.streak} 天`);
    },
  });
  const signed = state?.signed_today === true;

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <EventAvailableOutlined color="primary" />
          <Typography variant="h4" component="h2">
            每日签到
          </Typography>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
        >
          <Stack direction="row" sx={{ flex: 1 }} divider={<Divider orientation="vertical" flexItem />}>
            <Stat value={state?.streak ?? '–'} label="连续签到（天）" />
            <Stat value={state?.total_days ?? '–'} label="累计签到（天）" />
          </Stack>
          <Button
            variant="contained"
            size="large"
            onClick={() => mutation.mutate()}
            disabled={signed || state === undefined || mutation.isPending}
            startIcon={signed ? <CheckCircleOutlined /> : null}
            sx={{ minWidth: 140, py: 1.25 }}
          >
            {signed ? '今日已签到' : '签到'}
          </Button>
        </Stack>
        <Divider sx={{ mb: 1.5 }} />
        <MonthCalendar today={props.today} />
      </CardContent>
    </Card>
  );
}
