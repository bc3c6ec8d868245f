// The migration notice (spec section 2) as pure decisions; the component carries them out.

export const bypassLifetimeMs = 24 * 60 * 60 * 1000;
export const defaultMigrationSecret = '继续使用旧站';

export interface MigrationConfig {
  enabled: boolean;
  url: string;
  secret: string;
}

export function readMigrationConfig(env: {
  VITE_MIGRATION_NOTICE?: string;
  VITE_MIGRATION_URL?: string;
  VITE_MIGRATION_SECRET?: string;
}): MigrationConfig {
  return {
    enabled: env.VITE_MIGRATION_NOTICE?.trim() === 'true',
    url: env.VITE_MIGRATION_URL?.trim() ?? '',
    secret: env.VITE_MIGRATION_SECRET?.trim() || defaultMigrationSecret,
  };
}

/** A stored bypass counts when it is a date within the last day (a date in the future does not). */
export function bypassIsActive(storedAt: string | null, now: number): boolean {
  if (storedAt === null) return false;
  const at = Date.parse(storedAt);
  if (Number.isNaN(at)) return false;
  return at <= now && now - at < bypassLifetimeMs;
}

/** The notice replaces the app when the build turns it on, names a new address, and no bypass is active. */
export function shouldShowMigrationNotice(
  config: MigrationConfig,
  storedBypassAt: string | null,
  now: number,
): boolean {
  return config.enabled && config.url !== '' && !bypassIsActive(storedBypassAt, now);
}

export function secretMatches(input: string, secret: string): boolean {
  return input.trim() !== '' && input.trim() === secret.trim();
}

export const hiddenClicksNeeded = 5;
export const hiddenClickWindowMs = 3000;

/**
 * Records a click on the hidden area; returns the clicks still counting and whether the box opens
 * (five clicks, each within three seconds of the one before).
 */
export function registerHiddenClick(previous: readonly number[], now: number): { clicks: number[]; open: boolean } {
  const last = previous.at(-1);
  const clicks = last !== undefined && now - last <= hiddenClickWindowMs ? [...previous, now] : [now];
  if (clicks.length >= hiddenClicksNeeded) return { clicks: [], open: true };
  return { clicks, open: false };
}
