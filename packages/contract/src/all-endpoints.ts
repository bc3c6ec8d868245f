// Every endpoint of the contract, for the OpenAPI document and the contract-wide tests.
// Domains add their endpoint modules here.
import type { Endpoint } from './endpoint.ts';
import * as archive from './endpoints/archive.ts';
import * as chat from './endpoints/chat.ts';
import * as code from './endpoints/code.ts';
import * as craft from './endpoints/craft.ts';
import * as discount from './endpoints/discount.ts';
import * as download from './endpoints/download.ts';
import * as essay from './endpoints/essay.ts';
import * as exam from './endpoints/exam.ts';
import * as dataExport from './endpoints/export.ts';
import * as flash from './endpoints/flash.ts';
import * as lesson from './endpoints/lesson.ts';
import * as mail from './endpoints/mail.ts';
import * as pay from './endpoints/pay.ts';
import * as permission from './endpoints/permission.ts';
import * as post from './endpoints/post.ts';
import * as question from './endpoints/question.ts';
import * as questionEdit from './endpoints/question-edit.ts';
import * as summary from './endpoints/summary.ts';
import * as contentSync from './endpoints/sync.ts';
import * as system from './endpoints/system.ts';
import * as upload from './endpoints/upload.ts';
import * as user from './endpoints/user.ts';
import * as word from './endpoints/word.ts';

export const endpointModules = {
  user,
  code,
  summary,
  system,
  question,
  questionEdit,
  word,
  flash,
  exam,
  essay,
  craft,
  mail,
  post,
  chat,
  pay,
  discount,
  permission,
  dataExport,
  contentSync,
  upload,
  download,
  archive,
  lesson,
} as const;

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'request' in v && 'response' in v;

/** Endpoint modules may also export shared schemas; only the endpoint objects are collected. */
/** Sorted by path, so generated documents do not depend on how a runtime orders module exports. */
export const allEndpoints: Endpoint[] = Object.values(endpointModules)
  .flatMap((m) => (Object.values(m) as unknown[]).filter(isEndpoint))
  .sort((a, b) => a.path.localeCompare(b.path));
