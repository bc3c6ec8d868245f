import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRightsLines } from '../../lib/rights-query.ts';
import { closeDialog, switchableDialog, switchDialog, useDialog } from '../app-store.ts';

/** day_overflow: a daily quota of the visitor's role is used up. */
export function OutOfLimitDialog() {
  const dialog = useDialog('out_of_limit');
  const close = () => closeDialog('out_of_limit');
  const role = dialog?.roleName || '当前会员';
  const subject = dialog?.subject || '该项';
  // The role's limits as the server enforces them (from the same data), e.g. 每天 50 题，共 200 题.
  const mine = useRightsLines()?.find((r) => r.role === dialog?.roleName);
  const limit = mine
    ? {
        做题: mine.questions,
        模考: mine.mocks,
        作文批改: mine.essays,
        收藏: mine.review,
        笔记: mine.review,
        收藏与笔记: mine.review,
        闪卡新词: mine.flash,
        自选组卷: mine.tailor,
      }[subject]
    : undefined;
  return (
    <Dialog
      open={dialog !== undefined}
      onClose={close}
      aria-labelledby="out-of-limit-title"
      slotProps={switchableDialog('out_of_limit')}
    >
      <DialogTitle id="out-of-limit-title">{dialog?.message || '权益额度已用完'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          您的{role}今日「{subject}」额度已用完{limit ? `（${limit}）` : ''}，将在北京时间次日 0
          点恢复。开通更高等级的会员可获得更多额度。
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => switchDialog('out_of_limit', { name: 'vip', message: '' })}>查看会员权益</Button>
        <Button variant="contained" onClick={close}>
          知道了
        </Button>
      </DialogActions>
    </Dialog>
  );
}
