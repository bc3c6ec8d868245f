import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useAppStore } from '../app-store.ts';

/** The full-screen spinner while a backdrop request runs (spec section 2). */
export function GlobalBackdrop() {
  const open = useAppStore((s) => s.backdropCount > 0);
  return (
    <Backdrop open={open} sx={(t) => ({ zIndex: t.zIndex.modal + 1, color: '#fff' })}>
      <CircularProgress color="inherit" aria-label="请稍候" />
    </Backdrop>
  );
}
