import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useRightsLines } from '../../lib/rights-query.ts';
import { closeDialog, useDialog } from '../app-store.ts';

/** The rights table image (drawn by the server from the data it enforces), with the same table as text for screen readers. */
export function RightsTableDialog() {
  const open = useDialog('rights_table') !== undefined;
  const close = () => closeDialog('rights_table');
  const lines = useRightsLines();
  const rows: [string, keyof NonNullable<typeof lines>[number]][] = [
    ['有效期', 'validity'],
    ['练习做题', 'questions'],
    ['模考', 'mocks'],
    ['作文批改', 'essays'],
    ['收藏与笔记', 'review'],
    ['自选组卷', 'tailor'],
    ['课程视频', 'lessons'],
    ['资料下载', 'materials'],
    ['可见题目', 'visibility'],
  ];
  return (
    <Dialog open={open} onClose={close} maxWidth="md" aria-labelledby="rights-table-title">
      <DialogTitle id="rights-table-title">会员权益表</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        {/* On a phone the table keeps a readable size and scrolls sideways. */}
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} aria-label="会员权益表图片，可左右滚动">
          <Box
            component="img"
            src="/rights-table.svg"
            alt=""
            sx={{ display: 'block', width: '100%', minWidth: 640, height: 'auto' }}
          />
        </Box>
        {lines ? (
          <Box component="table" sx={visuallyHidden} data-testid="rights-table-text">
            <caption>会员权益表</caption>
            <thead>
              <tr>
                <th scope="col">权益</th>
                {lines.map((l) => (
                  <th key={l.roleKind} scope="col">
                    {l.role}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, key]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  {lines.map((l) => (
                    <td key={l.roleKind}>{String(l[key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          关闭
        </Button>
      </DialogActions>
    </Dialog>
  );
}
