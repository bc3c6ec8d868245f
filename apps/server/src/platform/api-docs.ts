// The API reference UI at /api/docs (Swagger UI, its assets served from this process, no CDN), over the
// OpenAPI document the contract generates (the one /openapi.json serves). On in `devel` and `pre`, off in
// `formal` unless API_DOCS=true (README "Configuration", ADR 0016).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppEnv } from '../config.ts';

export type ApiDocsSetting = 'auto' | 'true' | 'false';

export const apiDocsPath = '/api/docs';

/** Whether the UI is served: `auto` follows APP_ENV (off in formal). */
export function apiDocsEnabled(setting: ApiDocsSetting, appEnv: AppEnv): boolean {
  return setting === 'auto' ? appEnv !== 'formal' : setting === 'true';
}

export async function registerApiDocs(app: FastifyInstance, document: object): Promise<void> {
  await app.register(swagger, {
    mode: 'static',
    // The generated document as is; @fastify/swagger only hands it to the UI.
    specification: { document: document as never },
  });
  await app.register(swaggerUi, {
    routePrefix: apiDocsPath,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}
