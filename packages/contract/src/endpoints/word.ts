// The GRE vocabulary (ECDICT, MIT): a word's details.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { wordSchema } from '../question.ts';

export const getWordDetails = endpoint({
  path: '/api/word/get_details',
  summary: '单词详情：音标、英文释义、中文释义、词形、词根、近义词辨析',
  access: 'user',
  errors: ['not_found', 'forbidden'],
  request: z.object({
    word: z.string({ error: '请提供单词' }).trim().min(1, { error: '请提供单词' }).max(60, { error: '单词过长' }),
  }),
  response: wordSchema,
});
