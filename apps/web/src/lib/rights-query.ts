// What each role may do, as the server enforces it (/api/system/get_rights). Every rights text in the
// web is written from this answer with the contract's rightsLines: the web keeps no copy (ADR 0021).
import { getRights } from '@gre/contract/endpoints/system';
import { type RightsLines, rightsLines } from '@gre/contract/rights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const rightsQuery = queryOptions({
  queryKey: ['system', 'get_rights'],
  queryFn: ({ signal }) => api(getRights, {}, { signal }),
  staleTime: 60_000,
});

/** The rights lines of every role (table order), or null while loading. */
export function useRightsLines(): (RightsLines & { roleKind: number })[] | null {
  const { data } = useQuery(rightsQuery);
  return data ? data.roles.map((r) => ({ ...rightsLines(r), roleKind: r.role_kind })) : null;
}
