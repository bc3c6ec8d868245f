import { describe, expect, it } from 'vitest';
import {
  bypassIsActive,
  defaultMigrationSecret,
  type MigrationConfig,
  readMigrationConfig,
  registerHiddenClick,
  secretMatches,
  shouldShowMigrationNotice,
} from './migration.ts';

const now = Date.parse('2026-11-21T12:00:00Z');
const hours = (h: number) => h * 60 * 60 * 1000;
const on: MigrationConfig = { enabled: true, url: 'https://new.gre-prep.example', secret: defaultMigrationSecret };

describe('readMigrationConfig', () => {
  it('turns on only for the exact string true', () => {
    expect(readMigrationConfig({ VITE_MIGRATION_NOTICE: 'true' }).enabled).toBe(true);
    expect(readMigrationConfig({ VITE_MIGRATION_NOTICE: ' true ' }).enabled).toBe(true);
    expect(readMigrationConfig({ VITE_MIGRATION_NOTICE: '1' }).enabled).toBe(false);
    expect(readMigrationConfig({ VITE_MIGRATION_NOTICE: 'false' }).enabled).toBe(false);
    expect(readMigrationConfig({}).enabled).toBe(false);
  });
  it('defaults the secret phrase to 继续使用旧站', () => {
    expect(readMigrationConfig({}).secret).toBe('继续使用旧站');
    expect(readMigrationConfig({ VITE_MIGRATION_SECRET: '  ' }).secret).toBe('继续使用旧站');
    expect(readMigrationConfig({ VITE_MIGRATION_SECRET: '芝麻开门' }).secret).toBe('芝麻开门');
  });
  it('reads the new address', () => {
    expect(readMigrationConfig({ VITE_MIGRATION_URL: ' https://x.example ' }).url).toBe('https://x.example');
  });
});

describe('bypassIsActive', () => {
  it('counts a bypass stored within the last day', () => {
    expect(bypassIsActive(new Date(now - hours(1)).toISOString(), now)).toBe(true);
    expect(bypassIsActive(new Date(now - hours(23.9)).toISOString(), now)).toBe(true);
    expect(bypassIsActive(new Date(now).toISOString(), now)).toBe(true);
  });
  it('expires after a day', () => {
    expect(bypassIsActive(new Date(now - hours(24)).toISOString(), now)).toBe(false);
    expect(bypassIsActive(new Date(now - hours(48)).toISOString(), now)).toBe(false);
  });
  it('ignores nothing, rubbish and dates in the future', () => {
    expect(bypassIsActive(null, now)).toBe(false);
    expect(bypassIsActive('yesterday', now)).toBe(false);
    expect(bypassIsActive(new Date(now + hours(1)).toISOString(), now)).toBe(false);
  });
});

describe('shouldShowMigrationNotice', () => {
  it('shows when the flag is on and no bypass is active', () => {
    expect(shouldShowMigrationNotice(on, null, now)).toBe(true);
    expect(shouldShowMigrationNotice(on, new Date(now - hours(30)).toISOString(), now)).toBe(true);
  });
  it('hides while a bypass is active', () => {
    expect(shouldShowMigrationNotice(on, new Date(now - hours(2)).toISOString(), now)).toBe(false);
  });
  it('hides when the flag is off or no new address is given', () => {
    expect(shouldShowMigrationNotice({ ...on, enabled: false }, null, now)).toBe(false);
    expect(shouldShowMigrationNotice({ ...on, url: '' }, null, now)).toBe(false);
  });
});

describe('secretMatches', () => {
  it('accepts the phrase, ignoring surrounding spaces', () => {
    expect(secretMatches('继续使用旧站', '继续使用旧站')).toBe(true);
    expect(secretMatches('  继续使用旧站 ', '继续使用旧站')).toBe(true);
  });
  it('refuses anything else', () => {
    expect(secretMatches('继续使用', '继续使用旧站')).toBe(false);
    expect(secretMatches('', '')).toBe(false);
  });
});

describe('registerHiddenClick', () => {
  it('opens the box on the fifth quick click', () => {
    let clicks: number[] = [];
    const opened: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const next = registerHiddenClick(clicks, 1000 + i * 500);
      clicks = next.clicks;
      opened.push(next.open);
    }
    expect(opened).toEqual([false, false, false, false, true]);
    expect(clicks).toEqual([]);
  });
  it('starts over after a pause longer than three seconds', () => {
    let state = registerHiddenClick([], 0);
    for (const t of [100, 200, 300]) state = registerHiddenClick(state.clicks, t);
    state = registerHiddenClick(state.clicks, 5000);
    expect(state).toEqual({ clicks: [5000], open: false });
  });
});
