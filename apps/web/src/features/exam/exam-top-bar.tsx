// The player's bars, like the GRE's: section name, "第 3 题 / 共 12 题", the timer (hideable; counts
// up when untimed), Mark, Review, Back, Next, Exit Section, the calculator and the shortcut help.
// On phones the question buttons move to a bottom bar.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import BookmarkRounded from '@mui/icons-material/BookmarkRounded';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import ExitToAppRounded from '@mui/icons-material/ExitToAppRounded';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import ListAltRounded from '@mui/icons-material/ListAltRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatClock, type SectionClock, type Stage } from './exam-logic.ts';

const shortcutHelp = '快捷键：Alt+N 下一题 · Alt+B 上一题 · Alt+M 标记 · Alt+R 检查';

const barButton = {
  color: 'inherit',
  borderColor: 'rgba(255,255,255,0.55)',
  minHeight: 36,
  whiteSpace: 'nowrap',
  '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.12)' },
} as const;

export interface TopBarProps {
  /** A section of one task (the Issue essay): no 标记 / 检查 / 上一题 / 下一题. */
  singleTask?: boolean;
  examName: string;
  sectionName: string;
  sectionLabel: string;
  number: number;
  count: number;
  clock: SectionClock | null;
  timerHidden: boolean;
  onToggleTimer: () => void;
  stage: Stage;
  flagged: boolean;
  onMark: () => void;
  onReview: () => void;
  onReturn: () => void;
  onBack: () => void;
  onNext: () => void;
  onExit: () => void;
  calculator: { open: boolean; toggle: () => void } | null;
}

function Timer(props: { clock: SectionClock; hidden: boolean; onToggle: () => void }) {
  const { clock } = props;
  const low = clock.mode === 'down' && clock.seconds <= 300;
  const label = clock.mode === 'up' ? '已用时间' : '剩余时间';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
      {props.hidden ? null : (
        <Box
          role="timer"
          aria-label={`${label} ${formatClock(clock.seconds)}`}
          sx={{
            fontVariantNumeric: 'tabular-nums',
            fontWeight: 700,
            fontSize: { xs: '1rem', sm: '1.1rem' },
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: low ? 'warning.main' : 'rgba(255,255,255,0.14)',
            color: low ? 'warning.contrastText' : 'inherit',
          }}
        >
          <Box
            component="span"
            sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 400, fontSize: '0.8rem', mr: 0.75 }}
          >
            {label}
          </Box>
          {formatClock(clock.seconds)}
        </Box>
      )}
      <Tooltip title={props.hidden ? '显示计时' : '隐藏计时'}>
        <IconButton
          size="small"
          onClick={props.onToggle}
          aria-label={props.hidden ? '显示计时' : '隐藏计时'}
          aria-pressed={props.hidden}
          sx={{ color: 'inherit' }}
        >
          {props.hidden ? <VisibilityOutlined fontSize="small" /> : <VisibilityOffOutlined fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

export function ExamTopBar(props: TopBarProps) {
  const inReview = props.stage === 'Review';
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (t) => t.zIndex.appBar,
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
        boxShadow: 2,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          px: { xs: 1.5, sm: 3 },
          minHeight: 52,
          flexWrap: 'nowrap',
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', sm: '1.05rem' } }} component="h1">
            {props.sectionName}
          </Typography>
          <Typography noWrap variant="caption" sx={{ opacity: 0.8, display: { xs: 'none', sm: 'block' } }}>
            {props.examName} · {props.sectionLabel}
          </Typography>
        </Box>
        <Typography
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontSize: { xs: '0.9rem', sm: '1rem' } }}
          aria-live="polite"
        >
          {inReview ? '检查' : `第 ${props.number} 题 / 共 ${props.count} 题`}
        </Typography>
        {props.clock ? <Timer clock={props.clock} hidden={props.timerHidden} onToggle={props.onToggleTimer} /> : null}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: { xs: 1.5, sm: 3 },
          py: 0.75,
          bgcolor: 'rgba(0,0,0,0.18)',
          overflowX: 'auto',
        }}
      >
        <Button variant="outlined" size="small" startIcon={<ExitToAppRounded />} onClick={props.onExit} sx={barButton}>
          结束本节
        </Button>
        {props.calculator ? (
          <Button
            variant={props.calculator.open ? 'contained' : 'outlined'}
            color={props.calculator.open ? 'secondary' : 'inherit'}
            size="small"
            startIcon={<CalculateOutlined />}
            onClick={props.calculator.toggle}
            aria-pressed={props.calculator.open}
            sx={props.calculator.open ? { minHeight: 36, whiteSpace: 'nowrap' } : barButton}
          >
            计算器
          </Button>
        ) : null}
        <Tooltip title={shortcutHelp}>
          <IconButton
            size="small"
            aria-label="键盘快捷键"
            aria-description={shortcutHelp}
            sx={{ color: 'inherit', display: { xs: 'none', md: 'inline-flex' } }}
          >
            <KeyboardOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        {props.singleTask ? null : (
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
            <QuestionButtons {...props} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

function QuestionButtons(
  props: Pick<TopBarProps, 'stage' | 'flagged' | 'onMark' | 'onReview' | 'onReturn' | 'onBack' | 'onNext'> & {
    isFirst?: boolean;
    light?: boolean;
  },
) {
  const inReview = props.stage === 'Review';
  const sx = props.light ? { minHeight: 44, flex: 1, minWidth: 0, px: 0.5 } : barButton;
  const variant = 'outlined' as const;
  return (
    <>
      <Button
        variant={props.flagged && !inReview ? 'contained' : variant}
        color={props.flagged && !inReview ? 'secondary' : props.light ? 'primary' : 'inherit'}
        size="small"
        startIcon={props.flagged ? <BookmarkRounded /> : <BookmarkBorderRounded />}
        onClick={props.onMark}
        disabled={inReview}
        aria-pressed={props.flagged}
        sx={props.flagged && !inReview ? { ...sx, color: undefined, borderColor: undefined } : sx}
      >
        {props.flagged ? '已标记' : '标记'}
      </Button>
      {inReview ? (
        <Button
          variant={variant}
          color={props.light ? 'primary' : 'inherit'}
          size="small"
          startIcon={<ListAltRounded />}
          onClick={props.onReturn}
          sx={sx}
        >
          {props.light ? '返回' : '返回题目'}
        </Button>
      ) : (
        <Button
          variant={variant}
          color={props.light ? 'primary' : 'inherit'}
          size="small"
          startIcon={<ListAltRounded />}
          onClick={props.onReview}
          sx={sx}
        >
          检查
        </Button>
      )}
      <Button
        variant={variant}
        color={props.light ? 'primary' : 'inherit'}
        size="small"
        startIcon={<ArrowBackRounded />}
        onClick={inReview ? props.onReturn : props.onBack}
        disabled={!inReview && props.isFirst}
        sx={sx}
      >
        上一题
      </Button>
      <Button
        variant="contained"
        color="secondary"
        size="small"
        endIcon={<ArrowForwardRounded />}
        onClick={props.onNext}
        disabled={inReview}
        sx={{
          minHeight: props.light ? 44 : 36,
          whiteSpace: 'nowrap',
          flex: props.light ? 1 : undefined,
          minWidth: 0,
          px: props.light ? 0.5 : undefined,
        }}
      >
        下一题
      </Button>
    </>
  );
}

/** Phones: Mark, Review, Back, Next at the bottom, where the thumb is. */
export function PhoneActionBar(
  props: Pick<
    TopBarProps,
    'stage' | 'flagged' | 'onMark' | 'onReview' | 'onReturn' | 'onBack' | 'onNext' | 'singleTask'
  > & {
    isFirst: boolean;
  },
) {
  if (props.singleTask) return null;
  return (
    <Paper
      component="nav"
      aria-label="题目导航"
      elevation={8}
      sx={{
        display: { xs: 'flex', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        gap: 0.75,
        px: 1,
        pt: 1,
        pb: 'calc(8px + env(safe-area-inset-bottom))',
        borderRadius: 0,
      }}
    >
      <QuestionButtons {...props} light />
    </Paper>
  );
}
