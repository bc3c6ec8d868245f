// buildApp: the whole HTTP application as a value. Platform plugins first, then domain modules.
// It never listens; main.ts and the tests decide what to do with it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import * as editEp from '@gre/contract/endpoints/question-edit';
import * as syncEp from '@gre/contract/endpoints/sync';
import { QuestionCategory } from '@gre/contract/enums';
import { headers } from '@gre/contract/envelope';
import { buildOpenApi } from '@gre/contract/openapi';
import type { Question } from '@gre/contract/question';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppEnv, repoRoot } from './config.ts';
import { words as wordRows } from './db/schema/question.ts';
import { createArchiveRepo } from './modules/archive/archive.repo.ts';
import { registerArchiveRoutes } from './modules/archive/archive.routes.ts';
import { createArchive, sixTwoBooks } from './modules/archive/archive.service.ts';
import { createChatHub, registerChatStream } from './modules/chat/chat.live.ts';
import { createChatRepo } from './modules/chat/chat.repo.ts';
import { registerChatRoutes } from './modules/chat/chat.routes.ts';
import { answersChat, createChatService } from './modules/chat/chat.service.ts';
import { createCraftRepo } from './modules/craft/craft.repo.ts';
import { registerCraftRoutes } from './modules/craft/craft.routes.ts';
import { createCraftService } from './modules/craft/craft.service.ts';
import { createPdfRenderer } from './modules/download/download.pool.ts';
import { registerDownloadRoutes } from './modules/download/download.routes.ts';
import { createDownloads } from './modules/download/download.service.ts';
import { essayGradedMail } from './modules/essay/essay.mapper.ts';
import { createEssayRepo } from './modules/essay/essay.repo.ts';
import { registerEssayRoutes } from './modules/essay/essay.routes.ts';
import { createEssayService } from './modules/essay/essay.service.ts';
import type { Grader } from './modules/essay/grader.ts';
import type { ModelGraderConfig } from './modules/essay/model-grader.ts';
import { createExposureRepo } from './modules/exam/exam.exposure.repo.ts';
import { createAnswerGate } from './modules/exam/exam.exposure.ts';
import { loadQuotas, type Quota } from './modules/exam/exam.quota.ts';
import { createExamRepo } from './modules/exam/exam.repo.ts';
import { registerExamRoutes } from './modules/exam/exam.routes.ts';
import { createExamService, type ExamService } from './modules/exam/exam.service.ts';
import { mockOnlyIds } from './modules/exam/exam.templates.ts';
import { registerExportRoutes } from './modules/export/export.routes.ts';
import { createExport } from './modules/export/export.service.ts';
import { createFlashRepo } from './modules/flash/flash.repo.ts';
import { registerFlashRoutes } from './modules/flash/flash.routes.ts';
import { createFlashService } from './modules/flash/flash.service.ts';
import { createLessonLinks } from './modules/lesson/lesson.links.ts';
import { registerLessonMedia, registerLessonRoutes } from './modules/lesson/lesson.routes.ts';
import { createLessonService } from './modules/lesson/lesson.service.ts';
import { createMailLinks } from './modules/mail/mail.links.ts';
import { createMailRepo } from './modules/mail/mail.repo.ts';
import { registerMailRoutes } from './modules/mail/mail.routes.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createImageLinks } from './modules/media/media.links.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { createMedia } from './modules/media/media.service.ts';
import { createMemoryService } from './modules/memory/memory.service.ts';
import { createOpCheck } from './modules/operate/op-check.ts';
import { startReportRollups } from './modules/operate/operate.report.ts';
import { registerOperateRoutes } from './modules/operate/operate.routes.ts';
import { createOperate } from './modules/operate/operate.service.ts';
import { createDiscountCodes } from './modules/pay/pay.codes.ts';
import { registerPayHttp } from './modules/pay/pay.http.ts';
import { createPayRepo } from './modules/pay/pay.repo.ts';
import { registerPayRoutes } from './modules/pay/pay.routes.ts';
import { createPayService } from './modules/pay/pay.service.ts';
import { createPayStaff } from './modules/pay/pay.staff.ts';
import type { PaymentProvider } from './modules/pay/providers/provider.ts';
import { createWordFilter } from './modules/post/post.filter.ts';
import { createPostRepo } from './modules/post/post.repo.ts';
import { registerPostRoutes } from './modules/post/post.routes.ts';
import { createPostService } from './modules/post/post.service.ts';
import { createContentSync } from './modules/question/content-sync.ts';
import { registerQuestionRoutes } from './modules/question/question.routes.ts';
import { createQuestionService } from './modules/question/question.service.ts';
import { createQuestionEdits } from './modules/question/question-edit.ts';
import { loadRights, type Rights } from './modules/question/rights.ts';
import { createScoringService } from './modules/scoring/scoring.service.ts';
import { createSummaryRepo } from './modules/summary/summary.repo.ts';
import { registerSummaryRoutes } from './modules/summary/summary.routes.ts';
import { createSummaryService } from './modules/summary/summary.service.ts';
import { createManage } from './modules/system/manage.service.ts';
import { registerRightsTableImage, roleRights } from './modules/system/rights-table.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createCodeService } from './modules/user/code.service.ts';
import { createUserRepo } from './modules/user/user.repo.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { createWordRepo } from './modules/word/word.repo.ts';
import { registerWordRoutes } from './modules/word/word.routes.ts';
import { createWordService } from './modules/word/word.service.ts';
import { type ApiDocsSetting, apiDocsEnabled, registerApiDocs } from './platform/api-docs.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/db.ts';
import { type Caller, createRegistrar, type RequestContext } from './platform/endpoints.ts';
import { installErrorHandling } from './platform/http-errors.ts';
import { createInvalidationBus, everything } from './platform/invalidation.ts';
import type { JobQueue } from './platform/jobs.ts';
import { jsonBodyError, jsonBodyProblem } from './platform/json-body.ts';
import type { Mailer, SmsSender } from './platform/messaging.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/password-pool.ts';
import { sharedOrLocalStore } from './platform/rate-limit-store.ts';
import { databaseCheck, NotReady, registerHealthRoutes } from './platform/readiness.ts';
import { localStorage, type MediaStorage } from './platform/storage.ts';
import { createTokenService } from './platform/tokens.ts';
import { registerWebAssets } from './platform/web-assets.ts';

export const serverVersion = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once the question catalogue and the exam templates built from it are in memory (main.ts warms them up after listening). */
    catalogueReady(): Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route's successful answers are logged at debug, its refusals and failures at info as all
     * others: lesson segments, a request every few seconds per viewer (ADR 0039). */
    quietSuccessLog?: boolean;
  }
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** Signs tokens and code hashes. */
  secret: string;
  settings: {
    /** The deployment environment (APP_ENV); production-only behaviour follows `formal`/`pre`. Default devel. */
    appEnv?: AppEnv;
    /** The API reference UI at /api/docs (API_DOCS): `auto` = on unless APP_ENV is formal. */
    apiDocs?: ApiDocsSetting;
    tokenTtlDays: number;
    minApiVersion: string;
    maintenanceForced: boolean;
    rateLimitPerMinute: number;
    webDistDir?: string;
    /** The question bank's files that /sync imports (CONTENT_DIR); default the repository's content/. */
    contentDir?: string;
    /** Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY, ADR 0018); none by default. */
    trustProxy?: string[];
    /** The password worker pool (PASSWORD_HASH_THREADS, PASSWORD_HASH_QUEUE); defaults in platform/password-pool.ts. */
    passwordHashThreads?: number;
    passwordHashQueue?: number;
    /** The external essay grader (ESSAY_MODEL_*); unset = the built-in scorer. */
    essayModel?: ModelGraderConfig;
    /** The site's address as users reach it (PUBLIC_URL), for links in e-mails; default http://localhost:3000. */
    publicUrl?: string;
  };
  /** The started job queue (main.ts starts and stops it); without one, essays wait in Judging. */
  jobs?: JobQueue;
  /**
   * Payments (ADR 0029): the provider (providers/index.ts picks it from PAY_PROVIDER; null = off) and
   * the address providers and payers reach this server at. Absent = payment off.
   */
  payment?: { provider: PaymentProvider | null; publicUrl: string };
  /** Replaces the configured essay grader (tests). */
  essayGrader?: Grader;
  redis?: Redis;
  /** Password hashing off the event loop; by default the app starts its own pool and closes it with itself. */
  passwords?: PasswordHasher;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Where uploaded images are stored (platform/storage.ts); default the local disk under a fresh temporary folder. */
  storage?: MediaStorage;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Only the listed proxies, never `true`: a forged X-Forwarded-For must not pick the client address.
    trustProxy: deps.settings.trustProxy?.length ? deps.settings.trustProxy : false,
    genReqId: (req) => {
      const given = req.headers[headers.requestId];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // One log line per request (in onResponse) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });

  // Platform -------------------------------------------------------------------------------------
  installErrorHandling(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header(headers.requestId, req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const quiet = reply.statusCode < 400 && req.routeOptions.config.quietSuccessLog === true;
    req.log[quiet ? 'debug' : 'info'](
      { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  // An empty JSON body counts as {} (the spec's calls are all POST with a JSON body). A body over the
  // shape limits (depth, sizes, a real NUL) is a 400 bad_request before any schema sees it (ADR 0018).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    return jsonParser(req, String(body), (err, value) => {
      if (err) return done(err);
      const problem = jsonBodyProblem(value);
      return problem ? done(jsonBodyError(problem)) : done(null, value);
    });
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Lessons (ADR 0039): hls.js plays through a MediaSource object's blob: address.
        mediaSrc: ["'self'", 'blob:'],
      },
    },
  });
  if (deps.settings.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: deps.settings.rateLimitPerMinute,
      timeWindow: 60_000,
      // Shared counters in Redis while it answers, this process's own while it does not (ADR 0016).
      ...(deps.redis ? { store: sharedOrLocalStore(deps.redis, 'gre-rl:') } : {}),
    });
  }
  const openApi = buildOpenApi(serverVersion);
  app.get('/openapi.json', async () => openApi);
  if (apiDocsEnabled(deps.settings.apiDocs ?? 'auto', deps.settings.appEnv ?? 'devel')) {
    await registerApiDocs(app, openApi);
  }

  // Domains --------------------------------------------------------------------------------------
  const { db, clock } = deps;
  const tokens = createTokenService(deps.secret, clock);
  const bus = await createInvalidationBus(deps.redis, app.log);
  // Signed addresses of images not (or no longer) public: a held or rejected comment's pictures.
  const imageLinks = createImageLinks(deps.secret, clock);
  app.addHook('onClose', () => bus.close());
  // Maintenance and the minimum web version (admin settings over the config's defaults; ADR 0031).
  const system = createSystemService({
    db,
    clock,
    bus,
    forcedOn: deps.settings.maintenanceForced,
    minApiVersion: deps.settings.minApiVersion,
    version: serverVersion,
    logError: (err, msg) => app.log.error({ err }, msg),
  });
  await system.load();
  const userRepo = createUserRepo(db);
  // The per-role limits and rights (role_quotas), one copy per process, dropped on the 'quotas' topic.
  let quotas: Promise<Map<number, Quota>> | null = null;
  bus.subscribe((topic) => {
    if (topic === 'quotas' || topic === everything) quotas = null;
  });
  /** The materials right per role (role_quotas.materials): `can_visit_material` and /download (ADR 0040). */
  const materialsRight = async () => {
    quotas ??= loadQuotas(db);
    const table = await quotas;
    return (role: number) => table.get(role)?.materials ?? false;
  };
  let passwords = deps.passwords;
  if (!passwords) {
    const own = createPasswordHasher({
      threads: deps.settings.passwordHashThreads,
      queue: deps.settings.passwordHashQueue,
    });
    app.addHook('onClose', () => own.close());
    passwords = own;
  }
  const codes = createCodeService({ repo: userRepo, clock, mailer: deps.mailer, sms: deps.sms, secret: deps.secret });
  // The operator check code that confirms sensitive staff actions (issue 17, ADR 0031).
  const opCheck = createOpCheck({
    db,
    repo: userRepo,
    clock,
    mailer: deps.mailer,
    sms: deps.sms,
    secret: deps.secret,
  });
  const users = createUserService({
    repo: userRepo,
    codes,
    tokens,
    passwords,
    clock,
    tokenTtlDays: deps.settings.tokenTtlDays,
    maintenanceOn: async () => (await system.maintenance()).on,
    bus,
    materialsRight,
  });
  let rights: Promise<Rights> | null = null;
  bus.subscribe((topic) => {
    if (topic === 'rights' || topic === everything) rights = null;
  });
  // No answers of a running timed exam reach its candidate, by any endpoint (docs/decisions/0017).
  const gate = createAnswerGate({
    repo: createExposureRepo(db),
    clock,
    bus,
    catalogue: () => questions.catalogue(),
    logError: (err, msg) => app.log.error({ err }, msg),
  });
  const questions = createQuestionService({
    db,
    clock,
    bus,
    rights: () => (rights ??= loadRights(db)),
    runningExams: gate,
    mockOnly: mockOnlyIds,
    logError: (err, msg) => app.log.error({ err }, msg),
  });
  const summary = createSummaryService({
    repo: createSummaryRepo(db),
    clock,
    bus,
    tagNames: async () => (await questions.catalogue()).tagNames,
  });
  const scoring = createScoringService({ db, clock, bus, log: app.log });
  if (deps.jobs) await scoring.startWorkers(deps.jobs);
  // Mail (ADR 0030): remind mail from other modules, notices delivered and e-mailed on the job queue.
  const mail = createMailService({
    repo: createMailRepo(db),
    clock,
    mailer: deps.mailer,
    links: createMailLinks(deps.secret, deps.settings.publicUrl ?? 'http://localhost:3000'),
    log: app.log,
  });
  if (deps.jobs) await mail.startWorkers(deps.jobs);
  const essays = createEssayService({
    repo: createEssayRepo(db),
    clock,
    questions,
    rights: () => (rights ??= loadRights(db)),
    quotas: () => (quotas ??= loadQuotas(db)),
    grader: deps.essayGrader,
    model: deps.settings.essayModel,
    bus,
    log: app.log,
    onGraded: (tx, e) => mail.remind(e.userId, essayGradedMail(e), tx),
  });
  if (deps.jobs) await essays.startWorkers(deps.jobs);
  // The review loop (ADR 0025): created before the exams, whose finish it hooks into; it makes redo
  // sets through the exam service, given once that exists.
  let examService: ExamService | null = null;
  // Long-term memory (ADR 0027): every review is scheduled with the user's model and logged; the fit job.
  const memory = createMemoryService({ db, clock, log: app.log });
  if (deps.jobs) await memory.startWorkers(deps.jobs);
  const crafts = createCraftService({
    repo: createCraftRepo(db),
    clock,
    bus,
    memory,
    catalogue: () => questions.catalogue(),
    rights: () => (rights ??= loadRights(db)),
    quotas: () => (quotas ??= loadQuotas(db)),
    runningIds: (ctx) => gate.runningIds(ctx),
    createRedo: (b, ctx) => (examService as ExamService).createRedo(b, ctx),
  });
  // Archives (ADR 0041): retired 精选 sets and six-two books leave the lists; their openers keep them read-only.
  const archiveRepo = createArchiveRepo(db);
  const exams = createExamService({
    scoring,
    retiredSets: () => archiveRepo.retired('pick'),
    repo: createExamRepo(db),
    clock,
    questions,
    rights: () => (rights ??= loadRights(db)),
    quotas: () => (quotas ??= loadQuotas(db)),
    onCommitted: [(c) => essays.onExamCommitted(c), (c) => crafts.onExamCommitted(c), (c) => gate.examCommitted(c)],
    craftsOf: (userId, ids) => crafts.craftsOf(userId, ids),
    onStarted: (userId) => gate.changed(userId),
    logError: (err, msg) => app.log.error({ err }, msg),
  });
  examService = exams;
  if (deps.jobs) await exams.startWorkers(deps.jobs);
  // For /readyz: main.ts loads the catalogue at start; a probe retries a load that failed (and
  // never starts one besides: on PGlite it would hold the one connection the other checks need).
  let catalogueState: 'not loaded' | 'loading' | 'loaded' | 'failed' = 'not loaded';
  app.decorate('catalogueReady', async () => {
    catalogueState = 'loading';
    try {
      await questions.catalogue();
      // What is built from it too (exam templates and the mock bank: ~100 ms of one task): else the
      // first call that needs them (any practice, a craft's write) pays it and stalls everyone else.
      await exams.templates();
      catalogueState = 'loaded';
    } catch (err) {
      catalogueState = 'failed';
      throw err;
    }
  });
  registerHealthRoutes(
    app,
    {
      database: () => databaseCheck(db),
      ...(deps.jobs ? { jobs: () => (deps.jobs as JobQueue).check() } : {}),
      catalogue: async () => {
        if (catalogueState === 'loaded') return;
        if (catalogueState === 'failed') app.catalogueReady().catch(() => {});
        throw new NotReady('loading');
      },
    },
    app.log,
  );

  const register = createRegistrar(app, {
    authenticate: (t) => users.authenticate(t),
    maintenance: () => system.maintenance(),
    minApiVersion: () => system.minApiVersion(),
    screen: (ep, ctx, data) => gate.screen(ep, ctx, data),
  });
  registerUserRoutes(register, users, opCheck);
  registerSummaryRoutes(register, summary);
  const rightsSources = { rights: () => (rights ??= loadRights(db)), quotas: () => (quotas ??= loadQuotas(db)) };
  registerSystemRoutes(
    register,
    system,
    rightsSources,
    createManage({ db, clock, bus, system, rights: rightsSources, defaultMinApiVersion: deps.settings.minApiVersion }),
  );
  registerRightsTableImage(app, rightsSources);
  registerQuestionRoutes(register, questions);
  // /sync (issue 17): the admin's dry run and import of content/ without a restart.
  const contentSync = createContentSync({
    db,
    clock,
    contentDir: deps.settings.contentDir ?? path.join(repoRoot, 'content'),
    invalidate: () => questions.invalidate(),
  });
  register(syncEp.syncPlan, () => contentSync.plan());
  register(syncEp.syncApply, (b, ctx) => contentSync.apply(b.plan_id, b.keep, ctx));
  // Edit mode (issue 17, ADR 0035): the admin's overlay over the imported bank.
  const questionEdits = createQuestionEdits({
    db,
    clock,
    catalogue: () => questions.catalogue(),
    questionChanged: (id) => questions.questionChanged(id),
  });
  register(editEp.adminGetQuestion, (b) => questionEdits.read(b.id));
  register(editEp.adminEditQuestion, (b, ctx) => questionEdits.edit(b.id, b.fields, ctx));
  register(editEp.adminRevertQuestion, (b, ctx) => questionEdits.revert(b.id, ctx));
  const words = createWordService({
    db,
    repo: createWordRepo(db),
    clock,
    bus,
    gate,
    catalogue: () => questions.catalogue(),
    rights: () => (rights ??= loadRights(db)),
    mockOnly: mockOnlyIds,
    retiredBooks: () => archiveRepo.retired('sixtwo'),
    bookOpened: (userId, bookId) =>
      sixTwoBooks.has(bookId) ? archiveRepo.markOpened(userId, bookId, clock.now()) : Promise.resolve(),
  });
  registerWordRoutes(register, words);
  registerArchiveRoutes(
    register,
    createArchive({
      repo: archiveRepo,
      clock,
      templates: () => exams.templates(),
      words,
      userChanged: (id) => bus.publish('user', String(id)),
    }),
  );
  // Discussions under questions (ADR 0037): held by the sensitive-word list, remind mail to subscribers.
  registerPostRoutes(
    register,
    createPostService({
      repo: createPostRepo(db),
      clock,
      filter: createWordFilter(),
      catalogue: () => questions.catalogue(),
      rights: () => (rights ??= loadRights(db)),
      runningIds: (ctx) => gate.runningIds(ctx),
      mockOnly: mockOnlyIds,
      remind: (userId, m, on) => mail.remind(userId, m, on),
      bus,
      imageLinks,
    }),
  );
  registerFlashRoutes(
    register,
    createFlashService({
      db,
      repo: createFlashRepo(db),
      clock,
      memory,
      words,
      gate,
      bus,
      quotas: () => (quotas ??= loadQuotas(db)),
    }),
  );
  registerExamRoutes(register, exams);
  registerEssayRoutes(register, essays);
  registerCraftRoutes(register, crafts);
  registerMailRoutes(register, mail);
  // The chat dialog (issue 18, ADR 0038): calls, and live delivery over server-sent events fanned
  // out through the bus (Redis pub/sub when there is one).
  const chatHub = createChatHub({
    bus,
    withheld: async (userId, questionId) =>
      !!(await gate.runningIds({ caller: { userId } } as RequestContext))?.(questionId),
  });
  const chat = createChatService({
    repo: createChatRepo(db),
    clock,
    hub: chatHub,
    questionExists: async (id) => (await questions.catalogue()).byId.has(id),
    runningIds: (ctx) => gate.runningIds(ctx),
    mail: (userId, m, tx) => mail.chat(userId, m, tx),
  });
  registerChatRoutes(register, chat);
  registerChatStream(app, chatHub, {
    authenticate: (t) => users.authenticate(t),
    answersChat,
    missed: (caller, afterId) => chat.missed(caller, afterId),
  });
  // Payments (ADR 0029): orders, codes, vouchers, staff actions; the notify route and the sandbox page.
  const payRepo = createPayRepo(db);
  const discountCodes = createDiscountCodes({ db, log: app.log });
  const payProvider = deps.payment?.provider ?? null;
  const pay = createPayService({
    db,
    repo: payRepo,
    codes: discountCodes,
    clock,
    bus,
    provider: payProvider,
    publicUrl: deps.payment?.publicUrl ?? 'http://localhost',
    userOf: (ctx) => users.get(ctx),
    remind: (userId, m, tx) => mail.remind(userId, m, tx),
    log: app.log,
  });
  if (deps.jobs) await pay.startWorkers(deps.jobs);
  registerPayRoutes(
    register,
    pay,
    createPayStaff({ db, repo: payRepo, codes: discountCodes, clock, bus, provider: payProvider }),
    opCheck,
  );
  await registerPayHttp(app, pay, payProvider);
  // The operator console (issue 17, ADR 0031): find and read users, open the advanced bank.
  registerOperateRoutes(register, createOperate({ db, clock, bus }), opCheck);
  if (deps.jobs) await startReportRollups(deps.jobs, db, clock);
  // Uploaded images (ADR 0036): /api/upload/image and the public-by-link /media/images/<id>.
  const storage = deps.storage ?? localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'gre-media-')));
  registerMediaRoutes(app, register, createMedia({ db, clock, storage, links: imageLinks }));
  // Lessons (issue 19, ADR 0039): the catalogue and player's calls, uploads packaged to HLS by a job,
  // and the media under /media/lessons/ behind signed, expiring addresses.
  const lessonLinks = createLessonLinks(deps.secret, clock);
  const lessons = createLessonService({
    db,
    clock,
    storage,
    links: lessonLinks,
    quotas: () => (quotas ??= loadQuotas(db)),
    log: app.log,
  });
  if (deps.jobs) await lessons.startWorkers(deps.jobs);
  registerLessonRoutes(register, lessons);
  registerLessonMedia(app, storage, lessonLinks);
  // The staff export (/export): CSV of users, orders, exam results through a signed one-minute address.
  registerExportRoutes(app, register, createExport({ db, clock, secret: deps.secret }));
  // Study materials (/download, ADR 0040): PDFs made once per content version, kept in the storage.
  const pdfRenderer = createPdfRenderer();
  const downloads = createDownloads({
    db,
    renderer: pdfRenderer,
    clock,
    secret: deps.secret,
    storage,
    sources: {
      words: () =>
        db
          .select({ word: wordRows.word, translation: wordRows.translation, frequency: wordRows.frequency })
          .from(wordRows),
      issues: async () => {
        const c = await questions.catalogue();
        const mockOnly = mockOnlyIds(c);
        return (c.byCategory.get(QuestionCategory.Issue) ?? [])
          .map((i) => c.entries[i]?.question)
          .filter(
            (q): q is Question => !!q && q.visibility !== 'hidden' && q.visibility !== 'forbid' && !mockOnly.has(q.id),
          );
      },
    },
    examRunning: async (userId) =>
      (await gate.runningIds({ caller: { userId } as Caller, ip: '', deviceId: '', userAgent: '', requestId: '' })) !==
      null,
    onContentChange: (drop) =>
      bus.subscribe((topic) => {
        if (topic === 'catalogue' || topic === everything) drop();
      }),
    materialsRight,
    roles: () => roleRights(rightsSources),
    wrongs: {
      basis: (userId) => crafts.wrongBookBasis(userId),
      book: (caller, limit) => crafts.wrongBook(caller, limit),
    },
    log: app.log,
  });
  registerDownloadRoutes(app, register, downloads);
  app.addHook('onClose', async () => {
    await downloads.idle();
    await pdfRenderer.close();
  });

  // The web app (precompressed, cache headers, SPA fallback for deep links) and the 404s -----------
  await registerWebAssets(app, { distDir: deps.settings.webDistDir, appEnv: deps.settings.appEnv ?? 'devel' });

  return app;
}
