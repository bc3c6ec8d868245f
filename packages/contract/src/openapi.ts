// The OpenAPI document, generated from the endpoint descriptors (never written by hand).
import { z } from 'zod';
import { allEndpoints } from './all-endpoints.ts';
import { declaredErrorKinds, type Endpoint } from './endpoint.ts';
import { errDataSchema } from './envelope.ts';

const security: Record<string, unknown[]> = { bearer: [] };

/** JSON, or for an upload (ADR 0036) a form with the text fields and the one binary file. */
function requestContent(ep: Endpoint) {
  const schema = z.toJSONSchema(ep.request, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });
  if (!ep.multipart) return { 'application/json': { schema } };
  const { file, maxBytes } = ep.multipart;
  return {
    'multipart/form-data': {
      schema: {
        ...schema,
        properties: {
          ...((schema as { properties?: object }).properties ?? {}),
          [file]: { type: 'string', format: 'binary', description: `at most ${maxBytes} bytes` },
        },
        required: [...((schema as { required?: string[] }).required ?? []), file],
      },
    },
  };
}

export function buildOpenApi(version: string) {
  const paths: Record<string, unknown> = {};
  for (const ep of allEndpoints) {
    const data = z.toJSONSchema(ep.response, { io: 'output', unrepresentable: 'any', target: 'openapi-3.0' });
    const kinds = declaredErrorKinds(ep);
    paths[ep.path] = {
      post: {
        summary: ep.summary,
        operationId: ep.path.slice('/api/'.length).replaceAll('/', '_'),
        tags: [ep.path.split('/')[2]],
        'x-access': ep.access,
        /** Every err_data.kind this endpoint can answer; the server's tests fail on any other. */
        'x-error-kinds': kinds,
        ...(ep.access === 'anonymous' ? {} : { security: [security] }),
        requestBody: {
          required: true,
          content: requestContent(ep),
        },
        responses: {
          200: {
            description: `{ok, data, err_data}: data on success; err_data.kind on a refusal, one of: ${kinds.join(', ')}`,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['ok', 'data', 'err_data'],
                  properties: {
                    ok: { type: 'boolean' },
                    data: { ...data, nullable: true },
                    err_data: { $ref: '#/components/schemas/ErrData' },
                  },
                },
              },
            },
          },
          401: { description: 'missing or invalid token (err_data.kind = unauthorized)' },
          429: { description: 'too many requests (err_data.kind = rate_limited)' },
          500: { description: 'internal error; the body hides internals (err_data.kind = internal)' },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'GRE 备考 API',
      version,
      description:
        'Every call is POST with a JSON body (uploads: multipart/form-data). Headers: Authorization: Bearer <token>, X-Api-Version, X-Device-Id.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrData: {
          ...z.toJSONSchema(errDataSchema, { target: 'openapi-3.0' }),
          nullable: true,
        },
      },
    },
    paths,
  };
}
