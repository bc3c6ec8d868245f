import { logout } from '@gre/contract/endpoints/user';
import Logout from '@mui/icons-material/Logout';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import StyleOutlined from '@mui/icons-material/StyleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { cardsHref, paths } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.ts';
import { removeToken } from '../../lib/token.ts';
import { BooksCard } from '../review/books-card.tsx';
import { AimSettingsCard } from './aim-settings-card.tsx';
import { EmailNoticesCard } from './email-notices-card.tsx';
import { MarkCard } from './mark-card.tsx';
import { MembershipCard } from './membership-card.tsx';
import { OrdersCard } from './orders-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { profileQuery } from './queries.ts';

type Staff = 'admin' | 'operator' | 'teacher';
/** The staff pages of 工作台, in order, with who may open them (admins open every one). */
const deskLinks: { to: string; label: string; who: Staff }[] = [
  { to: paths.operate, label: '运营后台', who: 'operator' },
  { to: paths.manageNotices, label: '站内通知', who: 'operator' },
  { to: paths.export, label: '导出数据', who: 'operator' },
  { to: paths.teach, label: '批改作文', who: 'teacher' },
  { to: paths.reviewComments, label: '评论审核', who: 'teacher' },
  { to: paths.teachChat, label: '咨询队列', who: 'teacher' },
  { to: paths.webManage, label: '网站管理', who: 'admin' },
  { to: paths.manageLessons, label: '课程视频', who: 'admin' },
  { to: paths.sync, label: '题库同步', who: 'admin' },
];

function LogoutButton() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => api(logout, {}),
    // Leave even when the server cannot be reached: the token is gone from this browser either way.
    // The login page clears the query cache when it mounts, once no page here can refetch.
    onSettled: () => {
      removeToken();
      toast('success', '已退出登录');
      void navigate(paths.login, { replace: true });
    },
  });
  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<Logout />}
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
    >
      退出登录
    </Button>
  );
}

export function PersonalPage() {
  const user = useCurrentUser();
  const may: Record<Staff, boolean> = {
    admin: user.is_admin,
    operator: user.is_admin || user.authority.is_operator,
    teacher: user.is_admin || user.authority.is_teacher,
  };
  const desk = deskLinks.filter((d) => may[d.who]);
  const profile = useQuery(profileQuery);
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
          个人中心
        </Typography>
        <LogoutButton />
      </Stack>
      {desk.length ? (
        <Paper variant="outlined" component="nav" aria-label="工作台" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography sx={{ fontWeight: 600, mr: 1 }}>工作台</Typography>
            {desk.map((d) => (
              <Button key={d.to} component={Link} to={d.to} variant="outlined">
                {d.label}
              </Button>
            ))}
          </Stack>
        </Paper>
      ) : null}
      {user.data.has_archived_pick || user.data.has_archived_six_two_word ? (
        <Paper variant="outlined" component="nav" aria-label="我的存档" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography sx={{ fontWeight: 600, mr: 1 }}>我的存档</Typography>
            {user.data.has_archived_pick ? (
              <Button component={Link} to={paths.archivedPick} variant="outlined">
                已下架的精选
              </Button>
            ) : null}
            {user.data.has_archived_six_two_word ? (
              <Button component={Link} to={paths.archivedSixTwo} variant="outlined">
                已下架的六选二词书
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {profile.isError && !profile.data ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              重试
            </Button>
          }
        >
          个人资料加载失败
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridColumn: { md: '1 / -1' }, '&:empty': { display: 'none' } }}>
          <MarkCard mark={user.mark} />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <BooksCard />
        </Box>
        <Paper variant="outlined" sx={{ gridColumn: { md: '1 / -1' }, p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <StyleOutlined color="primary" aria-hidden />
            <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
              我的闪卡
            </Typography>
            <Button component={Link} to={cardsHref} variant="outlined">
              收藏的卡片
            </Button>
            <Button component={Link} to={`${cardsHref}?kind=finished`} variant="outlined">
              已掌握的卡片
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ gridColumn: { md: '1 / -1' }, p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
              问老师
            </Typography>
            <Button component={Link} to={paths.chat} variant="outlined">
              在线咨询
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ gridColumn: { md: '1 / -1' }, p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <PictureAsPdfOutlined color="primary" aria-hidden />
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                学习资料
              </Typography>
              <Typography variant="body2" color="text.secondary">
                GRE 词表、数学公式表、Issue 写作指南（PDF）
              </Typography>
            </Box>
            <Button component={Link} to={paths.download} variant="outlined">
              资料下载
            </Button>
          </Stack>
        </Paper>
        {profile.data ? (
          <>
            <ProfileCard profile={profile.data} />
            <MembershipCard profile={profile.data} />
          </>
        ) : profile.isPending ? (
          <>
            <Skeleton variant="rounded" height={320} />
            <Skeleton variant="rounded" height={240} />
          </>
        ) : null}
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <AimSettingsCard aim={user.data.today_aim} />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <EmailNoticesCard />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <OrdersCard user={user} />
        </Box>
      </Box>
    </Stack>
  );
}
