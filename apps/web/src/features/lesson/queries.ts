// The lesson pages' reads and writes (ADR 0039): the catalogue, a lesson opened for playing (its
// signed addresses expire, so it is never kept long), the position, and the admins' lessons panel.
import { getLesson, listLessons, manageLessons, saveLessonProgress } from '@gre/contract/endpoints/lesson';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const lessonsQuery = queryOptions({
  queryKey: ['lesson', 'list'],
  queryFn: ({ signal }) => api(listLessons, {}, { signal }),
  staleTime: 30_000,
});

export function lessonQuery(id: string) {
  return queryOptions({
    queryKey: ['lesson', 'play', id],
    queryFn: ({ signal }) => api(getLesson, { id }, { signal, shownInPage: ['not_found', 'busy', 'limit'] }),
    // The addresses are signed for three hours; a page opened again asks for fresh ones.
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });
}

/** Saves where the viewer is; `keepalive` lets the last save outlive the page. */
export function saveProgress(id: string, position: number, ended: boolean, keepalive = false) {
  return api(saveLessonProgress, { id, position_s: Math.max(0, position), ended }, { keepalive });
}

export function managedLessonsQuery(polling: boolean) {
  return queryOptions({
    queryKey: ['lesson', 'manage'],
    queryFn: ({ signal }) => api(manageLessons, {}, { signal }),
    // While a video is packaging, its progress is read every two seconds.
    refetchInterval: polling ? 2000 : false,
  });
}
