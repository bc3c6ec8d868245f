import { chinaHour } from '@gre/contract/china-time';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type CalendarDate, chinaDate, formatChineseDate, isoDate, parseIsoDate } from '../../lib/china-time.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { summaryQuery } from '../../lib/summary-query.ts';
import { NoticeCard } from '../mail/notice-card.tsx';
import { DueCard } from '../review/due-card.tsx';
import { greeting, weekdayName } from './home-logic.ts';
import { monthActivityQuery } from './queries.ts';
import { SignInCard } from './sign-in-card.tsx';
import { SummaryCard } from './summary-card.tsx';
import { TodayAimCard } from './today-aim-card.tsx';

export function HomePage() {
  const user = useCurrentUser();
  const now = new Date();
  const clientToday = chinaDate(now);
  // The server's date is the authority for "today" (a wrong clock on this computer must not move it).
  const month = useQuery(monthActivityQuery({ year: clientToday.year, month: clientToday.month }));
  const today: CalendarDate = (month.data && parseIsoDate(month.data.sign_in.date)) || clientToday;
  const expire = user.authority.expire_date;
  // Today's progress from the summary, read on each visit (the user object is cached for the session).
  const summary = useQuery(summaryQuery);
  const fresh = summary.data?.today;
  const aim = fresh
    ? {
        ...user.data.today_aim,
        used_question: fresh.used_question,
        used_word: fresh.used_word,
        used_time_mins: fresh.used_time_mins,
      }
    : user.data.today_aim;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
          {greeting(chinaHour(now))}，{user.name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {formatChineseDate(isoDate(today))} {weekdayName(today)}
          </Typography>
          <Chip size="small" label={user.authority.role_name} color="primary" variant="outlined" />
          {expire ? (
            <Typography variant="body2" color="text.secondary">
              有效期至 {formatChineseDate(expire)}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <NoticeCard />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={{ xs: 2, md: 3 }}>
          <DueCard />
          <TodayAimCard aim={aim} />
          <SummaryCard query={summary} />
        </Stack>
        <SignInCard today={today} />
      </Box>
    </Stack>
  );
}
