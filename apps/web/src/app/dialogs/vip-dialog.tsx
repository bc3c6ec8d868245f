import { PaymentKind, RoleKind } from '@gre/contract/enums';
import { payMessages } from '@gre/contract/pay';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/current-user.ts';
import { upgradeOptions } from '../../lib/membership.ts';
import { useRightsLines } from '../../lib/rights-query.ts';
import { closeDialog, openDialog, switchableDialog, switchDialog, useAppStore, useDialog } from '../app-store.ts';
import { ContactDetails } from './contact-details.tsx';

/** Membership benefits and the upgrades spec section 5 allows, each opening the QR payment dialog. */
export function VipDialog() {
  const dialog = useDialog('vip');
  const close = () => closeDialog('vip');
  const paidRoles = useRightsLines()?.filter((r) => r.roleKind >= RoleKind.VIP) ?? null;
  const loggedIn = useAppStore((s) => s.currentUserId !== null);
  const user = useQuery({ ...currentUserQuery, enabled: loggedIn });
  const options = upgradeOptions(user.data ? user.data.authority.role_kind : null);
  const pay = (kind: PaymentKind) => switchDialog('vip', { name: 'pay', kind });
  return (
    <Dialog
      open={dialog !== undefined}
      onClose={close}
      maxWidth="sm"
      aria-labelledby="vip-dialog-title"
      slotProps={switchableDialog('vip')}
    >
      <DialogTitle id="vip-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WorkspacePremiumOutlined color="secondary" />
        会员权益
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {dialog?.message ? <Alert severity="warning">{dialog.message}</Alert> : null}
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            {paidRoles === null ? <CircularProgress size={24} aria-label="正在读取会员权益" /> : null}
            {(paidRoles ?? []).map((r) => (
              <Box
                key={r.role}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: 'background.default' }}
              >
                <Typography variant="h6" color="secondary.dark" gutterBottom>
                  {r.role}
                </Typography>
                <Typography variant="body2">练习做题：{r.questions}</Typography>
                <Typography variant="body2">模考：{r.mocks}</Typography>
                <Typography variant="body2">作文批改：{r.essays}</Typography>
                <Typography variant="body2">收藏与笔记：{r.review}</Typography>
                <Typography variant="body2">自选组卷：{r.tailor}</Typography>
                <Typography variant="body2">课程视频：{r.lessons}</Typography>
                <Typography variant="body2">资料下载：{r.materials}</Typography>
                <Typography variant="body2">可见题目：{r.visibility}</Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            会员可选 7 天、1 个月、2 个月、3 个月，扫码支付即时开通。{payMessages.nonRefundable}。
          </Typography>
          {!loggedIn ? (
            <Alert severity="info">登录后即可开通会员</Alert>
          ) : user.data && options.length === 0 ? (
            <Alert severity="success">您已是最高等级会员，感谢支持！</Alert>
          ) : null}
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              如有疑问请联系客服：
            </Typography>
            <ContactDetails />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={() => openDialog({ name: 'rights_table' })}>查看会员权益表</Button>
        <Button variant={options.length === 0 ? 'contained' : 'text'} onClick={close}>
          知道了
        </Button>
        {options.map((o) => (
          <Button
            key={o.key}
            variant={o.key === 'vip' ? 'contained' : 'outlined'}
            color="secondary"
            onClick={() => pay(o.key === 'vip' ? PaymentKind.VIP : PaymentKind.SVIP)}
          >
            {o.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
