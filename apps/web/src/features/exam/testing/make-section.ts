// Test builders for the exam player: a section's running state with the server's defaults.
import type { SectionAction } from '@gre/contract/exam';

/** An open 18-minute section that has not started, with `over` applied. */
export function makeSectionAction(over: Partial<SectionAction> = {}): SectionAction {
  return {
    started_at: 0,
    deadline: 0,
    used_seconds: 0,
    remaining_seconds: 1080,
    finished: false,
    auto_committed: false,
    practice_mode: false,
    ...over,
  };
}
