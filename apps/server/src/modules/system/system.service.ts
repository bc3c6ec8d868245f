// The maintenance switch: on when the config says so or an admin turned it on. Stored in the
// database so every app process sees it; each process caches it for a short moment.
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema/system.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';

const key = 'maintenance';
const cacheMs = 2_000;

export interface Maintenance {
  on: boolean;
  message: string;
}

export function createSystemService(deps: {
  db: Db;
  clock: Clock;
  forcedOn: boolean;
  minApiVersion: string;
  version: string;
}) {
  const { db, clock } = deps;
  let cached: { value: Maintenance; at: number } | null = null;

  async function read(): Promise<Maintenance> {
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    const v = (row?.value ?? {}) as Partial<Maintenance>;
    return { on: deps.forcedOn || v.on === true, message: typeof v.message === 'string' ? v.message : '' };
  }

  return {
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
        const [before] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
        await tx
          .insert(settings)
          .values({ key, value, updatedAt: now })
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
      cached = null;
      return this.maintenance();
    },

    async status() {
      return {
        server_version: deps.version,
        min_api_version: deps.minApiVersion,
        maintenance: await this.maintenance(),
        server_time: clock.now().toISOString(),
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
