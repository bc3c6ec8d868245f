import { describe, expect, it } from 'vitest';
import { activeNavItem, isPublicPath, navItems, paths, searchQuestionHref, showsFooter } from './paths.ts';

describe('navItems', () => {
  it('lists only the pages that exist: home, search and personal', () => {
    expect(navItems.map((i) => [i.label, i.href])).toEqual([
      ['首页', '/home'],
      ['搜索', '/search'],
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
