// The word infos (spec section 2: "loaded when logged in and not yet loaded"): the whole GRE list
// with the user's marks, `/api/word/get_all`. Fetched in the background once a user is known, kept
// for the session; a later read revalidates by ETag (304 costs no body; ADR 0026). Word pages and,
// later, the flash cards read it; a mark written on a word page updates it in place.
import { getAllWords } from '@gre/contract/endpoints/word';
import type { WordMark } from '@gre/contract/word';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const wordInfosQuery = queryOptions({
  queryKey: ['word', 'all'],
  queryFn: ({ signal }) => api(getAllWords, {}, { signal }),
  staleTime: 30 * 60_000,
  gcTime: Number.POSITIVE_INFINITY,
});

/** Puts marks a write returned into the loaded word infos (nothing to do when not loaded yet). */
export function applyMarks(client: QueryClient, marks: readonly WordMark[]): void {
  client.setQueryData(wordInfosQuery.queryKey, (old) => {
    if (!old) return old;
    const changed = new Map(marks.map((m) => [m.word, m]));
    const kept = old.marks.filter((m) => !changed.has(m.word));
    const fresh = marks.filter((m) => m.added_at !== null || m.simple_at !== null);
    return { ...old, marks: [...kept, ...fresh].sort((a, b) => a.word.localeCompare(b.word)) };
  });
}
