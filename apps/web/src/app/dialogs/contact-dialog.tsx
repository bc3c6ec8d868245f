import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { closeDialog, useDialog } from '../app-store.ts';
import { ContactDetails } from './contact-details.tsx';

export function ContactDialog() {
  const open = useDialog('contact') !== undefined;
  const close = () => closeDialog('contact');
  return (
    <Dialog open={open} onClose={close} aria-labelledby="contact-title">
      <DialogTitle id="contact-title">联系我们</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>
          账号、会员开通、题目纠错或使用建议，欢迎发邮件给我们。来信请附上您的用户编号，方便我们尽快处理。
        </DialogContentText>
        <ContactDetails />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          关闭
        </Button>
      </DialogActions>
    </Dialog>
  );
}
