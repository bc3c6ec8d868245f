// Mail's reads and writes (ADR 0030): my mail by category with the unread counts, mark read, the
// latest unread notice for home, a notice opened from its e-mail link, unsubscribe, staff notices.
import type { RequestOf } from '@gre/contract/endpoint';
import {
  getInbox,
  getNotice,
  listNotices,
  markRead,
  openNotice,
  sendNotice,
  unsubscribe,
} from '@gre/contract/endpoints/mail';
import type { MailCategory } from '@gre/contract/mail';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const mailPageSize = 20;

export function inboxQuery(category: MailCategory, page: number) {
  return queryOptions({
    queryKey: ['mail', 'inbox', category, page],
    queryFn: ({ signal }) => api(getInbox, { category, page, page_size: mailPageSize }, { signal }),
  });
}

/** The unread counts alone (the navigation's badge): one row of the inbox, refetched on focus and every minute. */
export const unreadQuery = queryOptions({
  queryKey: ['mail', 'unread'],
  queryFn: async ({ signal }) => (await api(getInbox, { category: 'inbox', page: 1, page_size: 1 }, { signal })).unread,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 15_000,
});

/** Home's card: the newest notice I have not read. */
export const latestNoticeQuery = queryOptions({
  queryKey: ['mail', 'latest-notice'],
  queryFn: async ({ signal }) => (await api(getNotice, { unread_only: true, limit: 1 }, { signal })).notices[0] ?? null,
});

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: RequestOf<typeof markRead>) => api(markRead, target),
    onSuccess: (result) => {
      client.setQueryData(unreadQuery.queryKey, result.unread);
      return client.invalidateQueries({ queryKey: ['mail'], predicate: (q) => q.queryKey[1] !== 'unread' });
    },
  });
}

export function publicNoticeQuery(p: { userId: string; noticeId: string; token: string }) {
  return queryOptions({
    queryKey: ['mail', 'public-notice', p.userId, p.noticeId, p.token],
    queryFn: ({ signal }) => api(openNotice, { user_id: p.userId, notice_id: p.noticeId, token: p.token }, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (p: { userId: string; token: string }) =>
      api(unsubscribe, { user_id: p.userId, token: p.token }, { shownInPage: ['forbidden', 'invalid_param'] }),
  });
}

export function sentNoticesQuery(page: number) {
  return queryOptions({
    queryKey: ['mail', 'sent', page],
    queryFn: ({ signal }) => api(listNotices, { page, page_size: 20 }, { signal }),
  });
}

export function useSendNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof sendNotice>) => api(sendNotice, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mail'] }),
  });
}
