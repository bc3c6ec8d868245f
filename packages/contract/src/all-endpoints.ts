// Every endpoint of the contract, for the OpenAPI document and the contract-wide tests.
// Domains add their endpoint modules here.
import type { Endpoint } from './endpoint.ts';
import * as code from './endpoints/code.ts';
import * as summary from './endpoints/summary.ts';
import * as system from './endpoints/system.ts';
import * as user from './endpoints/user.ts';

export const endpointModules = { user, code, summary, system } as const;

export const allEndpoints: Endpoint[] = Object.values(endpointModules).flatMap((m) => Object.values(m) as Endpoint[]);
