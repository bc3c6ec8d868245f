// The flash cards' reads and writes (ADR 0028).
import type { RequestOf } from '@gre/contract/endpoint';
import { checkCreateFlash, collectCard, createFlash, listCards, openFlash } from '@gre/contract/endpoints/flash';
import type { FlashLevel } from '@gre/contract/enums';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type FlashRange = Pick<RequestOf<typeof checkCreateFlash>, 'range_kind' | 'book_id'>;

export function flashQuery(flashId: string) {
  return queryOptions({
    queryKey: ['flash', 'open', flashId],
    queryFn: ({ signal }) => api(openFlash, { flash_id: flashId }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function checkCreateQuery(range: FlashRange, size: number) {
  return queryOptions({
    queryKey: ['flash', 'check', range, size],
    queryFn: ({ signal }) => api(checkCreateFlash, { ...range, size }, { signal }),
    staleTime: 0,
  });
}

export function useCreateFlash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ range, size }: { range: FlashRange; size: number }) => api(createFlash, { ...range, size }),
    onSuccess: (result) => {
      client.setQueryData(flashQuery(result.flash.id).queryKey, { flash: result.flash });
      // The coins changed: the profile is read again.
      return client.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** The spec's message after collecting a card. */
export const collectedMessage = '收藏成功, 可在【我的闪卡-收藏】处查看';

/**
 * Collects or uncollects a word card. The card shows the outcome in its own status line, not a toast:
 * on a phone a toast below the app bar covered the round's 放弃本组 for its four seconds.
 */
export function useCollectCard() {
  return useMutation({
    mutationFn: ({ word, collected }: { word: string; collected: boolean }) => api(collectCard, { word, collected }),
  });
}

/** 我的闪卡's filters, kept in the address (?kind=finished&level=4&page=2). */
export interface CardFilters {
  kind: 'collected' | 'finished';
  level: FlashLevel | undefined;
  page: number;
}

export function parseCardFilters(p: URLSearchParams): CardFilters {
  const level = Number(p.get('level') ?? '');
  const page = Number(p.get('page') ?? '1');
  return {
    kind: p.get('kind') === 'finished' ? 'finished' : 'collected',
    level:
      p.get('level') !== null && Number.isInteger(level) && level >= 0 && level <= 4
        ? (level as FlashLevel)
        : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

export function toCardParams(f: CardFilters): Record<string, string> {
  return {
    ...(f.kind === 'finished' ? { kind: 'finished' } : {}),
    ...(f.level !== undefined ? { level: String(f.level) } : {}),
    ...(f.page > 1 ? { page: String(f.page) } : {}),
  };
}

export function cardsQuery(f: CardFilters) {
  return queryOptions({
    queryKey: ['flash', 'cards', f],
    queryFn: ({ signal }) =>
      api(listCards, { kind: f.kind, page: f.page, ...(f.level !== undefined ? { level: f.level } : {}) }, { signal }),
  });
}
