// The look of a calm study site: deep teal, warm amber for membership, CJK fonts, roomy lines.
import { createTheme } from '@mui/material/styles';

const cjkFontStack = [
  '"Noto Sans SC"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Source Han Sans SC"',
  '"Noto Sans CJK SC"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0f6e6a', light: '#3f8f8b', dark: '#0a4d4a', contrastText: '#ffffff' },
    // main carries white text at 4.99:1 (WCAG AA needs 4.5:1 for body text).
    secondary: { main: '#9a6416', light: '#b7791f', dark: '#7a4f10', contrastText: '#ffffff' },
    // 5.1:1 on white and on the tinted panels (WCAG AA for small text).
    success: { main: '#2a7451' },
    warning: { main: '#c05621' },
    error: { main: '#c53030' },
    background: { default: '#f4f7f6', paper: '#ffffff' },
    text: { primary: '#1f2d2c', secondary: '#55656a' },
    divider: 'rgba(15, 110, 106, 0.14)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: cjkFontStack,
    fontSize: 15,
    body1: { fontSize: '1rem', lineHeight: 1.7 },
    body2: { fontSize: '0.9375rem', lineHeight: 1.7 },
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.35 },
    h2: { fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.4 },
    h3: { fontSize: '1.35rem', fontWeight: 700, lineHeight: 1.45 },
    h4: { fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.5 },
    h5: { fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.5 },
    h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.5 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.02em' },
    caption: { lineHeight: 1.6 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // What the browser scrolls into view (keyboard focus, a find, a test's click) stays clear of the
        // sticky app bar and, on phones, of the fixed bottom navigation (nav-layout.tsx; WCAG 2.4.11).
        html: {
          WebkitTextSizeAdjust: '100%',
          scrollPaddingTop: 64,
          '@media (max-width: 899.95px)': { scrollPaddingBottom: 'calc(60px + env(safe-area-inset-bottom))' },
        },
        body: { fontSize: '1rem', lineHeight: 1.7 },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: 'rgba(15, 110, 106, 0.14)' } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiLinearProgress: { styleOverrides: { root: { height: 8, borderRadius: 4 }, bar: { borderRadius: 4 } } },
    MuiDialog: { defaultProps: { fullWidth: true, maxWidth: 'xs' } },
    MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.2rem', fontWeight: 700 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
