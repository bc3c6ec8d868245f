// Performs the effects of the error catalogue. The page-facing parts are passed in, so the runner
// is the same code in the browser and in a test.
import type { DialogRequest } from './dialog-request.ts';
import type { Effect, ToastVariant } from './error-catalogue.ts';

export interface EffectTargets {
  toast: (variant: ToastVariant, message: string) => void;
  removeToken: () => void;
  goToLogin: () => void;
  reload: () => void;
  openMaintenance: () => void;
  openDialog: (dialog: DialogRequest) => void;
  schedule: (run: () => void, delayMs: number) => void;
}

export function createEffectRunner(targets: EffectTargets): (effects: readonly Effect[]) => void {
  const later = (delayMs: number, run: () => void) => {
    if (delayMs > 0) targets.schedule(run, delayMs);
    else run();
  };
  return (effects) => {
    for (const effect of effects) {
      switch (effect.type) {
        case 'toast':
          targets.toast(effect.variant, effect.message);
          break;
        case 'remove_token':
          later(effect.delayMs, targets.removeToken);
          break;
        case 'go_to_login':
          later(effect.delayMs, targets.goToLogin);
          break;
        case 'reload':
          later(effect.delayMs, targets.reload);
          break;
        case 'open_maintenance':
          targets.openMaintenance();
          break;
        case 'open_dialog':
          targets.openDialog(effect.dialog);
          break;
      }
    }
  };
}
