// Writes docs/api/openapi.json from the contract. CI's test checks the committed copy is current.
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '@gre/contract/openapi';
import { serverVersion } from '../app.ts';
import { repoRoot } from '../config.ts';

export const openApiFile = path.join(repoRoot, 'docs/api/openapi.json');

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(serverVersion), null, 2)}\n`;
}

if (import.meta.main) {
  fs.mkdirSync(path.dirname(openApiFile), { recursive: true });
  fs.writeFileSync(openApiFile, renderOpenApi());
  console.log(`wrote ${path.relative(process.cwd(), openApiFile)}`);
}
