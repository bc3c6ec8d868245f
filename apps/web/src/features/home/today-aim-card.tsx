import type { TodayAim } from '@gre/contract/user';
import CheckCircle from '@mui/icons-material/CheckCircle';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { aimProgress } from './home-logic.ts';

function AimRow(props: { label: string; used: number; aim: number; unit: string; href?: string }) {
  const progress = aimProgress(props.used, props.aim);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.75 }}>
        {props.href ? (
          <Typography component={Link} to={props.href} sx={{ fontWeight: 600, color: 'primary.main' }}>
            {props.label}
          </Typography>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{props.label}</Typography>
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {progress.done ? <CheckCircle color="success" sx={{ fontSize: 18 }} /> : null}
          <Typography variant="body2" color={progress.done ? 'success.main' : 'text.secondary'}>
            {progress.unset ? (
              `已完成 ${props.used} ${props.unit} · 未设置目标`
            ) : (
              <>
                <Box component="span" sx={{ fontWeight: 700, color: 'text.primary', fontSize: '1.05rem' }}>
                  {props.used}
                </Box>
                {` / ${props.aim} ${props.unit}`}
              </>
            )}
          </Typography>
        </Stack>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        color={progress.done ? 'success' : 'primary'}
        aria-label={`${props.label}进度`}
        sx={{ bgcolor: 'rgba(15, 110, 106, 0.1)' }}
      />
    </Box>
  );
}

/** Today's aim against what was done today (the user's `data.today_aim`). */
export function TodayAimCard(props: { aim: TodayAim }) {
  const { aim } = props;
  const rows = [
    { label: '做题', used: aim.used_question, target: aim.aim_question, unit: '题' },
    { label: '背单词', used: aim.used_word, target: aim.aim_word, unit: '个', href: paths.word },
    { label: '学习时长', used: aim.used_time_mins, target: aim.aim_time_mins, unit: '分钟' },
  ];
  const withAim = rows.filter((r) => r.target > 0);
  const reached = withAim.filter((r) => r.used >= r.target).length;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FlagOutlined color="primary" />
            <Typography variant="h4" component="h2">
              今日目标
            </Typography>
          </Stack>
          <Button component={Link} to={paths.personal} size="small">
            调整目标
          </Button>
        </Stack>
        <Stack spacing={2.5}>
          {rows.map((r) => (
            <AimRow key={r.label} label={r.label} used={r.used} aim={r.target} unit={r.unit} href={r.href} />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5 }}>
          {withAim.length === 0
            ? '还没有设置每日目标，去个人中心设置一个吧。'
            : reached === withAim.length
              ? '今天的目标全部完成，继续保持！'
              : `已完成 ${reached} / ${withAim.length} 项目标，加油！`}
        </Typography>
      </CardContent>
    </Card>
  );
}
