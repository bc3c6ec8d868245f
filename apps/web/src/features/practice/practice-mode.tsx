// 练习模式 / 考试模式 for practice sets (ADR 0022). The server remembers the mode of the candidate's
// last practice set and offers it on every list; a choice made here applies until the page reloads
// (and is remembered by the server once a set is started with it). Mocks are always 考试模式.
import type { PracticeMode } from '@gre/contract/exam';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { create } from 'zustand';

interface ModeState {
  /** Chosen on this page; null: the server's remembered mode applies. */
  chosen: PracticeMode | null;
  choose: (mode: PracticeMode) => void;
}

export const usePracticeModeStore = create<ModeState>()((set) => ({
  chosen: null,
  choose: (chosen) => set({ chosen }),
}));

/** The mode a practice set opens in: the one chosen here, else the server's remembered one. */
export function usePracticeMode(remembered: PracticeMode | undefined): PracticeMode {
  const chosen = usePracticeModeStore((s) => s.chosen);
  return chosen ?? remembered ?? 'exam';
}

export const modeHelp: Record<PracticeMode, string> = {
  exam: '考试模式：像考试一样作答，做完整套再看答案与解析。',
  practice: '练习模式：每题提交后立即显示对错、答案与解析，再做下一题。',
};

export function PracticeModeSwitch(props: { remembered: PracticeMode | undefined }) {
  const mode = usePracticeMode(props.remembered);
  const choose = usePracticeModeStore((s) => s.choose);
  return (
    <div>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        onChange={(_e, v: PracticeMode | null) => v && choose(v)}
        aria-label="练习方式"
      >
        {/* Unselected text in the secondary text colour: MUI's default is 4.49:1 on the page (WCAG AA 4.5). */}
        <ToggleButton value="exam" sx={{ color: 'text.secondary', px: 2 }}>
          考试模式
        </ToggleButton>
        <ToggleButton value="practice" sx={{ color: 'text.secondary', px: 2 }}>
          练习模式
        </ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
        {modeHelp[mode]}
      </Typography>
    </div>
  );
}
