import * as ep from '@gre/contract/endpoints/question';
import type { Register } from '../../platform/endpoints.ts';
import type { QuestionService } from './question.service.ts';

export function registerQuestionRoutes(register: Register, questions: QuestionService): void {
  register(ep.getQuestion, (b, ctx) => questions.get(b.id, ctx));
  register(ep.getQuestions, (b, ctx) => questions.gets(b.ids, ctx));
  register(ep.getTags, (b) => questions.getTags(b.category));
  register(ep.searchQuestions, (b, ctx) => questions.search(b, ctx));
}
