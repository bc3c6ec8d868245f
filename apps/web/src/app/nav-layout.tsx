import { RoleKind } from '@gre/contract/enums';
import MoreHorizOutlined from '@mui/icons-material/MoreHorizOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { visuallyHidden } from '../components/visually-hidden.ts';
import { MailBadge } from '../features/mail/mail-badge.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { AdminModeMenu } from './admin-mode-menu.tsx';
import { Footer } from './footer.tsx';
import { activeNavItem, navItems, paths, showsFooter } from './paths.ts';

const bottomNavHeight = 60;

function UserBadge() {
  const user = useCurrentUser();
  return (
    <ButtonBase
      component={Link}
      to={paths.personal}
      sx={{ borderRadius: 5, gap: 1, px: 1, py: 0.5, '&:hover': { bgcolor: 'action.hover' } }}
    >
      {/* The link's name is its visible text (WCAG 2.5.3) with what it is for in front. */}
      <Box component="span" sx={visuallyHidden}>
        我的账户：{user.name}，
      </Box>
      <Chip
        size="small"
        label={user.authority.role_name}
        color={user.authority.role_kind >= RoleKind.VIP ? 'secondary' : 'default'}
        variant={user.authority.role_kind >= RoleKind.VIP ? 'filled' : 'outlined'}
        // 900–1199 px: the ten links take the bar's width; the role is on the personal page.
        sx={{ display: { md: 'none', lg: 'inline-flex' } }}
      />
      <Typography
        variant="body2"
        sx={{ display: { xs: 'none', sm: 'block', md: 'none', xl: 'block' }, maxWidth: 140 }}
        noWrap
      >
        {user.name}
      </Typography>
      <Avatar aria-hidden sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: '0.95rem' }}>
        {user.name.slice(0, 1) || '我'}
      </Avatar>
    </ButtonBase>
  );
}

/**
 * The phone's bottom bar: the five most used places, and 更多 opening a menu of the others (ten
 * labelled places do not fit a 360 px phone). 更多 shows as current while one of its pages is open.
 */
function PhoneBar({ active }: { active: string | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const more = navItems.filter((i) => !i.onBar);
  const activeInMore = more.some((i) => i.key === active);
  const actionSx = {
    minWidth: 0,
    px: 0.25,
    '& .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap', fontSize: '0.75rem' },
  };
  return (
    <>
      <BottomNavigation showLabels value={activeInMore ? 'more' : (active ?? false)} sx={{ height: bottomNavHeight }}>
        {navItems
          .filter((i) => i.onBar)
          .map((item) => {
            const Icon = item.icon;
            return (
              <BottomNavigationAction
                key={item.key}
                component={Link}
                to={item.href}
                value={item.key}
                label={item.label}
                icon={<Icon />}
                aria-current={active === item.key ? 'page' : undefined}
                sx={actionSx}
              />
            );
          })}
        <BottomNavigationAction
          value="more"
          label="更多"
          icon={<MoreHorizOutlined />}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? 'phone-more-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={actionSx}
        />
      </BottomNavigation>
      <Menu
        id="phone-more-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        {more.map((item) => {
          const Icon = item.icon;
          return (
            <MenuItem
              key={item.key}
              component={Link}
              to={item.href}
              selected={active === item.key}
              aria-current={active === item.key ? 'page' : undefined}
              onClick={() => setAnchor(null)}
              sx={{ minHeight: 44, minWidth: 160 }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {item.label}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** The navigation layout: top bar with links on wide screens, a bottom bar on phones, the footer (around the route's page, or `children`: an exam's result). */
export function NavLayout(props: { children?: ReactNode } = {}) {
  const location = useLocation();
  const navigation = useNavigation();
  const active = activeNavItem(location.pathname);
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        pb: { xs: `calc(${bottomNavHeight}px + env(safe-area-inset-bottom))`, md: 0 },
      }}
    >
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.92)', backdropFilter: 'blur(8px)' }}
      >
        <Container maxWidth="lg" disableGutters>
          <Toolbar sx={{ gap: { xs: 1, md: 3 }, minHeight: { xs: 56, sm: 64 } }}>
            <ButtonBase
              component={Link}
              to={paths.home}
              aria-label="GRE 备考"
              sx={{ gap: 1, borderRadius: 2, px: 0.5, color: 'primary.dark' }}
            >
              <SchoolOutlined />
              <Typography
                variant="h6"
                component="span"
                sx={{ fontWeight: 700, letterSpacing: '0.04em', whiteSpace: 'nowrap' }}
              >
                GRE 备考
              </Typography>
            </ButtonBase>
            <Box component="nav" aria-label="主导航" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
              {navItems.map((item) => {
                const Icon = item.icon;
                const isActive = active?.key === item.key;
                return (
                  <Button
                    key={item.key}
                    component={NavLink}
                    to={item.href}
                    aria-current={isActive ? 'page' : undefined}
                    startIcon={<Icon />}
                    sx={(t) => ({
                      // Ten links fit from 900 px: icons from 1200 px, wide padding only from 1536 px.
                      px: { md: 1, lg: 1.25, xl: 2 },
                      whiteSpace: 'nowrap',
                      minWidth: 0,
                      '& .MuiButton-startIcon': { display: { md: 'none', lg: 'inherit' }, mr: { lg: 0.5 } },
                      color: isActive ? 'primary.main' : 'text.secondary',
                      bgcolor: isActive ? alpha(t.palette.primary.main, 0.08) : 'transparent',
                    })}
                  >
                    {item.label}
                  </Button>
                );
              })}
            </Box>
            <Box sx={{ flex: 1 }} />
            <AdminModeMenu />
            <MailBadge />
            <UserBadge />
          </Toolbar>
        </Container>
        {navigation.state !== 'idle' ? (
          <LinearProgress
            aria-label="页面加载中"
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2, borderRadius: 0 }}
          />
        ) : null}
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 3 } }}>
        {props.children ?? <Outlet />}
      </Container>
      {showsFooter(location.pathname) ? <Footer /> : null}
      <Paper
        component="nav"
        aria-label="底部导航"
        elevation={0}
        sx={{
          display: { xs: 'block', md: 'none' },
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (t) => t.zIndex.appBar,
          borderTop: 1,
          borderColor: 'divider',
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        <PhoneBar active={active?.key} />
      </Paper>
    </Box>
  );
}
