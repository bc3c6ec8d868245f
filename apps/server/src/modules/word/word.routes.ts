import * as ep from '@gre/contract/endpoints/word';
import type { Register } from '../../platform/endpoints.ts';
import type { WordService } from './word.service.ts';

export function registerWordRoutes(register: Register, words: WordService): void {
  register(ep.getWordDetails, (b, ctx) => words.details(b.word, ctx));
}
