// The routes of spec section 2 that exist so far. Pages are lazy route modules under features/.
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/status-page.tsx';
import { ErrorPage, NotFoundPage } from './error-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { requireUserLoader, startupLoader } from './route-guards.ts';

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: ErrorPage,
      HydrateFallback: PageSpinner,
      loader: startupLoader,
      shouldRevalidate: () => false,
      children: [
        // Outside the navigation layout.
        { path: 'login', lazy: () => import('../features/auth/login-route.tsx') },
        { path: 'agreement', lazy: () => import('../features/agreement/agreement-route.tsx') },
        { path: 'debug', lazy: () => import('../features/debug/debug-route.tsx') },
        // A notice's e-mail links: open without logging in (ADR 0030).
        { path: 'notice/:userID/:id/:token', lazy: () => import('../features/mail/public-notice-route.tsx') },
        { path: 'unsubscribe/:userID/:token', lazy: () => import('../features/mail/unsubscribe-route.tsx') },
        { path: 'web_manage/notices', lazy: () => import('../features/mail/notices-manage-route.tsx') },
        { path: 'web_manage/lessons', lazy: () => import('../features/lesson/lessons-manage-route.tsx') },
        { path: 'operate', lazy: () => import('../features/operate/operate-route.tsx') },
        { path: 'web_manage', lazy: () => import('../features/manage/web-manage-route.tsx') },
        { path: 'teach', lazy: () => import('../features/teach/teach-route.tsx') },
        { path: 'review_comments', lazy: () => import('../features/post/review-comments-route.tsx') },
        { path: 'teach/chat', lazy: () => import('../features/chat/teach-chat-route.tsx') },
        { path: 'export', lazy: () => import('../features/export/export-route.tsx') },
        { path: 'sync', lazy: () => import('../features/sync/sync-route.tsx') },
        {
          path: 'exam/:examId',
          lazy: () => import('../features/exam/exam-route.tsx'),
          ErrorBoundary: ErrorPage,
          shouldRevalidate: () => false,
        },
        {
          path: 'report/:bookId',
          lazy: () => import('../features/report/report-route.tsx'),
          ErrorBoundary: ErrorPage,
        },
        // Inside the navigation layout.
        {
          id: 'nav',
          // Lazy too: /login never needs the app bar; a member page loads it beside its own module.
          lazy: () => import('./nav-layout.tsx').then((m) => ({ Component: m.NavLayout })),
          loader: requireUserLoader,
          children: [
            {
              // Errors of a page show inside the layout, so the navigation stays usable.
              ErrorBoundary: ErrorPage,
              children: [
                { index: true, lazy: () => import('../features/home/home-route.tsx') },
                { path: 'home', lazy: () => import('../features/home/home-route.tsx') },
                {
                  path: 'search',
                  children: [
                    { index: true, lazy: () => import('../features/search/search-route.tsx') },
                    { path: 'q/:questionId', lazy: () => import('../features/question/search-question-route.tsx') },
                  ],
                },
                { path: 'word', lazy: () => import('../features/word/word-route.tsx') },
                { path: 'wordbook/:bookID', lazy: () => import('../features/word/wordbook-route.tsx') },
                { path: 'flash/:flashID', lazy: () => import('../features/flash/flash-route.tsx') },
                { path: 'video', lazy: () => import('../features/lesson/lessons-route.tsx') },
                { path: 'video/:videoID', lazy: () => import('../features/lesson/video-route.tsx') },
                { path: 'exercise_list', lazy: () => import('../features/practice/exercise-list-route.tsx') },
                { path: 'simulate', lazy: () => import('../features/practice/simulate-route.tsx') },
                {
                  path: 'idea',
                  children: [
                    { index: true, lazy: () => import('../features/idea/idea-route.tsx') },
                    { path: ':questionId', lazy: () => import('../features/idea/idea-prompt-route.tsx') },
                  ],
                },
                { path: 'season', lazy: () => import('../features/practice/season-route.tsx') },
                { path: 'math2', lazy: () => import('../features/practice/math2-route.tsx') },
                { path: 'higher', lazy: () => import('../features/practice/higher-route.tsx') },
                { path: 'record', lazy: () => import('../features/practice/record-route.tsx') },
                // Archives (ADR 0041): retired sets and books the user had opened, read-only.
                {
                  path: 'archived_pick/:templateId?',
                  lazy: () => import('../features/archive/archived-pick-route.tsx'),
                },
                {
                  path: 'archived_six_two/:bookID?',
                  lazy: () => import('../features/archive/archived-six-two-route.tsx'),
                },
                { path: 'analyze', lazy: () => import('../features/analyze/analyze-route.tsx') },
                { path: 'download', lazy: () => import('../features/download/download-route.tsx') },
                { path: 'mail', lazy: () => import('../features/mail/mail-route.tsx') },
                { path: 'chat', lazy: () => import('../features/chat/chat-route.tsx') },
                {
                  path: 'personal',
                  children: [
                    { index: true, lazy: () => import('../features/personal/personal-route.tsx') },
                    { path: 'export', lazy: () => import('../features/review/export-route.tsx') },
                    { path: 'card', lazy: () => import('../features/flash/cards-route.tsx') },
                    { path: ':book', lazy: () => import('../features/review/book-route.tsx') },
                    { path: ':book/q/:questionId', lazy: () => import('../features/review/book-question-route.tsx') },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]);
}
