// Route module for /unsubscribe/:userID/:token (no login): the unsubscribe link of a notice e-mail.
// Nothing happens until the visitor confirms (a mail scanner that follows links must not unsubscribe).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { PublicPage } from './public-page.tsx';
import { useUnsubscribe } from './queries.ts';

export function Component() {
  const { userID = '', token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  return (
    <PublicPage>
      <Stack spacing={2}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
          退订通知邮件
        </Typography>
        {unsubscribe.isSuccess ? (
          <Alert severity="success">
            已退订：今后不再给你发送通知邮件，站内的通知照常可以在「邮件」中查看。想再收到时，在「个人中心 ·
            通知邮件」中重新订阅。
          </Alert>
        ) : (
          <>
            <Typography>退订后，网站不再把站内通知发到你的邮箱；站内的通知、提醒照常送达。</Typography>
            {unsubscribe.isError ? <Alert severity="warning">{unsubscribe.error.message}</Alert> : null}
            <Box>
              <Button
                variant="contained"
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate({ userId: userID, token })}
              >
                确认退订
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </PublicPage>
  );
}
