import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { openDialog, useAppStore } from '../../app/app-store.ts';
import { paths } from '../../app/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { CodeLoginForm, PasswordLoginForm, RegisterForm, ResetPasswordForm } from './login-forms.tsx';

const tabs = [
  { key: 'password', label: '密码登录' },
  { key: 'code', label: '验证码登录' },
  { key: 'register', label: '注册' },
  { key: 'reset', label: '找回密码' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

const highlights = [
  { icon: AutoStoriesOutlined, title: '原创题库', text: '填空、阅读、数学、作文分类练习，每题附中文解析' },
  { icon: TimerOutlined, title: '全真模考', text: '按新版 GRE 的分节与计时，分数换算 130–170' },
  { icon: InsightsOutlined, title: '错题复盘', text: '错题、笔记与改进方案，闪卡巩固单词' },
];

function Brand(props: { light?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: props.light ? '#fff' : 'primary.dark' }}>
      <SchoolOutlined fontSize="large" />
      <Typography variant="h3" component="span" sx={{ letterSpacing: '0.06em' }}>
        GRE 备考
      </Typography>
    </Stack>
  );
}

export function LoginPage() {
  const [tab, setTab] = useState<TabKey>('password');
  const [account, setAccount] = useState('');
  const accountState = { account, setAccount };
  // Arriving here means there is no session (logout, 401, expired token): forget the previous
  // visitor's data. Done after mounting, when no page that could refetch it is left on screen.
  useEffect(() => {
    queryClient.clear();
    useAppStore.getState().setCurrentUserId(null);
  }, []);
  // A request from this page that cannot reach the server (no network, a blocked connection abroad)
  // opens the login hint: a proxy for overseas access, the Chrome browser (spec section 2).
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const error = event.type === 'updated' && event.action.type === 'error' ? event.action.error : null;
        if (error instanceof ApiError && (error.failure.type === 'network' || error.failure.type === 'http')) {
          openDialog({ name: 'login_hint' });
        }
      }),
    [],
  );
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.05fr 1fr' } }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: 'linear-gradient(150deg, #0a4d4a 0%, #0f6e6a 55%, #2c8c87 100%)',
        }}
      >
        <Brand light />
        <Stack spacing={4} sx={{ maxWidth: 460 }}>
          <Typography variant="h1" sx={{ fontSize: '2.25rem' }}>
            每天进步一点，
            <br />
            离目标分数更近一步
          </Typography>
          <Stack spacing={2.5}>
            {highlights.map((h) => {
              const Icon = h.icon;
              return (
                <Stack key={h.title} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <Icon sx={{ mt: 0.5, opacity: 0.9 }} />
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{h.title}</Typography>
                    <Typography variant="body2" sx={{ opacity: 0.85 }}>
                      {h.text}
                    </Typography>
                  </Box>
                </Stack>
              );
            })}
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          GRE® 是 ETS 的注册商标，本站与 ETS 无关联。
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 6 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center', mb: 3 }}>
            <Brand />
          </Box>
          <Card sx={{ boxShadow: '0 12px 32px rgba(15, 110, 106, 0.08)' }}>
            <CardContent sx={{ p: { xs: 2, sm: 3.5 }, '&:last-child': { pb: { xs: 2.5, sm: 3.5 } } }}>
              <Typography variant="h2" component="h1" sx={{ mb: 0.5 }}>
                {tab === 'register' ? '创建账号' : tab === 'reset' ? '找回密码' : '欢迎回来'}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {tab === 'register' ? '新账号可免费试用题库与模考' : '使用手机号或邮箱登录，继续你的备考计划'}
              </Typography>
              <Tabs
                value={tab}
                onChange={(_e, value: TabKey) => setTab(value)}
                variant="fullWidth"
                aria-label="登录方式"
                sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
              >
                {tabs.map((t) => (
                  <Tab
                    key={t.key}
                    value={t.key}
                    label={t.label}
                    id={`login-tab-${t.key}`}
                    aria-controls={`login-panel-${t.key}`}
                    sx={{ minWidth: 0, px: 0.5, fontSize: { xs: '0.875rem', sm: '0.9375rem' } }}
                  />
                ))}
              </Tabs>
              <Box role="tabpanel" id={`login-panel-${tab}`}>
                {tab === 'password' ? <PasswordLoginForm {...accountState} /> : null}
                {tab === 'code' ? <CodeLoginForm {...accountState} /> : null}
                {tab === 'register' ? <RegisterForm {...accountState} /> : null}
                {tab === 'reset' ? <ResetPasswordForm {...accountState} onDone={() => setTab('password')} /> : null}
              </Box>
            </CardContent>
          </Card>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2, px: 0.5 }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              underline="hover"
              onClick={() => openDialog({ name: 'login_hint' })}
            >
              遇到问题？
            </Link>
            <Link component={RouterLink} to={paths.agreement} variant="body2" underline="hover">
              用户协议
            </Link>
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}
