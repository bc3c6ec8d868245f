import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { closeDialog, switchableDialog, switchDialog, useDialog } from '../app-store.ts';

function PermissionDialog(props: { name: 'no_permission' | 'public_only'; fallbackTitle: string; body: string }) {
  const dialog = useDialog(props.name);
  const close = () => closeDialog(props.name);
  const titleId = `${props.name}-dialog-title`;
  return (
    <Dialog
      open={dialog !== undefined}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={switchableDialog(props.name)}
    >
      <DialogTitle id={titleId}>{dialog?.message || props.fallbackTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => switchDialog(props.name, { name: 'vip', message: '' })}>开通会员</Button>
        <Button variant="contained" onClick={close}>
          知道了
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** sim_no_perm: the visitor's role may not open these questions. */
export function NoPermissionDialog() {
  return (
    <PermissionDialog
      name="no_permission"
      fallbackTitle="无法查看题目"
      body="当前账号没有查看这些题目的权限。开通会员后即可查看，详情见会员权益表。"
    />
  );
}

/** public_only: ordinary members see public questions only. */
export function PublicOnlyDialog() {
  return (
    <PermissionDialog
      name="public_only"
      fallbackTitle="普通会员只能访问公开题目"
      body="这道题目不属于公开题目。开通 VIP 或超级 VIP 后，可访问精选等更多题目。"
    />
  );
}
