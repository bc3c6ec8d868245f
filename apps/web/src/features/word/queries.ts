// The word pages' reads (query options per endpoint) and the one hook for mark writes.
import type { RequestOf } from '@gre/contract/endpoint';
import {
  addWords,
  deleteWords,
  getDetailsByBook,
  getWordDetails,
  listWordBooks,
  markSimple,
  mergeWords,
  searchWords,
} from '@gre/contract/endpoints/word';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { applyMarks } from '../../lib/word-infos-query.ts';

export function wordSearchQuery(request: RequestOf<typeof searchWords>) {
  return queryOptions({
    queryKey: ['word', 'search', request],
    queryFn: ({ signal }) => api(searchWords, request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function wordDetailQuery(word: string) {
  return queryOptions({
    queryKey: ['word', 'details', word.toLowerCase()],
    queryFn: ({ signal }) => api(getWordDetails, { word }, { signal }),
    staleTime: 10 * 60_000,
  });
}

export const wordBooksQuery = queryOptions({
  queryKey: ['word', 'books'],
  queryFn: ({ signal }) => api(listWordBooks, {}, { signal }),
  staleTime: 30_000,
});

export function bookWordsQuery(bookId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['word', 'book', bookId, page, pageSize],
    queryFn: ({ signal }) => api(getDetailsByBook, { book_id: bookId, page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type MarkAction = 'add' | 'remove' | 'simple' | 'unsimple';

const doneText: Record<MarkAction, string> = {
  add: '已加入生词本',
  remove: '已移出生词本',
  simple: '已标为熟词',
  unsimple: '已取消熟词',
};

/** Add to / remove from my list, mark or unmark 熟词; every word view is read again after. */
export function useMarkWords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, words }: { action: MarkAction; words: string[] }) =>
      action === 'add'
        ? api(addWords, { words })
        : action === 'remove'
          ? api(deleteWords, { words })
          : api(markSimple, { words, simple: action === 'simple' }),
    onSuccess: (result, { action }) => {
      applyMarks(client, result.marks);
      toast('success', doneText[action]);
      return client.invalidateQueries({ queryKey: ['word'], predicate: (q) => q.queryKey[1] !== 'all' });
    },
  });
}

/** Merges a book (or words) into my list. */
export function useMergeBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) => api(mergeWords, { book_id: bookId }),
    onSuccess: (result) => {
      toast('success', result.changed ? `已并入生词本 ${result.changed} 个单词` : '这些单词都已在生词本中');
      // The marks changed in bulk: the word infos are read again (by ETag).
      return client.invalidateQueries({ queryKey: ['word'] });
    },
  });
}
