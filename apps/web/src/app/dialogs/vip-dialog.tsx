import { RoleKind } from '@gre/contract/enums';
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
import { useRightsLines } from '../../lib/rights-query.ts';
import { closeDialog, openDialog, useDialog } from '../app-store.ts';
import { ContactDetails } from './contact-details.tsx';

/** Membership benefits; the QR payment arrives with the payment issue. */
export function VipDialog() {
  const dialog = useDialog('vip');
  const close = () => closeDialog('vip');
  const paidRoles = useRightsLines()?.filter((r) => r.roleKind >= RoleKind.VIP) ?? null;
  return (
    <Dialog open={dialog !== undefined} onClose={close} maxWidth="sm" aria-labelledby="vip-dialog-title">
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
                <Typography variant="body2">可见题目：{r.visibility}</Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            会员可选 7 天、1 个月、2 个月、3 个月；开通后不支持退款、不可转让或兑换。
          </Typography>
          <Alert severity="info" icon={false}>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              在线支付即将开放，如需开通请联系客服
            </Typography>
            <ContactDetails />
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => openDialog({ name: 'rights_table' })}>查看会员权益表</Button>
        <Button variant="contained" onClick={close}>
          知道了
        </Button>
      </DialogActions>
    </Dialog>
  );
}
