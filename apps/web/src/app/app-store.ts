// Runtime state of the page that is not server data: display mode, open dialogs, the maintenance
// overlay, the backdrop counter and who is logged in. Server data lives in TanStack Query.
import { DisplayMode } from '@gre/contract/enums';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { DialogName, DialogPayload, DialogRequest } from '../lib/dialog-request.ts';

type OpenDialogs = { [N in DialogName]?: DialogPayload<N> };

export interface AppState {
  displayMode: DisplayMode;
  dialogs: OpenDialogs;
  maintenanceOpen: boolean;
  /** How many backdrop requests are running; the spinner shows while it is above zero. */
  backdropCount: number;
  /** The id of the logged-in user once start-up has loaded them; the user itself is in the query cache. */
  currentUserId: string | null;

  setDisplayMode: (mode: DisplayMode) => void;
  openDialog: (dialog: DialogRequest) => void;
  closeDialog: (name: DialogName) => void;
  openMaintenance: () => void;
  changeBackdrop: (delta: 1 | -1) => void;
  setCurrentUserId: (id: string | null) => void;
}

export const useAppStore = create<AppState>()((set) => ({
  displayMode: DisplayMode.None,
  dialogs: {},
  maintenanceOpen: false,
  backdropCount: 0,
  currentUserId: null,

  setDisplayMode: (displayMode) => set({ displayMode }),
  openDialog: (dialog) => set((s) => ({ dialogs: { ...s.dialogs, [dialog.name]: dialog } })),
  closeDialog: (name) =>
    set((s) => {
      const { [name]: _closed, ...rest } = s.dialogs;
      return { dialogs: rest };
    }),
  openMaintenance: () => set({ maintenanceOpen: true }),
  changeBackdrop: (delta) => set((s) => ({ backdropCount: Math.max(0, s.backdropCount + delta) })),
  setCurrentUserId: (currentUserId) => set({ currentUserId }),
}));

/** The payload of an open dialog, or undefined when it is closed. */
export function useDialog<N extends DialogName>(name: N): DialogPayload<N> | undefined {
  return useAppStore((s) => s.dialogs[name] as DialogPayload<N> | undefined);
}

export const openDialog = (dialog: DialogRequest) => useAppStore.getState().openDialog(dialog);
export const closeDialog = (name: DialogName) => useAppStore.getState().closeDialog(name);

/** Dialogs to open once the named dialog has left the screen (`switchDialog`). */
const openAfter = new Map<DialogName, DialogRequest>();

/**
 * Replaces dialog `from` by `next`: `next` opens once `from` has finished leaving (its transition's
 * `onExited`, wired with `switchableDialog`). Opened in the same moment, MUI's modal manager left the
 * new dialog `aria-hidden` (the leaving one's cleanup ran after the new one had hidden its siblings):
 * a screen reader saw nothing, and neither did the journey's role queries.
 */
export function switchDialog(from: DialogName, next: DialogRequest): void {
  if (useAppStore.getState().dialogs[from] === undefined) {
    openDialog(next);
    return;
  }
  openAfter.set(from, next);
  closeDialog(from);
}

/** A dialog's slot props that let `switchDialog` open the next one after this one has left. */
export function switchableDialog(name: DialogName) {
  return {
    transition: {
      onExited: () => {
        const next = openAfter.get(name);
        openAfter.delete(name);
        if (next) openDialog(next);
      },
    },
  };
}

/** Sets the display mode while the calling page is on screen (exam, report, search...), then none. */
export function useDisplayMode(mode: DisplayMode): void {
  const setDisplayMode = useAppStore((s) => s.setDisplayMode);
  useEffect(() => {
    setDisplayMode(mode);
    return () => setDisplayMode(DisplayMode.None);
  }, [mode, setDisplayMode]);
}
