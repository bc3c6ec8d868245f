import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { storageKeys, writeStorage } from '../../lib/storage.ts';
import { type MigrationConfig, registerHiddenClick, secretMatches } from './migration.ts';

/** Replaces the whole app when the site has moved (spec section 2). */
export function MigrationNotice(props: { config: MigrationConfig }) {
  const clicks = useRef<number[]>([]);
  const [boxOpen, setBoxOpen] = useState(false);
  const [phrase, setPhrase] = useState('');
  const [wrong, setWrong] = useState(false);

  const onHiddenClick = () => {
    const next = registerHiddenClick(clicks.current, Date.now());
    clicks.current = next.clicks;
    if (next.open) setBoxOpen(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!secretMatches(phrase, props.config.secret)) {
      setWrong(true);
      return;
    }
    writeStorage(storageKeys.migrationBypassAt, new Date().toISOString());
    window.location.reload();
  };

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ maxWidth: 520, width: '100%' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={2.5}>
              <Typography variant="h2" component="h1" color="primary.dark">
                GRE 备考已迁移到新地址
              </Typography>
              <Typography>
                本站已搬到新地址继续提供服务。新站的题库内容、账号和学习记录与这里完全一致，请直接用原账号登录。
              </Typography>
              <Box
                sx={{
                  p: 1.5,
                  borderRadius: 2,
                  bgcolor: 'background.default',
                  border: 1,
                  borderColor: 'divider',
                  wordBreak: 'break-all',
                  fontFamily: 'monospace',
                }}
              >
                {props.config.url}
              </Box>
              <Button
                variant="contained"
                size="large"
                href={props.config.url}
                endIcon={<OpenInNew />}
                sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
              >
                前往新地址
              </Button>
              <Typography variant="body2" color="text.secondary">
                建议将新地址加入书签。如有疑问请联系客服。
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Box component="footer" sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <ButtonBase
          aria-label="版本信息"
          tabIndex={-1}
          onClick={onHiddenClick}
          sx={{ px: 1, py: 0.5, color: 'text.disabled', fontSize: 12, borderRadius: 1 }}
        >
          © GRE 备考
        </ButtonBase>
      </Box>
      <Dialog open={boxOpen} onClose={() => setBoxOpen(false)} aria-labelledby="migration-bypass-title">
        <form onSubmit={onSubmit}>
          <DialogTitle id="migration-bypass-title">继续使用旧站</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              margin="dense"
              label="口令"
              value={phrase}
              error={wrong}
              helperText={wrong ? '口令不正确' : '输入口令后可在 24 小时内继续使用旧站'}
              onChange={(e) => {
                setPhrase(e.target.value);
                setWrong(false);
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setBoxOpen(false)}>取消</Button>
            <Button type="submit" variant="contained">
              确认
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
