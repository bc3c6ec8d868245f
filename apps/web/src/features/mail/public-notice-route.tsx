// Route module for /notice/:userID/:id/:token (outside the navigation, no login): one notice opened
// from its e-mail link. The server checks the signed token (that user, that notice, 30 days) and
// answers a wrong or expired link with a message that says what to do; that message is shown here.
import { chinaDateTime } from '@gre/contract/china-time';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { loginHref, paths } from '../../app/paths.ts';
import { readToken } from '../../lib/token.ts';
import { PublicPage } from './public-page.tsx';
import { publicNoticeQuery } from './queries.ts';

export function Component() {
  const { userID = '', id = '', token = '' } = useParams();
  const q = useQuery(publicNoticeQuery({ userId: userID, noticeId: id, token }));
  const loggedIn = readToken() !== null;
  return (
    <PublicPage>
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <Stack spacing={2}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
            无法打开这条通知
          </Typography>
          <Alert severity="warning">{q.error.message}</Alert>
          <Box>
            <Button variant="contained" component={Link} to={loggedIn ? paths.mail : loginHref(paths.mail)}>
              {loggedIn ? '查看我的邮件' : '登录后查看'}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {q.data.user_name ? `${q.data.user_name}，这是发给你的站内通知` : '站内通知'}
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.8rem' }, wordBreak: 'break-word' }}>
            {q.data.notice.subject}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {chinaDateTime(new Date(q.data.notice.send_at))}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.8 }}>
            {q.data.notice.content}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ pt: 1, flexWrap: 'wrap' }} useFlexGap>
            <Button
              variant="contained"
              component={Link}
              to={q.data.notice.link || (loggedIn ? paths.home : paths.login)}
            >
              {q.data.notice.link ? '前往查看' : loggedIn ? '进入网站' : '登录网站'}
            </Button>
          </Stack>
        </Stack>
      )}
    </PublicPage>
  );
}
