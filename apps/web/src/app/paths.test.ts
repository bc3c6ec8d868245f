import { describe, expect, it } from 'vitest';
import {
  activeNavItem,
  examHref,
  exerciseListHref,
  ideaHref,
  isPublicPath,
  navItems,
  paths,
  reportHref,
  searchQuestionHref,
  showsFooter,
} from './paths.ts';

describe('navItems', () => {
  it('lists only the pages that exist: home, practice, mocks, essays, search, record, analyze and personal', () => {
    expect(navItems.map((i) => [i.label, i.href])).toEqual([
      ['首页', '/home'],
      ['练习', '/exercise_list'],
      ['模考', '/simulate'],
      ['作文', '/idea'],
      ['搜索', '/search'],
      ['记录', '/record'],
      ['分析', '/analyze'],
      ['个人中心', '/personal'],
    ]);
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
});

describe('showsFooter', () => {
  it('is shown on navigation pages, never on /login or /agreement', () => {
    expect(showsFooter('/home')).toBe(true);
    expect(showsFooter('/personal')).toBe(true);
    expect(showsFooter('/login')).toBe(false);
    expect(showsFooter('/agreement/')).toBe(false);
  });
});
