// The pick (精选) and best (精华) dialogs of spec section 2: what the sets are, who may open them
// (from the server's rights, like every rights text), and the way to them.
import { RoleKind } from '@gre/contract/enums';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../lib/current-user.ts';
import { rightsQuery } from '../../lib/rights-query.ts';
import { closeDialog, switchableDialog, switchDialog, useDialog } from '../app-store.ts';

const about = {
  pick: {
    title: '什么是精选？',
    text: '精选是老师从题库中挑出的高频、典型好题，按填空、阅读、数学分组成套，适合冲刺前集中练习。',
  },
  best: {
    title: '什么是精华？',
    text: '精华是题库中最有代表性的难题与易错题，配有更细的解析，适合高分冲刺。',
  },
} as const;

export const PickDialog = () => <TierDialog name="pick" />;
export const BestDialog = () => <TierDialog name="best" />;

function TierDialog(props: { name: 'pick' | 'best' }) {
  const open = useDialog(props.name) !== undefined;
  const close = () => closeDialog(props.name);
  const { data } = useQuery(rightsQuery);
  const user = useCurrentUser();
  const who = (data?.roles ?? []).filter((r) => r.visibilities.includes(props.name)).map((r) => r.role_name);
  const mine = data?.roles.find((r) => r.role_kind === user.authority.role_kind);
  const canOpen = mine?.visibilities.includes(props.name) ?? user.authority.role_kind >= RoleKind.SVIP;
  const a = about[props.name];
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${props.name}-dialog-title`}
      slotProps={switchableDialog(props.name)}
    >
      <DialogTitle id={`${props.name}-dialog-title`}>{a.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{a.text}</DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          {who.length ? `可以练习的会员：${who.join('、')}。` : '正在读取会员权益…'}
          {canOpen ? '您已可以练习。' : '开通相应会员后即可练习。'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {canOpen ? null : (
          <Button color="secondary" onClick={() => switchDialog(props.name, { name: 'vip', message: '' })}>
            开通会员
          </Button>
        )}
        <Button variant="contained" onClick={close}>
          知道了
        </Button>
      </DialogActions>
    </Dialog>
  );
}
