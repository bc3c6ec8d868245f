import { describe, expect, it } from 'vitest';
import { nextModes } from './admin-mode.ts';

describe('admin mode switches', () => {
  const on = { admin: true, edit: true, highlight: true };
  it('turning admin mode off turns edit and highlight off', () => {
    expect(nextModes(on, { admin: false })).toEqual({ admin: false, edit: false, highlight: false });
  });
  it('edit and highlight cannot be on outside admin mode', () => {
    const off = { admin: false, edit: false, highlight: false };
    expect(nextModes(off, { edit: true })).toEqual(off);
    expect(nextModes(off, { highlight: true })).toEqual(off);
  });
  it('inside admin mode each switch is its own', () => {
    expect(nextModes(on, { edit: false })).toEqual({ admin: true, edit: false, highlight: true });
  });
});
