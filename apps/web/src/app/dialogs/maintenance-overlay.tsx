import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppStore } from '../app-store.ts';

/** server_upgrading: covers the whole page until the visitor reloads. */
export function MaintenanceOverlay() {
  const open = useAppStore((s) => s.maintenanceOpen);
  return (
    <Dialog open={open} fullScreen aria-labelledby="maintenance-title" aria-describedby="maintenance-text">
      <Stack spacing={2} sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}>
        <BuildCircleOutlined color="primary" sx={{ fontSize: 72 }} />
        <Typography id="maintenance-title" variant="h2" component="h1">
          服务升级中
        </Typography>
        <Typography id="maintenance-text" color="text.secondary">
          预计 2 分钟内恢复，请稍后刷新页面。
        </Typography>
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>
          刷新
        </Button>
      </Stack>
    </Dialog>
  );
}
