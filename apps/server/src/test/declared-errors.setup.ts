// Runs in every test file: a test file fails when any call it made was refused with an error kind
// that the endpoint's contract does not declare (platform/endpoints.ts keeps the list).
import { afterAll } from 'vitest';
import { undeclaredErrors } from '../platform/endpoints.ts';

afterAll(() => {
  if (undeclaredErrors.length === 0) return;
  const seen = [...new Set(undeclaredErrors.map((e) => `${e.path} → ${e.kind}`))];
  undeclaredErrors.length = 0;
  throw new Error(`Refusals not declared in the contract (add them to the endpoint's errors): ${seen.join('; ')}`);
});
