import { describe, expect, it } from 'vitest';
import { createEffectRunner, type EffectTargets } from './effect-runner.ts';
import { effectsForFailure } from './error-catalogue.ts';

function fakeTargets() {
  const calls: string[] = [];
  const scheduled: { delayMs: number; run: () => void }[] = [];
  const targets: EffectTargets = {
    toast: (variant, message) => calls.push(`toast:${variant}:${message}`),
    removeToken: () => calls.push('remove_token'),
    goToLogin: () => calls.push('go_to_login'),
    reload: () => calls.push('reload'),
    openMaintenance: () => calls.push('maintenance'),
    openDialog: (d) => calls.push(`dialog:${d.name}`),
    schedule: (run, delayMs) => scheduled.push({ run, delayMs }),
  };
  const flush = () => {
    for (const s of scheduled.splice(0)) s.run();
  };
  return { calls, scheduled, targets, flush };
}

describe('createEffectRunner', () => {
  it('runs a 401 at once: toast, token removed, to /login', () => {
    const f = fakeTargets();
    createEffectRunner(f.targets)(effectsForFailure({ type: 'http', status: 401, statusText: '' }));
    expect(f.calls).toEqual(['toast:error:请先登录', 'remove_token', 'go_to_login']);
    expect(f.scheduled).toHaveLength(0);
  });

  it('delays the token removal and the redirect of token_expired by 3 s', () => {
    const f = fakeTargets();
    createEffectRunner(f.targets)(
      effectsForFailure({
        type: 'api',
        errData: { kind: 'token_expired', show: '', detail: '', overflow_subject: '', role_name: '' },
      }),
    );
    expect(f.calls).toEqual(['toast:warning:登录已过期，请重新登录']);
    expect(f.scheduled.map((s) => s.delayMs)).toEqual([3000, 3000]);
    f.flush();
    expect(f.calls).toEqual(['toast:warning:登录已过期，请重新登录', 'remove_token', 'go_to_login']);
  });

  it('reloads api_version_low after 3 s', () => {
    const f = fakeTargets();
    createEffectRunner(f.targets)(
      effectsForFailure({
        type: 'api',
        errData: { kind: 'api_version_low', show: '', detail: '', overflow_subject: '', role_name: '' },
      }),
    );
    expect(f.calls).toEqual(['toast:error:网页版本过低，请刷新（3 秒后自动刷新）']);
    f.flush();
    expect(f.calls.at(-1)).toBe('reload');
  });

  it('opens the maintenance overlay and dialogs', () => {
    const f = fakeTargets();
    const run = createEffectRunner(f.targets);
    run([{ type: 'open_maintenance' }]);
    run([{ type: 'open_dialog', dialog: { name: 'public_only', message: '普通会员只能访问公开题目' } }]);
    expect(f.calls).toEqual(['maintenance', 'dialog:public_only']);
  });
});
