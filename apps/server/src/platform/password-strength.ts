// The password strength floor (issue 9, item 9; ADR 0006): zxcvbn-ts with the common-language and
// English dictionaries, the account, email, phone and name as user inputs, and its feedback in
// Chinese. Only the server checks strength (the dictionaries are ~2 MB, too large for the web's entry
// bundle); the contract's password schema keeps the rules that need no dictionary (length, letters and
// digits, no padding spaces). Runs on the password worker thread (password-worker.ts), never on the
// event loop: one check takes a few milliseconds, the first one ~0.1 s to load the dictionaries.
import { type TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** zxcvbn's score runs 0–4; 2 means more than 10^6 guesses, out of reach of an online attack held back by the login limits. */
export const minPasswordScore = 2;

/** Words of this site that a password should not lean on. */
const siteWords = ['gre', 'greprep', 'gre-prep', 'beikao', '备考', 'toefl', 'kaoyan'];

const chinese: TranslationKeys = {
  warnings: {
    straightRow: '键盘上连成一排的按键很容易被猜到。',
    keyPattern: '简短的键盘图案很容易被猜到。',
    simpleRepeat: '像“aaa”这样的重复字符很容易被猜到。',
    extendedRepeat: '像“abcabcabc”这样重复的字符组合很容易被猜到。',
    sequences: '像“abc”“123”这样的常见序列很容易被猜到。',
    recentYears: '最近的年份很容易被猜到。',
    dates: '日期很容易被猜到。',
    topTen: '这是最常用的密码之一。',
    topHundred: '这是非常常用的密码。',
    common: '这是常用密码。',
    similarToCommon: '这与常用密码非常相似。',
    wordByItself: '单个单词很容易被猜到。',
    namesByThemselves: '单独的名字或姓氏很容易被猜到。',
    commonNames: '常见的名字和姓氏很容易被猜到。',
    userInputs: '密码中不要包含账号、邮箱、手机号或昵称等个人信息。',
    pwned: '这个密码已在网上的数据泄露中出现过。',
  },
  suggestions: {
    l33t: '避免可预见的字符替换，例如用“@”代替“a”、用“0”代替“o”。',
    reverseWords: '避免把常见单词倒过来拼写。',
    allUppercase: '只把部分字母大写，而不是全部。',
    capitalization: '除首字母外，再大写其他一些字母。',
    dates: '避免使用与你有关的日期和年份。',
    recentYears: '避免使用最近的年份。',
    associatedYears: '避免使用与你有关的年份。',
    sequences: '避免使用常见的字符序列。',
    repeated: '避免重复的单词和字符。',
    longerKeyboardPattern: '使用更长的键盘图案，并多次改变方向。',
    anotherWord: '再加几个不常见的单词。',
    useWords: '使用几个单词组合，但避免常见短语。',
    noNeed: '不用符号、数字或大写字母，也能设出强密码。',
    pwned: '如果你在别处也用了这个密码，请尽快修改。',
  },
  timeEstimation: {
    ltSecond: '不到 1 秒',
    second: '{base} 秒',
    seconds: '{base} 秒',
    minute: '{base} 分钟',
    minutes: '{base} 分钟',
    hour: '{base} 小时',
    hours: '{base} 小时',
    day: '{base} 天',
    days: '{base} 天',
    month: '{base} 个月',
    months: '{base} 个月',
    year: '{base} 年',
    years: '{base} 年',
    centuries: '数百年',
  },
};

let factory: ZxcvbnFactory | null = null;

function zxcvbn(): ZxcvbnFactory {
  // Levenshtein matching is off: it costs ~0.2 s a check against these dictionaries.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: chinese,
  });
  return factory;
}

export interface StrengthVerdict {
  score: number;
  /** A Chinese sentence for a password below the floor; '' when it passes. */
  hint: string;
}

/** The personal words zxcvbn should treat as guessable: the account, its parts, the name. */
export function personalInputs(inputs: { account?: string; name?: string }): string[] {
  const words = new Set<string>(siteWords);
  for (const raw of [inputs.account, inputs.name]) {
    const value = raw?.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    const [local, domain] = value.split('@');
    if (local && domain) {
      words.add(local);
      for (const part of local.split(/[._+-]+/)) if (part.length >= 3) words.add(part);
    }
    const digits = value.replace(/\D/g, '');
    if (digits.length >= 6) {
      words.add(digits);
      words.add(digits.slice(-4));
    }
  }
  return [...words];
}

export function checkStrength(password: string, userInputs: string[]): StrengthVerdict {
  const result = zxcvbn().check(password, userInputs);
  if (result.score >= minPasswordScore) return { score: result.score, hint: '' };
  const { warning, suggestions } = result.feedback;
  // The warning and at most two suggestions: enough to act on, short enough to read under a field.
  const tips = suggestions.filter((s) => s !== chinese.suggestions.noNeed).slice(0, 2);
  const advice = [warning, ...tips].filter(Boolean).join('');
  return { score: result.score, hint: `密码太容易被猜到。${advice || '请换一个更长、更少见的密码。'}` };
}
