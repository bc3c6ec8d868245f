// Site-wide settings run by admins (ADR 0031): the maintenance switch (on when the config says so or an
// admin turned it on) and the minimum web version (MIN_API_VERSION until an admin sets one). Stored in
// the settings table so every app process sees them; a change is published on the invalidation bus
// ('settings'), and each process also rereads them after a short moment in case a message was lost.
import { compareApiVersions, defaultApiVersion } from '@gre/contract/envelope';
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema/system.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';

const maintenanceKey = 'maintenance';
const versionKey = 'min_api_version';
const cacheMs = 2_000;
/** How long a process trusts its minimum version without a bus message (a lost message heals by then). */
const versionRecheckMs = 30_000;
export const settingsTopic = 'settings';

/** The version the web built from this contract sends: the newest minimum an admin may set. */
export const webVersion = defaultApiVersion;

export interface Maintenance {
  on: boolean;
  message: string;
}

export function createSystemService(deps: {
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
  forcedOn: boolean;
  /** The deployment's default minimum web version (MIN_API_VERSION). */
  minApiVersion: string;
  version: string;
  logError?: (err: unknown, msg: string) => void;
}) {
  const { db, clock, bus } = deps;
  let cached: { value: Maintenance; at: number } | null = null;
  let minVersion = deps.minApiVersion;
  let minVersionAt = Number.NEGATIVE_INFINITY;
  let generation = 0;

  async function read(): Promise<Maintenance> {
    const [row] = await db.select().from(settings).where(eq(settings.key, maintenanceKey));
    const v = (row?.value ?? {}) as Partial<Maintenance>;
    return { on: deps.forcedOn || v.on === true, message: typeof v.message === 'string' ? v.message : '' };
  }

  const storedVersion = (value: unknown): string | null => {
    const v = (value ?? {}) as { version?: unknown };
    return typeof v.version === 'string' && /^v\d+\.\d+\.\d+$/.test(v.version) ? v.version : null;
  };

  /** Rereads the minimum version; a read that a newer read or change overtook is dropped, a failed one keeps the value. */
  async function reloadMinVersion(): Promise<void> {
    const mine = ++generation;
    try {
      const [row] = await db.select().from(settings).where(eq(settings.key, versionKey));
      if (mine === generation) minVersion = storedVersion(row?.value) ?? deps.minApiVersion;
    } catch (err) {
      deps.logError?.(err, 'could not read the minimum web version');
    }
  }

  bus.subscribe((topic) => {
    if (topic !== settingsTopic && topic !== everything) return;
    cached = null;
    void reloadMinVersion();
  });

  return {
    /** Reads the stored settings once (app start); the guard uses the default until then. */
    load() {
      minVersionAt = clock.now().getTime();
      return reloadMinVersion();
    },

    /** The minimum web version in force (the endpoints guard, on every request: no await). */
    minApiVersion(): string {
      const t = clock.now().getTime();
      if (t - minVersionAt > versionRecheckMs || t < minVersionAt) {
        minVersionAt = t;
        void reloadMinVersion();
      }
      return minVersion;
    },

    async maintenance(): Promise<Maintenance> {
      const t = clock.now().getTime();
      if (!cached || t - cached.at > cacheMs || t < cached.at) cached = { value: await read(), at: t };
      return cached.value;
    },

    /** Turns maintenance on or off; the staff audit keeps who did it, with the state before and after. */
    async setMaintenance(on: boolean, message: string, staffId: number): Promise<Maintenance> {
      const value = { on, message };
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, maintenanceKey)).for('update');
        await tx
          .insert(settings)
          .values({ key: maintenanceKey, value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
        await writeStaffAudit(tx, {
          staffId,
          action: 'set_maintenance',
          target: null,
          subject: message,
          before: before?.value ?? null,
          after: value,
          at: now,
        });
      });
      bus.publish(settingsTopic, maintenanceKey);
      cached = null;
      return this.maintenance();
    },

    /**
     * Sets the minimum web version ('' = back to the deployment's default). A version newer than the
     * web this server builds is refused: every page, the admin's own included, would be locked out.
     */
    async setMinVersion(version: string, staffId: number) {
      const wanted = version === '' ? deps.minApiVersion : version;
      if (compareApiVersions(wanted, webVersion) > 0) {
        throw errors.invalidParam(
          `最低网页版本不能高于当前网页版本 ${webVersion}，否则所有人（包括管理员）都将无法使用网站`,
        );
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, versionKey)).for('update');
        if (version === '') await tx.delete(settings).where(eq(settings.key, versionKey));
        else
          await tx
            .insert(settings)
            .values({ key: versionKey, value: { version }, updatedAt: now })
            .onConflictDoUpdate({ target: settings.key, set: { value: { version }, updatedAt: now } });
        await writeStaffAudit(tx, {
          staffId,
          action: 'set_min_api_version',
          target: null,
          subject: wanted,
          before: { min_api_version: storedVersion(before?.value) ?? deps.minApiVersion },
          after: { min_api_version: wanted },
          at: now,
        });
      });
      generation++;
      minVersion = wanted;
      bus.publish(settingsTopic, versionKey);
      return { min_api_version: wanted, default_min_api_version: deps.minApiVersion };
    },

    async status() {
      return {
        server_version: deps.version,
        min_api_version: this.minApiVersion(),
        maintenance: await this.maintenance(),
        server_time: clock.now().toISOString(),
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
