// Keyboard shortcuts while a section is open: Alt+N next, Alt+B back, Alt+M mark, Alt+R review.
// On the review screen only Alt+R (stays) and Alt+B (back to the question it came from) act.
import { useEffect, useRef } from 'react';
import type { Stage } from './exam-logic.ts';

export interface ShortcutActions {
  next: () => void;
  back: () => void;
  toggleMark: () => void;
  openReview: () => void;
}

const keys: Record<string, keyof ShortcutActions> = {
  KeyN: 'next',
  KeyB: 'back',
  KeyM: 'toggleMark',
  KeyR: 'openReview',
};

export function useExamShortcuts(opts: {
  stage: Stage;
  /** The question on screen (or the one the review screen returns to). */
  qi: number;
  /** Stable: shows question `qi` of the open section. */
  goTo: (qi: number) => void;
  actions: ShortcutActions;
}): void {
  const { stage, qi, goTo } = opts;
  const inSection = stage === 'InExam' || stage === 'Review';
  // The latest actions, without listening again each render.
  const shortcuts = useRef(opts.actions);
  shortcuts.current = opts.actions;
  useEffect(() => {
    if (!inSection) return;
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const act = keys[e.code] as keyof ShortcutActions | undefined;
      if (!act || (stage === 'Review' && act !== 'openReview' && act !== 'back' && act !== 'next')) return;
      e.preventDefault();
      if (stage === 'Review' && act === 'back') return goTo(qi);
      if (stage === 'Review' && act === 'next') return;
      shortcuts.current[act]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inSection, stage, goTo, qi]);
}
