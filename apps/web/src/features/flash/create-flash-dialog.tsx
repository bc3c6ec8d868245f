// The create-flash dialog (spec section 2): what a new set of the range costs against today's free
// new words (check_create), then create and open it; beyond the quota it says how many flash coins
// it takes; 购买闪卡币 opens the QR payment dialog on the flash-coin packs (app/dialogs/pay-dialog.tsx).

import { PaymentKind } from '@gre/contract/enums';
import { flashLimits } from '@gre/contract/flash';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openDialog } from '../../app/app-store.ts';
import { flashHref } from '../../app/paths.ts';
import { checkCreateQuery, type FlashRange, useCreateFlash } from './queries.ts';

const sizes = [10, 20, 50, 100].filter((n) => n >= flashLimits.minCards && n <= flashLimits.maxCards);

export function CreateFlashDialog({ range, open, onClose }: { range: FlashRange; open: boolean; onClose: () => void }) {
  const [size, setSize] = useState<number>(flashLimits.defaultCards);
  const check = useQuery({ ...checkCreateQuery(range, size), enabled: open });
  const create = useCreateFlash();
  const navigate = useNavigate();
  const c = check.data;
  const start = () =>
    create.mutate(
      { range, size },
      {
        onSuccess: (result) => {
          onClose();
          navigate(flashHref(result.flash.id));
        },
      },
    );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="create-flash-title" fullWidth maxWidth="xs">
      <DialogTitle id="create-flash-title">闪卡学习{c ? `：${c.title}` : ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="每组卡片数" value={size} onChange={(e) => setSize(Number(e.target.value))} fullWidth>
            {sizes.map((n) => (
              <MenuItem key={n} value={n}>
                {n} 张
              </MenuItem>
            ))}
          </TextField>
          {check.isPending ? (
            <Skeleton variant="rounded" height={72} />
          ) : check.isError ? (
            <Alert severity="error">{check.error.message || '读取失败，请重试'}</Alert>
          ) : c ? (
            <>
              <DialogContentText component="div" aria-live="polite">
                本组 {c.cards} 张卡片，其中新词 {c.new_cards} 个。
                {c.per_day < 0 ? '您的会员新词不限。' : `今日免费新词还剩 ${c.free_left} 个（每天 ${c.per_day} 个）。`}
                {c.coins_needed > 0 ? `超出的 ${c.coins_needed} 个新词每个 1 闪卡币，当前余额 ${c.coins} 个。` : ''}
              </DialogContentText>
              {c.cards === 0 ? (
                <Alert severity="info">
                  {range.range_kind === 'due'
                    ? '今天没有到期需要复习的单词。学过的单词会按记忆曲线在到期那天回到这里。'
                    : '这个范围里没有可以学习的单词（已掌握或标为熟词的不再出现）。'}
                </Alert>
              ) : !c.allowed ? (
                <Alert
                  severity="warning"
                  action={
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => openDialog({ name: 'pay', kind: PaymentKind.FlashCoin })}
                    >
                      购买闪卡币
                    </Button>
                  }
                >
                  今日免费新词额度不够，还差 {c.coins_needed - c.coins} 个闪卡币。可减少卡片数、明天再来或购买闪卡币。
                </Alert>
              ) : null}
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={start} disabled={!c?.allowed || create.isPending} sx={{ minHeight: 44 }}>
          {c && c.coins_needed > 0 ? `花费 ${c.coins_needed} 闪卡币并开始` : '开始学习'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
