import { describe, expect, it } from 'vitest';
import {
  activeNavItem,
  examHref,
  exerciseListHref,
  ideaHref,
  isPublicPath,
  loginHref,
  navItems,
  paths,
  reportHref,
  safeNext,
  searchQuestionHref,
  showsFooter,
  wordbookHref,
} from './paths.ts';

describe('navItems', () => {
  it('lists only the pages that exist: home, practice, mocks, essays, lessons, words, search, record, analyze and personal', () => {
    expect(navItems.map((i) => [i.label, i.href])).toEqual([
      ['首页', '/home'],
      ['练习', '/exercise_list'],
      ['模考', '/simulate'],
      ['作文', '/idea'],
      ['课程', '/video'],
      ['单词', '/word'],
      ['搜索', '/search'],
      ['记录', '/record'],
      ['分析', '/analyze'],
      ['个人中心', '/personal'],
    ]);
  });
});

describe('the phone bar', () => {
  it('holds home, practice, mocks, words and personal; the rest are under 更多', () => {
    expect(navItems.filter((i) => i.onBar).map((i) => i.label)).toEqual(['首页', '练习', '模考', '单词', '个人中心']);
  });
});

describe('activeNavItem', () => {
  it('matches the index route to home', () => {
    expect(activeNavItem('/')?.key).toBe('home');
    expect(activeNavItem('/home')?.key).toBe('home');
  });
  it('matches sub-pages and trailing slashes', () => {
    expect(activeNavItem('/personal/')?.key).toBe('personal');
    expect(activeNavItem('/personal/collect')?.key).toBe('personal');
  });
  it('counts a word book as the word page', () => {
    expect(activeNavItem(wordbookHref('band-1-1'))?.key).toBe('word');
    expect(wordbookHref('band-1-1')).toBe('/wordbook/band-1-1');
    expect(activeNavItem('/wordbooks')).toBeUndefined();
  });
  it('counts a question opened from the search as the search page', () => {
    expect(activeNavItem(searchQuestionHref('r-0001'))?.key).toBe('search');
    expect(searchQuestionHref('r-0001')).toBe('/search/q/r-0001');
  });
  it('matches nothing for other pages', () => {
    expect(activeNavItem('/personalised')).toBeUndefined();
    expect(activeNavItem('/login')).toBeUndefined();
  });
});

describe('exam hrefs', () => {
  it('builds the player, report and list paths', () => {
    expect(examHref('e-1')).toBe('/exam/e-1');
    expect(ideaHref('is-0001')).toBe('/idea/is-0001');
    expect(reportHref({ bookId: 'b1', examId: 'e1' })).toBe('/report/b1?exam=e1');
    expect(reportHref({ bookId: null, examId: 'e1' })).toBe('/report/exam?exam=e1');
    expect(reportHref({ bookId: 'b1' })).toBe('/report/b1');
    expect(exerciseListHref('pick')).toBe('/exercise_list?tab=pick');
    expect(activeNavItem('/exercise_list')?.key).toBe('exercise');
    expect(activeNavItem('/exam/e1')).toBeUndefined();
  });
});

describe('isPublicPath', () => {
  it('is true for login, agreement and debug only', () => {
    expect([paths.login, paths.agreement, paths.debug].every(isPublicPath)).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/home')).toBe(false);
    expect(isPublicPath('/loginx')).toBe(false);
  });

  it("is true under a notice e-mail's links (/notice/…, /unsubscribe/…), not for /mail or the staff page", () => {
    expect(isPublicPath('/notice/12/3/abc.def')).toBe(true);
    expect(isPublicPath('/unsubscribe/12/abc')).toBe(true);
    expect(isPublicPath('/notice')).toBe(false);
    expect(isPublicPath('/noticeboard/1')).toBe(false);
    expect(isPublicPath(paths.mail)).toBe(false);
    expect(isPublicPath(paths.manageNotices)).toBe(false);
  });
});

describe('showsFooter', () => {
  it('is shown on navigation pages, never on /login or /agreement', () => {
    expect(showsFooter('/home')).toBe(true);
    expect(showsFooter('/personal')).toBe(true);
    expect(showsFooter('/login')).toBe(false);
    expect(showsFooter('/agreement/')).toBe(false);
  });
});

describe('the page login returns to (issue 10)', () => {
  it('keeps a page of this site with its query and hash', () => {
    expect(safeNext('/search?q=argue&page=2#r')).toBe('/search?q=argue&page=2#r');
    expect(loginHref('/exam/abc')).toBe('/login?next=%2Fexam%2Fabc');
    expect(safeNext(new URLSearchParams(loginHref('/record?x=1').split('?')[1]).get('next'))).toBe('/record?x=1');
  });
  it('never leaves the site or loops to /login', () => {
    for (const bad of [
      '//evil.com',
      '//evil.com/path',
      '/\\evil.com',
      '/\\/evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      'evil.com',
      '',
      null,
      undefined,
      '/login',
      '/login?next=/home',
      '/%0a//evil.com',
      '/\t/evil.com',
    ]) {
      const next = safeNext(bad);
      expect(next.startsWith('/') && !next.startsWith('//'), String(bad)).toBe(true);
      expect(new URL(next, 'https://site.invalid').origin, String(bad)).toBe('https://site.invalid');
      expect(next.startsWith('/login'), String(bad)).toBe(false);
    }
    expect(loginHref('/home')).toBe('/login');
    expect(loginHref()).toBe('/login');
  });
});
