// Every route path and its href in one place (spec section 2 names). The navigation shows
// `navItems` only, so a page appears in the menu the day its issue adds it here.

import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';

export const paths = {
  root: '/',
  home: '/home',
  personal: '/personal',
  search: '/search',
  exerciseList: '/exercise_list',
  simulate: '/simulate',
  idea: '/idea',
  season: '/season',
  math2: '/math2',
  higher: '/higher',
  record: '/record',
  analyze: '/analyze',
  download: '/download',
  exam: '/exam',
  report: '/report',
  login: '/login',
  agreement: '/agreement',
  debug: '/debug',
  word: '/word',
  wordbook: '/wordbook',
  flash: '/flash',
  mail: '/mail',
  notice: '/notice',
  unsubscribe: '/unsubscribe',
  webManage: '/web_manage',
  manageNotices: '/web_manage/notices',
  manageLessons: '/web_manage/lessons',
  video: '/video',
  operate: '/operate',
  teach: '/teach',
  reviewComments: '/review_comments',
  teachChat: '/teach/chat',
  chat: '/chat',
  export: '/export',
  sync: '/sync',
  archivedPick: '/archived_pick',
  archivedSixTwo: '/archived_six_two',
} as const;

/** One retired 精选 set of my archive (ADR 0041). */
export const archivedPickHref = (templateId: string) => `${paths.archivedPick}/${encodeURIComponent(templateId)}`;
/** One retired six-two book of my archive (ADR 0041). */
export const archivedSixTwoHref = (bookId: string) => `${paths.archivedSixTwo}/${encodeURIComponent(bookId)}`;

/** /mail on one of its five tabs (the inbox without a query). */
export function mailHref(tab: 'inbox' | 'read' | 'remind' | 'notice' | 'chat' = 'inbox'): string {
  return tab === 'inbox' ? paths.mail : `${paths.mail}?tab=${tab}`;
}

/** /word with its tab, search or open word (features/word/word-logic.ts reads the rest). */
export function wordHref(query: { tab?: 'books'; word?: string } = {}): string {
  const p = new URLSearchParams();
  if (query.tab) p.set('tab', query.tab);
  if (query.word) p.set('word', query.word);
  const q = p.toString();
  return q ? `${paths.word}?${q}` : paths.word;
}

/** A flash set: `/flash/{flashID}`. */
/** 我的闪卡 (personal/card). */
export const cardsHref = '/personal/card';

export function flashHref(flashId: string): string {
  return `${paths.flash}/${encodeURIComponent(flashId)}`;
}

/** A lesson: `/video/{videoID}` (ADR 0039). */
export function videoHref(videoId: string): string {
  return `${paths.video}/${encodeURIComponent(videoId)}`;
}

/** A word book: `/wordbook/{bookID}`. */
export function wordbookHref(bookId: string): string {
  return `${paths.wordbook}/${encodeURIComponent(bookId)}`;
}

/** A question opened from the search results (search display mode). */
export function searchQuestionHref(questionId: string): string {
  return `${paths.search}/q/${encodeURIComponent(questionId)}`;
}

/** A review book under personal (wrongs, collect, note and the higher_* twins), with its filters. */
export function bookHref(slug: string, search?: URLSearchParams | string): string {
  const query = search?.toString() ?? '';
  return `${paths.personal}/${slug}${query ? `?${query}` : ''}`;
}

/** A question of a review book opened in review mode. */
export function bookQuestionHref(slug: string, questionId: string): string {
  return `${paths.personal}/${slug}/q/${encodeURIComponent(questionId)}`;
}

/** The print-ready export of review questions (ids in the URL, or `from=session`). */
export const exportHref = (query: string) => `${paths.personal}/export?${query}`;

/** One Issue prompt on the idea page: guide, timed editor, grading. */
export function ideaHref(questionId: string): string {
  return `${paths.idea}/${encodeURIComponent(questionId)}`;
}

/** The exam player (outside the navigation layout). */
export function examHref(examId: string): string {
  return `${paths.exam}/${encodeURIComponent(examId)}`;
}

/**
 * The report of a finished set: `/report/{bookID}`; `exam` picks one attempt (an earlier one, or
 * an exam without a book, whose path then says `exam`).
 */
export function reportHref(target: { bookId?: string | null; examId?: string | null }): string {
  const base = `${paths.report}/${encodeURIComponent(target.bookId || 'exam')}`;
  return target.examId ? `${base}?exam=${encodeURIComponent(target.examId)}` : base;
}

/** exercise_list tabs: index 按题型, pick 精选, big 大题库, best 精华. */
export const exerciseTabs = ['index', 'pick', 'big', 'best'] as const;
export type ExerciseTab = (typeof exerciseTabs)[number];
export function exerciseListHref(tab: ExerciseTab = 'index'): string {
  return tab === 'index' ? paths.exerciseList : `${paths.exerciseList}?tab=${tab}`;
}

export interface NavItem {
  key: string;
  label: string;
  href: string;
  icon: SvgIconComponent;
  /** Other paths that count as this item (the index route shows home). */
  alsoMatches?: readonly string[];
  /** On the phone's bottom bar itself; the others are under its 更多 menu (six places fit a 360 px phone). */
  onBar?: boolean;
}

export const navItems: readonly NavItem[] = [
  { key: 'home', label: '首页', href: paths.home, icon: HomeOutlined, alsoMatches: [paths.root], onBar: true },
  { key: 'exercise', label: '练习', href: paths.exerciseList, icon: MenuBookOutlined, onBar: true },
  { key: 'simulate', label: '模考', href: paths.simulate, icon: AssignmentOutlined, onBar: true },
  { key: 'idea', label: '作文', href: paths.idea, icon: EditNoteOutlined },
  { key: 'video', label: '课程', href: paths.video, icon: OndemandVideoOutlined },
  {
    key: 'word',
    label: '单词',
    href: paths.word,
    icon: TranslateOutlined,
    alsoMatches: [paths.wordbook, paths.flash],
    onBar: true,
  },
  { key: 'search', label: '搜索', href: paths.search, icon: SearchOutlined },
  { key: 'record', label: '记录', href: paths.record, icon: HistoryOutlined },
  { key: 'analyze', label: '分析', href: paths.analyze, icon: InsightsOutlined },
  { key: 'personal', label: '个人中心', href: paths.personal, icon: PersonOutlined, onBar: true },
];

/**
 * Where login returns to: a page of this site only (path, query and hash), never another origin
 * (`//evil.com`, `/\\evil.com`, `https://…`), never /login itself. Anything else → home.
 */
export function safeNext(raw: string | null | undefined): string {
  const unsafe = (ch: string) => ch === '\\' || ch.charCodeAt(0) < 0x20;
  if (!raw?.startsWith('/') || raw.startsWith('//') || [...raw].some(unsafe)) return paths.home;
  let url: URL;
  try {
    url = new URL(raw, 'https://site.invalid');
  } catch {
    return paths.home;
  }
  if (url.origin !== 'https://site.invalid' || normalise(url.pathname) === paths.login) return paths.home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, remembering the page the visitor wanted (kept through login, registration and reset). */
export function loginHref(from?: string): string {
  if (!from) return paths.login;
  const next = safeNext(from);
  return next === paths.home || next === '/' ? paths.login : `${paths.login}?next=${encodeURIComponent(next)}`;
}

/** Pages a visitor may open without logging in. */
export const publicPaths: readonly string[] = [paths.login, paths.agreement, paths.debug];
/** Pages under these open without logging in too: a notice's e-mail links (/notice/…, /unsubscribe/…). */
const publicPrefixes: readonly string[] = [`${paths.notice}/`, `${paths.unsubscribe}/`];

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isPublicPath(pathname: string): boolean {
  const path = normalise(pathname);
  return publicPaths.includes(path) || publicPrefixes.some((prefix) => path.startsWith(prefix));
}

/** The nav item a location belongs to: exact match or a sub-page (/personal/collect → 个人中心). */
export function activeNavItem(pathname: string, items: readonly NavItem[] = navItems): NavItem | undefined {
  const path = normalise(pathname);
  return items.find(
    (item) =>
      item.href === path ||
      path.startsWith(`${item.href}/`) ||
      (item.alsoMatches ?? []).some((other) => other === path || (other !== '/' && path.startsWith(`${other}/`))),
  );
}

/** Where a footer is shown: every navigation page (spec section 2), never login or agreement. */
export function showsFooter(pathname: string): boolean {
  const path = normalise(pathname);
  return path !== paths.login && path !== paths.agreement;
}
