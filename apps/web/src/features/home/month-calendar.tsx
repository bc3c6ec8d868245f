import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import {
  type CalendarDate,
  compareMonths,
  monthWeeks,
  shiftMonth,
  weekdayLabels,
  type YearMonth,
} from '../../lib/china-time.ts';
import { activityByDay, type DayActivity, studied } from './home-logic.ts';
import { monthActivityQuery } from './queries.ts';

const earliestMonth: YearMonth = { year: 2020, month: 1 };

function dayLabel(month: number, day: number, activity: DayActivity | undefined, isToday: boolean): string {
  const parts = [`${month}月${day}日`];
  if (isToday) parts.push('今天');
  parts.push(activity?.signed ? '已签到' : '未签到');
  if (activity && studied(activity)) {
    parts.push(
      `做题 ${activity.used_question} 题，单词 ${activity.used_word} 个，学习 ${activity.used_time_mins} 分钟`,
    );
  }
  return parts.join('，');
}

/** The month calendar of sign-ins (China time), with previous / next month. */
export function MonthCalendar(props: { today: CalendarDate }) {
  const current: YearMonth = { year: props.today.year, month: props.today.month };
  const [shown, setShown] = useState<YearMonth>(current);
  const query = useQuery({ ...monthActivityQuery(shown), placeholderData: keepPreviousData });
  const byDay = activityByDay(
    query.data && query.data.year === shown.year && query.data.month === shown.month ? query.data.days : [],
  );
  const weeks = monthWeeks(shown.year, shown.month);
  const isCurrent = compareMonths(shown, current) === 0;

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton
          aria-label="上个月"
          onClick={() => setShown((m) => shiftMonth(m, -1))}
          disabled={compareMonths(shown, earliestMonth) <= 0}
        >
          <ChevronLeft />
        </IconButton>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            {shown.year} 年 {shown.month} 月
          </Typography>
          {isCurrent ? null : (
            <Button size="small" onClick={() => setShown(current)} sx={{ minWidth: 0 }}>
              本月
            </Button>
          )}
        </Stack>
        <IconButton aria-label="下个月" onClick={() => setShown((m) => shiftMonth(m, 1))} disabled={isCurrent}>
          <ChevronRight />
        </IconButton>
      </Stack>
      {query.isError && !query.data ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        >
          签到日历加载失败
        </Alert>
      ) : query.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Box
          component="table"
          sx={{
            position: 'relative',
            width: '100%',
            borderCollapse: 'collapse',
            tableLayout: 'fixed',
            opacity: query.isPlaceholderData ? 0.5 : 1,
            transition: 'opacity 0.2s',
          }}
        >
          <Box component="caption" sx={visuallyHidden}>
            {shown.year} 年 {shown.month} 月签到日历
          </Box>
          <thead>
            <tr>
              {weekdayLabels.map((w) => (
                <Box
                  component="th"
                  key={w}
                  scope="col"
                  sx={{ fontWeight: 500, fontSize: '0.8125rem', color: 'text.secondary', pb: 0.5 }}
                >
                  {w}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find((d) => d !== null)}>
                {week.map((day, i) => {
                  if (day === null) return <td key={`empty-${weekdayLabels[i]}`} />;
                  const activity = byDay.get(day);
                  const isToday = isCurrent && day === props.today.day;
                  const future = isCurrent && day > props.today.day;
                  const signed = activity?.signed === true;
                  return (
                    <Box
                      component="td"
                      key={day}
                      aria-label={dayLabel(shown.month, day, activity, isToday)}
                      title={dayLabel(shown.month, day, activity, isToday)}
                      sx={{ textAlign: 'center', py: 0.4 }}
                    >
                      <Box
                        sx={{
                          position: 'relative',
                          mx: 'auto',
                          width: { xs: 34, sm: 38 },
                          height: { xs: 34, sm: 38 },
                          borderRadius: '50%',
                          display: 'flex',
                          alignItems: 'center',
                          justifyContent: 'center',
                          fontSize: '0.875rem',
                          fontWeight: signed || isToday ? 700 : 400,
                          color: signed ? 'primary.contrastText' : future ? 'text.secondary' : 'text.primary',
                          bgcolor: signed ? 'primary.main' : 'transparent',
                          border: 2,
                          borderColor: isToday ? 'secondary.main' : 'transparent',
                        }}
                      >
                        {day}
                        {!signed && studied(activity) ? (
                          <Box
                            sx={{
                              position: 'absolute',
                              bottom: 3,
                              width: 4,
                              height: 4,
                              borderRadius: '50%',
                              bgcolor: 'primary.light',
                            }}
                          />
                        ) : null}
                      </Box>
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Legend swatch={{ bgcolor: 'primary.main' }} label="已签到" />
        <Legend swatch={{ border: 2, borderColor: 'secondary.main' }} label="今天" />
        <Legend swatch={{ width: 6, height: 6, bgcolor: 'primary.light' }} label="有学习记录" />
      </Stack>
    </Box>
  );
}

function Legend(props: { swatch: object; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 12, height: 12, borderRadius: '50%', ...props.swatch }} />
      <Typography variant="caption" color="text.secondary">
        {props.label}
      </Typography>
    </Stack>
  );
}
