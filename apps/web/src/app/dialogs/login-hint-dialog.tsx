import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { closeDialog, useDialog } from '../app-store.ts';
import { ContactDetails } from './contact-details.tsx';

// Spec section 2: the login hint advises a proxy and the Chrome browser (for access from abroad).
const hints = [
  {
    primary: '在海外请使用代理访问',
    secondary: '在中国大陆以外登录时，如页面打不开或请求失败，请开启可访问中国大陆网站的代理（回国加速）后重试。',
  },
  { primary: '使用 Chrome 浏览器', secondary: '推荐使用最新版 Chrome；其他浏览器或 App 内置浏览器可能无法正常登录。' },
  { primary: '清理缓存后重试', secondary: '清除本站缓存，或换用无痕窗口重新打开网站。' },
];

export function LoginHintDialog() {
  const open = useDialog('login_hint') !== undefined;
  const close = () => closeDialog('login_hint');
  return (
    <Dialog open={open} onClose={close} aria-labelledby="login-hint-title">
      <DialogTitle id="login-hint-title">登录遇到问题？</DialogTitle>
      <DialogContent>
        <List dense disablePadding>
          {hints.map((h, i) => (
            <ListItem key={h.primary} disableGutters alignItems="flex-start">
              <ListItemText primary={`${i + 1}. ${h.primary}`} secondary={h.secondary} />
            </ListItem>
          ))}
        </List>
        <ContactDetails />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          知道了
        </Button>
      </DialogActions>
    </Dialog>
  );
}
