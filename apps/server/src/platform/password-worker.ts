// The password worker: one thread of the pool in password-pool.ts. scrypt runs here synchronously,
// on this thread, so it takes neither the event loop nor libuv's thread pool (which reads files and
// serves the database driver). The strength check (zxcvbn) loads its dictionaries on first use.
import { dummyPasswordHash, hashPasswordSync, verifyPasswordSync } from './password.ts';

export type PasswordTask =
  | { op: 'hash'; password: string }
  | { op: 'verify'; password: string; encoded: string }
  | { op: 'verify_dummy'; password: string }
  | { op: 'strength'; password: string; personal: { account?: string; name?: string } };

export default async function run(task: PasswordTask): Promise<unknown> {
  switch (task.op) {
    case 'hash':
      return hashPasswordSync(task.password);
    case 'verify':
      return verifyPasswordSync(task.password, task.encoded);
    case 'verify_dummy':
      verifyPasswordSync(task.password, dummyPasswordHash);
      return false;
    case 'strength': {
      const { checkStrength, personalInputs } = await import('./password-strength.ts');
      return checkStrength(task.password, personalInputs(task.personal));
    }
  }
}
