// Toasts raised before the toast host has loaded (a start-up failure) must still reach the visitor.
import { describe, expect, it } from 'vitest';
import { connectToasts, toast } from './toast.ts';

describe('toast', () => {
  it('keeps toasts raised before the host is up and shows them, in order, once it connects', () => {
    toast('error', '加载用户信息失败');
    toast('warning', '第二条');
    const shown: string[] = [];
    const disconnect = connectToasts((variant, message) => shown.push(`${variant}:${message}`));
    expect(shown).toEqual(['error:加载用户信息失败', 'warning:第二条']);
    toast('success', '已保存');
    expect(shown).toEqual(['error:加载用户信息失败', 'warning:第二条', 'success:已保存']);
    disconnect();
    toast('info', '等待中');
    expect(shown).toHaveLength(3);
    const later: string[] = [];
    connectToasts((variant, message) => later.push(`${variant}:${message}`))();
    expect(later).toEqual(['info:等待中']);
  });
});
