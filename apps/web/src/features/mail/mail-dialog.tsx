// One mail, opened from the list: its whole text and, when it has one, the link into the site.
import { chinaDateTime } from '@gre/contract/china-time';
import type { Mail } from '@gre/contract/mail';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';

export function MailDialog(props: { mail: Mail | null; onClose: () => void }) {
  const navigate = useNavigate();
  const { mail } = props;
  return (
    <Dialog open={mail !== null} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="mail-dialog-title">
      <DialogTitle id="mail-dialog-title" sx={{ pr: 3 }}>
        {mail?.subject}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
          {mail ? chinaDateTime(new Date(mail.created_at)) : ''}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{mail?.content}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>关闭</Button>
        {mail?.link ? (
          <Button
            variant="contained"
            onClick={() => {
              props.onClose();
              void navigate(mail.link);
            }}
          >
            前往查看
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
