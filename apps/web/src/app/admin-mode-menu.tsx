// The admin's switches in the header (ADR 0035): 管理员模式 (on at login), and inside it 编辑模式 and
// 高亮模式; turning admin mode off turns both off. Only admins see it.
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { visuallyHidden } from '../components/visually-hidden.ts';
import { setAdminModes, useAdminModes } from '../lib/admin-mode.ts';
import { useCurrentUser } from '../lib/current-user.ts';

export function AdminModeMenu() {
  const user = useCurrentUser();
  const modes = useAdminModes();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  if (!user.is_admin) return null;
  const detail = modes.admin
    ? `管理员模式已开${modes.edit ? '，编辑模式开' : ''}${modes.highlight ? '，高亮模式开' : ''}`
    : '管理员模式已关';
  return (
    <>
      <Button
        size="small"
        color={modes.admin ? 'primary' : 'inherit'}
        variant={modes.admin ? 'outlined' : 'text'}
        startIcon={<AdminPanelSettingsOutlined />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        aria-describedby={`${id}-state`}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          whiteSpace: 'nowrap',
          minWidth: 0,
          flexShrink: 0,
          px: 1,
          '& .MuiButton-startIcon': {
            mr: { xs: 0, sm: 0.5, md: 0, xl: 0.5 },
            ml: { xs: 0, sm: -0.5, md: 0, xl: -0.5 },
          },
        }}
      >
        {/* On phones (the header's logo, mail, role and avatar fill 390 px) and between md and lg (the nine
            links need the room): the icon only, the words still its name. */}
        <Box
          component="span"
          sx={{
            position: { xs: 'absolute', sm: 'static', md: 'absolute', xl: 'static' },
            width: { xs: '1px', sm: 'auto', md: '1px', xl: 'auto' },
            height: { xs: '1px', sm: 'auto', md: '1px', xl: 'auto' },
            overflow: { xs: 'hidden', sm: 'visible', md: 'hidden', xl: 'visible' },
            clip: { xs: 'rect(0 0 0 0)', sm: 'auto', md: 'rect(0 0 0 0)', xl: 'auto' },
          }}
        >
          {modes.admin ? '管理·开' : '管理·关'}
        </Box>
        <Box component="span" id={`${id}-state`} sx={visuallyHidden}>
          {detail}
        </Box>
      </Button>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': '管理员模式设置', sx: { p: 2, width: 280 } } }}
      >
        <Stack spacing={0.5}>
          <FormControlLabel
            control={<Switch checked={modes.admin} onChange={(e) => setAdminModes({ admin: e.target.checked })} />}
            label="管理员模式"
          />
          <FormControlLabel
            control={
              <Switch
                checked={modes.edit}
                disabled={!modes.admin}
                onChange={(e) => setAdminModes({ edit: e.target.checked })}
              />
            }
            label="编辑模式"
          />
          <FormControlLabel
            control={
              <Switch
                checked={modes.highlight}
                disabled={!modes.admin}
                onChange={(e) => setAdminModes({ highlight: e.target.checked })}
              />
            }
            label="高亮模式"
          />
          <Typography variant="caption" color="text.secondary">
            编辑模式：在题目解析处「编辑」解析、关键词、标签、难度和可见性。高亮模式：列表中标出隐藏和锁定的题目。关闭管理员模式会同时关闭两者。
          </Typography>
        </Stack>
      </Popover>
    </>
  );
}
