// The registrar checks every refusal against the endpoint's declared kinds (contract `errors`).
import { endpoint } from '@gre/contract/endpoint';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistrar, undeclaredErrors } from './endpoints.ts';
import { AppError } from './errors.ts';

const probe = endpoint({
  path: '/api/test/probe',
  summary: '测试',
  access: 'anonymous',
  errors: ['not_found'],
  request: z.object({ kind: z.string() }),
  response: z.object({}),
});

async function appWith() {
  const app = Fastify({ logger: false });
  const register = createRegistrar(app, {
    authenticate: async () => null,
    maintenance: async () => ({ on: false, message: '' }),
    minApiVersion: () => 'v0.0.0',
    screen: async (_ep, _ctx, data) => data,
  });
  register(probe, async (b) => {
    throw new AppError(b.kind as 'not_found');
  });
  await app.ready();
  return app;
}

describe('declared error kinds at run time', () => {
  afterEach(() => {
    undeclaredErrors.length = 0;
  });

  it('records a refusal the endpoint does not declare, and not one it does', async () => {
    const app = await appWith();
    await app.inject({ method: 'POST', url: probe.path, payload: { kind: 'not_found' } });
    await app.inject({ method: 'POST', url: probe.path, payload: { kind: 'invalid_param' } });
    expect(undeclaredErrors).toEqual([]);
    await app.inject({ method: 'POST', url: probe.path, payload: { kind: 'limit' } });
    expect(undeclaredErrors).toEqual([{ path: '/api/test/probe', kind: 'limit' }]);
    await app.close();
  });
});
