import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { closeDialog, useDialog } from '../app-store.ts';

export function RightsTableDialog() {
  const open = useDialog('rights_table') !== undefined;
  const close = () => closeDialog('rights_table');
  return (
    <Dialog open={open} onClose={close} maxWidth="md" aria-labelledby="rights-table-title">
      <DialogTitle id="rights-table-title">会员权益表</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        {/* On a phone the table keeps a readable size and scrolls sideways. */}
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            component="img"
            src="/rights-table.svg"
            alt="会员权益表"
            sx={{ display: 'block', width: '100%', minWidth: 600, height: 'auto' }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          关闭
        </Button>
      </DialogActions>
    </Dialog>
  );
}
