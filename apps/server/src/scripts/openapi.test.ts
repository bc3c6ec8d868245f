import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiFile, renderOpenApi } from './write-openapi.ts';

describe('docs/api/openapi.json', () => {
  it('is the document the contract generates (run `npm run openapi` after changing the contract)', () => {
    expect(fs.readFileSync(openApiFile, 'utf8')).toBe(renderOpenApi());
  });
});
