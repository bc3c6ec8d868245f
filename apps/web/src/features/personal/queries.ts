import { listTrades } from '@gre/contract/endpoints/pay';
import { getProfile } from '@gre/contract/endpoints/user';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const profileQuery = queryOptions({
  queryKey: ['user', 'profile'],
  queryFn: ({ signal }) => api(getProfile, {}, { signal }),
});

export const myTradesQuery = queryOptions({
  queryKey: ['pay', 'my-trades'],
  queryFn: ({ signal }) => api(listTrades, {}, { signal }),
});
