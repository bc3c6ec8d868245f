import * as ep from '@gre/contract/endpoints/word';
import type { Register } from '../../platform/endpoints.ts';
import type { WordService } from './word.service.ts';

export function registerWordRoutes(register: Register, words: WordService): void {
  register(ep.getWordDetails, (b, ctx) => words.details(b.word, ctx));
  register(ep.getAllWords, (_b, ctx) => words.getAll(ctx));
  register(ep.addWords, (b, ctx) => words.add(b.words, ctx));
  register(ep.deleteWords, (b, ctx) => words.remove(b.words, ctx));
  register(ep.markSimple, (b, ctx) => words.markSimple(b.words, b.simple, ctx));
  register(ep.mergeWords, (b, ctx) => words.merge(b, ctx));
  register(ep.listWordBooks, (_b, ctx) => words.listBooks(ctx));
  register(ep.getDetailsByBook, (b, ctx) => words.detailsByBook(b, ctx));
  register(ep.searchWords, (b, ctx) => words.search(b, ctx));
}
