// 「闪卡学习」: opens the create-flash dialog for a range (a word book, my list, the due words).
import StyleOutlined from '@mui/icons-material/StyleOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { CreateFlashDialog } from './create-flash-dialog.tsx';
import type { FlashRange } from './queries.ts';

export function FlashStartButton({
  range,
  label = '闪卡学习',
  ...props
}: { range: FlashRange; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<StyleOutlined />} onClick={() => setOpen(true)} {...props}>
        {label}
      </Button>
      {open ? <CreateFlashDialog range={range} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
