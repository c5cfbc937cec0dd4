import { randomBytes } from 'node:crypto';
import { message, type PrequalificationForm, type PrequalificationResponseForm } from '@zabuni/contracts';
import {
  automaticScore,
  eatDay,
  evaluationComplete,
  expiryThresholdsReached,
  formatEat,
  formatHundredths,
  hasRole,
  prequalificationOutcome,
  questionnaireProblems,
  scoredByCommittee,
  visibleSheets,
  DOCUMENT_EXPIRY_ALERT_DAYS,
  type PrequalificationAnswer,
  type PrequalificationSection,
  type PrequalificationStatus,
  type Role,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import { checkDocument } from '../../../../infra/file-types.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { FileStorage } from '../../../../infra/storage.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import { sourcingEvents } from '../events/index.ts';
import { finishResult, portalPrequalificationPath, resultSubject } from './prequalifications.approval.ts';
import { prequalificationReads } from './prequalifications.queries.ts';
import {
  prequalificationsRepository,
  type DocumentRow,
  type PrequalificationRow,
  type ResponseRow,
} from './prequalifications.repository.ts';

/** Largest prequalification document (as the other platform uploads). */
export const MAX_PREQUALIFICATION_FILE_BYTES = 10 * 1024 * 1024;
export const PREQUALIFICATION_FILE_FIELD = 'file';

/** Who runs exercises and decides results where no workflow applies. */
const MANAGERS: Role[] = ['org_admin', 'buyer'];
const SUPPLIER_ROLES: Role[] = ['supplier_admin', 'supplier_user'];

const nf = () => notFound(message('prequalification.not_found'));

function supplierIdOf(principal: Principal): number {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
  return grant.organisationId;
}

function managedOrganisation(principal: Principal): number {
  const organisationId = currentOrganisation(principal);
  if (!hasRole(principal.grants, MANAGERS, organisationId))
    throw new AppError('forbidden', message('prequalification.not_decider'));
  return organisationId;
}

/** Answers as the domain reads them: a document answer carries its document's expiry. */
function domainAnswers(
  answers: readonly PrequalificationAnswer[],
  documents: readonly DocumentRow[],
): PrequalificationAnswer[] {
  return answers.map((a) =>
    a.type === 'document'
      ? { ...a, expiresOn: documents.find((d) => d.id === a.documentId)?.expiresOn ?? null }
      : a,
  );
}

const wireAnswer = (a: PrequalificationAnswer) =>
  a.type === 'document'
    ? { key: a.key, type: a.type, document_id: a.documentId, expires_on: a.expiresOn }
    : a;

const documentView = (d: DocumentRow) => ({
  id: d.id,
  question_key: d.questionKey,
  file_name: d.fileName,
  content_type: d.contentType,
  size: d.sizeBytes,
  expires_on: d.expiresOn,
});

/** The stored questionnaire as the wire schema types it (the same shape, without the readonly marks). */
const wireSections = (sections: readonly PrequalificationSection[]) =>
  sections as unknown as PrequalificationForm['sections'];

const questionsOf = (sections: readonly PrequalificationSection[]) => sections.flatMap((s) => s.questions);

export function createPrequalificationsService({
  db,
  files,
  clock,
  audit,
  notifications,
  approvals,
}: {
  db: Db;
  files: FileStorage;
  clock: Clock;
  audit: AuditService;
  notifications: NotificationsService;
  approvals: ApprovalsService;
}) {
  const load = async (tx: Executor, organisationId: number, id: number) => {
    const row = await prequalificationsRepository(tx).find(organisationId, id);
    if (!row) throw nf();
    return row;
  };

  const isOpen = (row: PrequalificationRow) =>
    row.status === 'published' && row.opensAt <= clock.now() && clock.now() < row.closesAt;

  /** The form's references belong to this organisation and the platform: categories, committee. */
  async function checkForm(tx: Executor, organisationId: number, form: PrequalificationForm) {
    const found = await prequalificationsRepository(tx).existingCategories(form.category_ids);
    if (found.length !== new Set(form.category_ids).size)
      throw fieldError('category_ids', message('prequalification.category'));
    const staff = await prequalificationReads(tx).staff(organisationId, form.evaluator_ids);
    if (staff.length !== new Set(form.evaluator_ids).size)
      throw fieldError('evaluator_ids', message('prequalification.evaluator'));
    if (Date.parse(form.closes_at) <= Date.parse(form.opens_at))
      throw fieldError('closes_at', message('prequalification.period'));
  }

  const values = (form: PrequalificationForm) => ({
    title: form.title,
    description: form.description,
    opensAt: new Date(form.opens_at),
    closesAt: new Date(form.closes_at),
    passMark: form.pass_mark,
    validUntil: form.valid_until,
    sections: form.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => ({
        key: q.key,
        text: q.text,
        type: q.type,
        weight: q.weight,
        mandatory: q.mandatory,
        ...(q.options ? { options: q.options } : {}),
        rule: q.rule ?? null,
      })),
    })),
  });

  async function view(principal: Principal, row: PrequalificationRow) {
    const repository = prequalificationsRepository(db);
    const [cats, evaluators, invited, responses] = await Promise.all([
      repository.categories([row.id]),
      repository.evaluators(row.id),
      repository.invitedCount(row.id),
      repository.responses(row.organisationId, row.id),
    ]);
    return {
      ...summary(row, cats, responses.length),
      description: row.description,
      valid_until: row.validUntil,
      sections: wireSections(row.sections),
      evaluators: evaluators.map((e) => ({
        id: e.userId,
        name: `${e.firstName} ${e.lastName}`,
        submitted_at: e.submittedAt?.toISOString() ?? null,
      })),
      invited,
      published_at: row.publishedAt?.toISOString() ?? null,
      is_evaluator: evaluators.some((e) => e.userId === principal.userId),
    };
  }

  function summary(
    row: PrequalificationRow,
    cats: ReadonlyArray<{ prequalificationId: number; id: number; name: string }>,
    responses: number,
  ) {
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      opens_at: row.opensAt.toISOString(),
      closes_at: row.closesAt.toISOString(),
      pass_mark: row.passMark,
      categories: cats.filter((c) => c.prequalificationId === row.id).map(({ id, name }) => ({ id, name })),
      responses,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** A submitted response's answers with the automatic scores (buyer side). */
  async function responseViews(organisationId: number, row: PrequalificationRow) {
    const repository = prequalificationsRepository(db);
    const responses = await repository.responses(organisationId, row.id);
    const documents = await repository.documents(responses.map((r) => r.response.id));
    const closingDay = eatDay(row.closesAt);
    return responses.map(({ response, supplierName }) => {
      const own = documents.filter((d) => d.responseId === response.id);
      const answers = domainAnswers(response.answers, own);
      const automatic: Record<string, number> = {};
      for (const q of questionsOf(row.sections)) {
        const score = automaticScore(
          q,
          answers.find((a) => a.key === q.key),
          closingDay,
        );
        if (score !== null) automatic[q.key] = score;
      }
      return {
        id: response.id,
        supplier: { id: response.supplierId, name: supplierName },
        status: response.status,
        category_ids: response.categoryIds,
        answers: answers.map(wireAnswer),
        documents: own.map(documentView),
        submitted_at: response.submittedAt?.toISOString() ?? null,
        automatic_scores: automatic,
        domainAnswers: answers,
      };
    });
  }

  const record = (
    tx: Executor,
    principal: Principal,
    action: Parameters<AuditService['record']>[1]['action'],
    organisationId: number,
    ip: string | null,
    detail: Record<string, unknown>,
  ) => audit.record(tx, { action, actorUserId: principal.userId, organisationId, ip, detail });

  /**
   * The supplier's invited, published exercise from the buyer selected in the portal (404 for anything
   * else: never reveal another's, nor another buyer's while this one is selected).
   */
  async function invitedExercise(tx: Executor, principal: Principal, id: number) {
    const supplierId = supplierIdOf(principal);
    const buyerId = currentOrganisation(principal);
    const repository = prequalificationsRepository(tx);
    const found = await repository.findAny(id);
    if (
      !found ||
      found.prequalification.organisationId !== buyerId ||
      found.prequalification.status === 'draft' ||
      !(await repository.isInvited(id, supplierId))
    )
      throw nf();
    return { supplierId, row: found.prequalification, buyerName: found.buyerName };
  }

  function assertOpen(row: PrequalificationRow) {
    const now = clock.now();
    if (row.status !== 'published' || now >= row.closesAt)
      throw new AppError(
        'conflict',
        message('prequalification.closed', { closing: formatEat(row.closesAt) }),
      );
    if (now < row.opensAt)
      throw new AppError(
        'conflict',
        message('prequalification.not_open', { opening: formatEat(row.opensAt) }),
      );
  }

  /** Answers that fit their questions; document answers point at this response's own uploads. */
  function checkAnswers(
    row: PrequalificationRow,
    form: PrequalificationResponseForm,
    documents: readonly DocumentRow[],
  ): PrequalificationAnswer[] {
    const questions = questionsOf(row.sections);
    return form.answers.map((a) => {
      const q = questions.find((x) => x.key === a.key);
      const bad = () => fieldError('answers', message('prequalification.answer', { question: a.key }));
      if (!q || q.type !== a.type) throw bad();
      if (a.type === 'choice' && !(q.options ?? []).includes(a.value)) throw bad();
      if (a.type === 'document') {
        const document = documents.find((d) => d.id === a.document_id && d.questionKey === a.key);
        if (!document) throw bad();
        return { key: a.key, type: 'document', documentId: document.id, expiresOn: document.expiresOn };
      }
      return a;
    });
  }

  const service = {
    // ---------------------------------------------------------------- buyer: the exercise

    async list(principal: Principal, status: PrequalificationStatus | undefined, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const repository = prequalificationsRepository(db);
      const { count, rows } = await repository.page(organisationId, status, page.offset, page.pageSize);
      const cats = await repository.categories(rows.map((r) => r.prequalification.id));
      return {
        count,
        results: rows.map((r) => summary(r.prequalification, cats, r.responses)),
      };
    },

    async get(principal: Principal, id: number) {
      return view(principal, await load(db, currentOrganisation(principal), id));
    },

    async create(principal: Principal, form: PrequalificationForm, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const id = await db.transaction(async (tx) => {
        await checkForm(tx, organisationId, form);
        const row = await prequalificationsRepository(tx).insert({
          organisationId,
          ...values(form),
          createdByUserId: principal.userId,
        });
        await prequalificationsRepository(tx).setCategories(organisationId, row.id, form.category_ids);
        await prequalificationsRepository(tx).setEvaluators(organisationId, row.id, [
          ...new Set(form.evaluator_ids),
        ]);
        await record(tx, principal, 'prequalification.created', organisationId, ip, {
          prequalification_id: row.id,
        });
        return row.id;
      });
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, form: PrequalificationForm, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = prequalificationsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw nf();
        await checkForm(tx, organisationId, form);
        if (!(await repository.update(organisationId, id, ['draft'], values(form))))
          throw new AppError('conflict', message('prequalification.not_draft'));
        await repository.setCategories(organisationId, id, form.category_ids);
        await repository.setEvaluators(organisationId, id, [...new Set(form.evaluator_ids)]);
        await record(tx, principal, 'prequalification.updated', organisationId, ip, {
          prequalification_id: id,
        });
      });
      return this.get(principal, id);
    },

    /**
     * Publishes a draft: the buyer's suppliers and suppliers registered in its categories are invited
     * (portal and mail), and it is listed on the public site's tenders as a "Supplier Prequalification".
     */
    async publish(principal: Principal, id: number, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = prequalificationsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw nf();
        const row = await load(tx, organisationId, id);
        if (row.status !== 'draft') throw new AppError('conflict', message('prequalification.not_draft'));
        const problems = questionnaireProblems(row.sections);
        if (problems.length > 0)
          throw new AppError(
            'validation',
            message('prequalification.questionnaire', { problems: problems.join(', ') }),
          );
        if (row.closesAt <= clock.now() || row.closesAt <= row.opensAt)
          throw fieldError('closes_at', message('prequalification.period'));
        const categoryIds = (await repository.categories([id])).map((c) => c.id);
        const reads = prequalificationReads(tx);
        const countryId = await reads.countryOf(organisationId);
        const eventId =
          countryId === null
            ? null
            : await sourcingEvents.list(tx, {
                buyerId: organisationId,
                countryId,
                title: row.title,
                jobType: 'Supplier Prequalification',
                closingAt: row.closesAt,
                instructions: 'Registered suppliers answer the questionnaire in the Zabuni supplier portal.',
                advert: row.description || null,
                categoryIds,
              });
        if (
          !(await repository.update(organisationId, id, ['draft'], {
            status: 'published',
            publishedAt: clock.now(),
            sourcingEventId: eventId,
          }))
        )
          throw new AppError('conflict', message('prequalification.not_draft'));
        const supplierIds = await reads.suppliersToInvite(organisationId, categoryIds);
        await repository.invite(organisationId, id, supplierIds);
        await record(tx, principal, 'prequalification.published', organisationId, ip, {
          prequalification_id: id,
          invited: supplierIds.length,
        });
        const users = await reads.supplierUsers(supplierIds);
        const buyer = (await repository.findAny(id))!.buyerName;
        const mails: number[] = [];
        // One announcement per supplier: its notification belongs to its own organisation.
        for (const supplierId of supplierIds) {
          mails.push(
            ...(await notifications.announce(tx, {
              userIds: users.filter((u) => u.supplierId === supplierId).map((u) => u.userId),
              organisationId: supplierId,
              template: 'prequalification_invited',
              params: { buyer, title: row.title, closing: formatEat(row.closesAt) },
              path: portalPrequalificationPath(id),
            })),
          );
        }
        return mails;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** Submitted responses with their automatic scores (any buyer staff). */
    async responses(principal: Principal, id: number) {
      const organisationId = currentOrganisation(principal);
      const row = await load(db, organisationId, id);
      const views = await responseViews(organisationId, row);
      return { results: views.map(({ domainAnswers: _, ...v }) => v) };
    },

    async openDocument(principal: Principal, documentId: number) {
      const document = await prequalificationsRepository(db).document(
        currentOrganisation(principal),
        documentId,
      );
      return openStored(document);
    },

    // ---------------------------------------------------------------- committee

    /**
     * The committee member's evaluation: the questions the committee scores, each supplier's answers,
     * the member's own scores, and the others' only once the member has submitted (server-enforced).
     */
    async evaluation(principal: Principal, id: number) {
      const organisationId = currentOrganisation(principal);
      const row = await load(db, organisationId, id);
      const repository = prequalificationsRepository(db);
      const evaluators = await repository.evaluators(id);
      const me = evaluators.find((e) => e.userId === principal.userId);
      if (!me) throw new AppError('forbidden', message('prequalification.not_evaluator'));
      const views = await responseViews(organisationId, row);
      const scores = await repository.scores(
        organisationId,
        views.map((v) => v.id),
      );
      const committee = evaluators.map((e) => e.userId);
      const sheetsOf = (responseId: number) =>
        evaluators.map((e) => ({
          evaluatorId: e.userId,
          submitted: e.submittedAt !== null,
          name: `${e.firstName} ${e.lastName}`,
          scores:
            scores.find((s) => s.responseId === responseId && s.evaluatorUserId === e.userId)?.scores ?? {},
        }));
      return {
        questions: wireSections([
          { title: '', questions: questionsOf(row.sections).filter(scoredByCommittee) },
        ])[0]!.questions,
        submitted_at: me.submittedAt?.toISOString() ?? null,
        responses: views.map((v) => {
          const visible = visibleSheets(principal.userId, committee, sheetsOf(v.id));
          return {
            id: v.id,
            supplier: v.supplier,
            answers: v.answers,
            my_scores: visible.find((s) => s.evaluatorId === principal.userId)?.scores ?? {},
            others: visible
              .filter((s) => s.evaluatorId !== principal.userId)
              .map((s) => ({
                evaluator: { id: s.evaluatorId, name: s.name },
                submitted: s.submitted,
                scores: s.scores,
              })),
          };
        }),
      };
    },

    async saveScores(
      principal: Principal,
      id: number,
      body: { scores: Array<{ response_id: number; question_key: string; score: number; comment?: string }> },
    ) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = prequalificationsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw nf();
        const row = await load(tx, organisationId, id);
        const me = (await repository.evaluators(id)).find((e) => e.userId === principal.userId);
        if (!me) throw new AppError('forbidden', message('prequalification.not_evaluator'));
        if (row.status !== 'published' || clock.now() < row.closesAt)
          throw new AppError('conflict', message('prequalification.not_closed'));
        if (me.submittedAt) throw new AppError('conflict', message('prequalification.sheet_submitted'));
        const responseIds = (await repository.responses(organisationId, id)).map((r) => r.response.id);
        const keys = questionsOf(row.sections)
          .filter(scoredByCommittee)
          .map((q) => q.key);
        const existing = await repository.scores(organisationId, responseIds);
        const sheets = new Map<
          number,
          { scores: Record<string, number>; comments: Record<string, string> }
        >();
        for (const s of body.scores) {
          if (!responseIds.includes(s.response_id) || !keys.includes(s.question_key))
            throw fieldError('scores', message('prequalification.answer', { question: s.question_key }));
          const mine = existing.find(
            (e) => e.responseId === s.response_id && e.evaluatorUserId === principal.userId,
          );
          const sheet = sheets.get(s.response_id) ?? {
            scores: { ...(mine?.scores ?? {}) },
            comments: { ...(mine?.comments ?? {}) },
          };
          sheet.scores[s.question_key] = s.score;
          if (s.comment) sheet.comments[s.question_key] = s.comment;
          sheets.set(s.response_id, sheet);
        }
        await repository.saveScores(
          organisationId,
          principal.userId,
          [...sheets].map(([responseId, sheet]) => ({ responseId, ...sheet })),
        );
      });
      return this.evaluation(principal, id);
    },

    /** Fixes the member's scores (every committee question of every response must have one). */
    async submitScores(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = prequalificationsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw nf();
        const row = await load(tx, organisationId, id);
        const me = (await repository.evaluators(id)).find((e) => e.userId === principal.userId);
        if (!me) throw new AppError('forbidden', message('prequalification.not_evaluator'));
        if (row.status !== 'published' || clock.now() < row.closesAt)
          throw new AppError('conflict', message('prequalification.not_closed'));
        const responseIds = (await repository.responses(organisationId, id)).map((r) => r.response.id);
        const keys = questionsOf(row.sections)
          .filter(scoredByCommittee)
          .map((q) => q.key);
        const mine = (await repository.scores(organisationId, responseIds)).filter(
          (s) => s.evaluatorUserId === principal.userId,
        );
        const missing = responseIds.flatMap((rid) =>
          keys.filter((k) => mine.find((s) => s.responseId === rid)?.scores[k] === undefined),
        );
        if (missing.length > 0)
          throw new AppError(
            'validation',
            message('prequalification.incomplete', { questions: [...new Set(missing)].join(', ') }),
          );
        if (!(await repository.submitSheet(id, principal.userId, clock.now())))
          throw new AppError('conflict', message('prequalification.sheet_submitted'));
        await record(tx, principal, 'prequalification.scores_submitted', organisationId, ip, {
          prequalification_id: id,
        });
      });
      return this.evaluation(principal, id);
    },

    // ---------------------------------------------------------------- results

    /**
     * Once every committee member has submitted: the outcome per supplier per category applied for,
     * from the domain rules, each a 'prequalification_result' document for the approval engine.
     */
    async proposeResults(principal: Principal, id: number, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = prequalificationsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw nf();
        const row = await load(tx, organisationId, id);
        if (row.status !== 'published')
          throw new AppError('conflict', message('prequalification.results_exist'));
        if (clock.now() < row.closesAt)
          throw new AppError('conflict', message('prequalification.not_closed'));
        const evaluators = await repository.evaluators(id);
        const committee = evaluators.map((e) => e.userId);
        const sheets = evaluators.map((e) => ({ evaluatorId: e.userId, submitted: e.submittedAt !== null }));
        if (!evaluationComplete(committee, sheets))
          throw new AppError('conflict', message('prequalification.evaluation_incomplete'));
        const views = await responseViews(organisationId, row);
        const scores = await repository.scores(
          organisationId,
          views.map((v) => v.id),
        );
        const exerciseCategories = (await repository.categories([id])).map((c) => c.id);
        const values = views.flatMap((v) => {
          const outcome = prequalificationOutcome({
            sections: row.sections,
            answers: v.domainAnswers,
            sheets: evaluators.map((e) => ({
              evaluatorId: e.userId,
              submitted: e.submittedAt !== null,
              scores:
                scores.find((s) => s.responseId === v.id && s.evaluatorUserId === e.userId)?.scores ?? {},
            })),
            passMark: row.passMark,
            closingDay: eatDay(row.closesAt),
          });
          return v.category_ids
            .filter((c) => exerciseCategories.includes(c))
            .map((categoryId) => ({
              prequalificationId: id,
              organisationId,
              responseId: v.id,
              supplierId: v.supplier.id,
              categoryId,
              scoreHundredths: outcome.resultHundredths,
              recommended: outcome.passed,
              reasons: outcome.reasons,
              proposedByUserId: principal.userId,
              proposedAt: clock.now(),
            }));
        });
        const inserted = await repository.insertResults(values);
        if (
          !(await repository.update(organisationId, id, ['published'], {
            status: inserted.length ? 'results' : 'completed',
          }))
        )
          throw new AppError('conflict', message('prequalification.results_exist'));
        const mails: number[] = [];
        for (const result of inserted) {
          const found = (await repository.result(organisationId, result.id))!;
          mails.push(
            ...((await approvals.startRound(tx, 'prequalification_result', await resultSubject(tx, found))) ??
              []),
          );
        }
        await record(tx, principal, 'prequalification.results_proposed', organisationId, ip, {
          prequalification_id: id,
          results: inserted.length,
        });
        return mails;
      });
      await notifications.dispatch(mailIds);
      return this.results(principal, id);
    },

    /** The results; scores are shown once the committee has finished (they exist only then). */
    async results(principal: Principal, id: number) {
      const organisationId = currentOrganisation(principal);
      const row = await load(db, organisationId, id);
      const rows = await prequalificationsRepository(db).results(organisationId, id);
      const results = [];
      for (const r of rows) {
        const found = (await prequalificationsRepository(db).result(organisationId, r.result.id))!;
        const subject = await resultSubject(db, found);
        results.push({
          id: r.result.id,
          supplier: { id: r.result.supplierId, name: r.supplierName },
          category: { id: r.result.categoryId, name: r.categoryName },
          score: formatHundredths(r.result.scoreHundredths),
          recommended: r.result.recommended,
          reasons: r.result.reasons,
          status: r.result.status,
          comment: r.result.comment,
          valid_until: r.result.validUntil,
          under_workflow: subject.route !== null,
          decided_at: r.result.decidedAt?.toISOString() ?? null,
        });
      }
      return { complete: row.status === 'completed', results };
    },

    /**
     * A decision on a result: through the approval engine when a workflow rule routes it (the step's
     * approvers in order), otherwise by the organisation's administrator or a buyer who did not propose it.
     */
    async decide(
      principal: Principal,
      resultId: number,
      state: 'approved' | 'rejected',
      comment: string,
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const repository = prequalificationsRepository(db);
      const found = await repository.result(organisationId, resultId);
      if (!found) throw notFound(message('prequalification.result_not_found'));
      const subject = await resultSubject(db, found);
      if (subject.route !== null) {
        await approvals.decide(principal, 'prequalification_result', resultId, state, { comment }, ip);
        return this.results(principal, found.result.prequalificationId);
      }
      managedOrganisation(principal);
      if (state === 'rejected' && !comment.trim())
        throw fieldError('comment', message('prequalification.reason'));
      if (found.result.proposedByUserId === principal.userId)
        throw new AppError('forbidden', message('prequalification.own_result'));
      const mailIds = await db.transaction(async (tx) => {
        if (!(await prequalificationsRepository(tx).lockResult(organisationId, resultId)))
          throw notFound(message('prequalification.result_not_found'));
        const fresh = (await prequalificationsRepository(tx).result(organisationId, resultId))!;
        if (fresh.result.status !== 'pending')
          throw new AppError('conflict', message('prequalification.result_decided'));
        const exercise = await load(tx, organisationId, fresh.result.prequalificationId);
        const done = await finishResult(
          tx,
          notifications,
          clock,
          fresh,
          principal.userId,
          state,
          comment.trim(),
          exercise.validUntil,
        );
        if (!done.changed) throw new AppError('conflict', message('prequalification.result_conflict'));
        await record(
          tx,
          principal,
          state === 'approved' ? 'prequalification_result.approved' : 'prequalification_result.rejected',
          organisationId,
          ip,
          { prequalification_result_id: resultId, comment: comment || null, final: true },
        );
        return done.mailIds;
      });
      await notifications.dispatch(mailIds);
      return this.results(principal, found.result.prequalificationId);
    },

    /** One result with its exercise (the approvals inbox and its mails link a result by its own id). */
    async result(principal: Principal, resultId: number) {
      const organisationId = currentOrganisation(principal);
      const found = await prequalificationsRepository(db).result(organisationId, resultId);
      if (!found) throw notFound(message('prequalification.result_not_found'));
      const { results } = await this.results(principal, found.result.prequalificationId);
      return {
        ...results.find((r) => r.id === resultId)!,
        prequalification_id: found.result.prequalificationId,
      };
    },

    /** The buyer's prequalified list: approved and still valid, per category. */
    async prequalifiedList(principal: Principal, categoryId: number | undefined, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await prequalificationsRepository(db).prequalified(
        organisationId,
        { ...(categoryId ? { categoryIds: [categoryId] } : {}), today: eatDay(clock.now()) },
        { offset: page.offset, limit: page.pageSize },
      );
      return {
        count,
        results: rows.map((r) => ({
          supplier: { id: r.result.supplierId, name: r.supplierName },
          category: { id: r.result.categoryId, name: r.categoryName },
          score: formatHundredths(r.result.scoreHundredths),
          valid_until: r.result.validUntil!,
          prequalification_id: r.result.prequalificationId,
        })),
      };
    },

    // ---------------------------------------------------------------- supplier portal

    async portalList(principal: Principal, page: PageRequest) {
      const supplierId = supplierIdOf(principal);
      const buyerId = currentOrganisation(principal);
      const repository = prequalificationsRepository(db);
      const { count, rows } = await repository.invitationsOf(buyerId, supplierId, page.offset, page.pageSize);
      const cats = await repository.categories(rows.map((r) => r.prequalification.id));
      return {
        count,
        results: rows.map((r) => ({
          id: r.prequalification.id,
          buyer: { id: r.prequalification.organisationId, name: r.buyerName },
          title: r.prequalification.title,
          opens_at: r.prequalification.opensAt.toISOString(),
          closes_at: r.prequalification.closesAt.toISOString(),
          open: isOpen(r.prequalification),
          categories: cats
            .filter((c) => c.prequalificationId === r.prequalification.id)
            .map(({ id, name }) => ({ id, name })),
          response_status: r.responseStatus,
        })),
      };
    },

    async portalGet(principal: Principal, id: number) {
      const { supplierId, row, buyerName } = await invitedExercise(db, principal, id);
      const repository = prequalificationsRepository(db);
      const [cats, response, results] = await Promise.all([
        repository.categories([id]),
        repository.response(id, supplierId),
        repository.resultsOfSupplier(id, supplierId),
      ]);
      const documents = response ? await repository.documents([response.id]) : [];
      return {
        id: row.id,
        buyer: { id: row.organisationId, name: buyerName },
        title: row.title,
        description: row.description,
        opens_at: row.opensAt.toISOString(),
        closes_at: row.closesAt.toISOString(),
        open: isOpen(row),
        categories: cats.map(({ id: cid, name }) => ({ id: cid, name })),
        sections: wireSections(row.sections),
        response: response ? portalResponse(response, documents) : null,
        // Only decided results reach the supplier.
        results: results
          .filter((r) => r.result.status !== 'pending')
          .map((r) => ({
            category: { id: r.result.categoryId, name: r.categoryName },
            status: r.result.status,
            valid_until: r.result.validUntil,
          })),
      };
    },

    /** Saves the supplier's draft (until closing; a submitted response must be withdrawn first). */
    async saveResponse(principal: Principal, id: number, form: PrequalificationResponseForm) {
      await db.transaction(async (tx) => {
        const { supplierId, row } = await invitedExercise(tx, principal, id);
        assertOpen(row);
        const repository = prequalificationsRepository(tx);
        const existing = await repository.lockResponse(id, supplierId);
        if (existing?.status === 'submitted')
          throw new AppError('conflict', message('prequalification.response_submitted'));
        const categoryIds = (await repository.categories([id])).map((c) => c.id);
        if (!form.category_ids.every((c) => categoryIds.includes(c)))
          throw fieldError('category_ids', message('prequalification.category'));
        const documents = existing ? await repository.documents([existing.id]) : [];
        const answers = checkAnswers(row, form, documents);
        const saved = await repository.upsertResponse({
          prequalificationId: id,
          organisationId: row.organisationId,
          supplierId,
          categoryIds: [...new Set(form.category_ids)],
          answers,
        });
        if (!saved) throw new AppError('conflict', message('prequalification.response_submitted'));
        if (existing?.status === 'withdrawn')
          await repository.setResponseStatus(saved.id, 'withdrawn', { status: 'draft' });
      });
      return this.portalGet(principal, id);
    },

    /** A document for a document question, checked by content and size like every upload. */
    async uploadDocument(
      principal: Principal,
      id: number,
      query: { question_key: string; expires_on?: string | undefined },
      file: { fileName: string; bytes: Buffer },
    ) {
      const { supplierId, row } = await invitedExercise(db, principal, id);
      assertOpen(row);
      const question = questionsOf(row.sections).find((q) => q.key === query.question_key);
      if (!question || question.type !== 'document')
        throw fieldError(
          'question_key',
          message('prequalification.answer', { question: query.question_key }),
        );
      const check = checkDocument(file.fileName, file.bytes);
      if (!check.ok || file.bytes.length > MAX_PREQUALIFICATION_FILE_BYTES)
        throw fieldError(PREQUALIFICATION_FILE_FIELD, message('prequalification.document'));
      const key = `prequalifications/${clock.now().getUTCFullYear()}/${randomBytes(18).toString('base64url')}`;
      await files.put(key, file.bytes, check.contentType);
      const document = await db.transaction(async (tx) => {
        const repository = prequalificationsRepository(tx);
        let response = await repository.lockResponse(id, supplierId);
        if (response?.status === 'submitted')
          throw new AppError('conflict', message('prequalification.response_submitted'));
        // A first upload starts the draft.
        response ??= await repository.upsertResponse({
          prequalificationId: id,
          organisationId: row.organisationId,
          supplierId,
          categoryIds: [],
          answers: [],
        });
        return repository.insertDocument({
          responseId: response!.id,
          organisationId: row.organisationId,
          supplierId,
          questionKey: question.key,
          fileName: file.fileName.slice(0, 255),
          contentType: check.contentType,
          sizeBytes: file.bytes.length,
          storageKey: key,
          expiresOn: query.expires_on ?? null,
        });
      });
      return documentView(document);
    },

    async openPortalDocument(principal: Principal, id: number, documentId: number) {
      const { supplierId, row } = await invitedExercise(db, principal, id);
      const document = await prequalificationsRepository(db).document(row.organisationId, documentId);
      return openStored(document?.supplierId === supplierId ? document : null);
    },

    async submitResponse(principal: Principal, id: number, ip: string | null) {
      await db.transaction(async (tx) => {
        const { supplierId, row } = await invitedExercise(tx, principal, id);
        assertOpen(row);
        const repository = prequalificationsRepository(tx);
        const response = await repository.lockResponse(id, supplierId);
        if (!response) throw new AppError('conflict', message('prequalification.no_response'));
        if (response.status === 'submitted')
          throw new AppError('conflict', message('prequalification.response_submitted'));
        if (response.categoryIds.length === 0)
          throw fieldError('category_ids', message('prequalification.category'));
        const missing = questionsOf(row.sections)
          .filter((q) => q.mandatory && !response.answers.some((a) => a.key === q.key))
          .map((q) => q.key);
        if (missing.length > 0)
          throw new AppError(
            'validation',
            message('prequalification.incomplete', { questions: missing.join(', ') }),
          );
        if (
          !(await repository.setResponseStatus(response.id, response.status, {
            status: 'submitted',
            submittedAt: clock.now(),
            submittedByUserId: principal.userId,
          }))
        )
          throw new AppError('conflict', message('prequalification.response_submitted'));
        await record(tx, principal, 'prequalification.response_submitted', row.organisationId, ip, {
          prequalification_id: id,
          supplier_id: supplierId,
        });
      });
      return this.portalGet(principal, id);
    },

    async withdrawResponse(principal: Principal, id: number, ip: string | null) {
      await db.transaction(async (tx) => {
        const { supplierId, row } = await invitedExercise(tx, principal, id);
        assertOpen(row);
        const repository = prequalificationsRepository(tx);
        const response = await repository.lockResponse(id, supplierId);
        if (!response || response.status !== 'submitted')
          throw new AppError('conflict', message('prequalification.response_not_submitted'));
        await repository.setResponseStatus(response.id, 'submitted', {
          status: 'withdrawn',
          submittedAt: null,
        });
        await record(tx, principal, 'prequalification.response_withdrawn', row.organisationId, ip, {
          prequalification_id: id,
          supplier_id: supplierId,
        });
      });
      return this.portalGet(principal, id);
    },

    // ---------------------------------------------------------------- job

    /**
     * Daily: documents of submitted responses expiring within 30 days; the supplier's users and the
     * buyer who ran the exercise are told once per document and threshold (the claim row decides).
     */
    async sendExpiryAlerts() {
      const today = eatDay(clock.now());
      let sent = 0;
      for (const threshold of DOCUMENT_EXPIRY_ALERT_DAYS) {
        const until = new Date(Date.parse(`${today}T00:00:00Z`) + threshold * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const due = await prequalificationsRepository(db).documentsToAlert(today, until, threshold);
        for (const item of due) {
          if (!expiryThresholdsReached(item.document.expiresOn!, today).includes(threshold)) continue;
          const mailIds = await db.transaction(async (tx) => {
            if (
              !(await prequalificationsRepository(tx).claimAlert(
                item.document.id,
                item.document.organisationId,
                threshold,
              ))
            )
              return [];
            const users = await prequalificationReads(tx).supplierUsers([item.document.supplierId]);
            const params = {
              title: item.title,
              document: item.document.fileName,
              supplier: item.supplierName,
              expires: item.document.expiresOn!,
            };
            const prequalificationId = await responsePrequalification(tx, item.document.responseId);
            return [
              ...(await notifications.announce(tx, {
                userIds: users.map((u) => u.userId),
                organisationId: item.document.supplierId,
                template: 'prequalification_document_expiring',
                params,
                path: portalPrequalificationPath(prequalificationId),
              })),
              ...(await notifications.announce(tx, {
                userIds: [item.createdByUserId],
                organisationId: item.document.organisationId,
                template: 'prequalification_document_expiring',
                params,
                path: `/app/sourcing/prequalifications/${prequalificationId}`,
              })),
            ];
          });
          if (mailIds.length > 0) sent += 1;
          await notifications.dispatch(mailIds);
        }
      }
      return sent;
    },
  };

  async function responsePrequalification(tx: Executor, responseId: number) {
    const [row] = await prequalificationsRepository(tx).responseById(responseId);
    return row?.prequalificationId ?? 0;
  }

  async function openStored(document: DocumentRow | null) {
    if (!document) throw notFound(message('prequalification.document_not_found'));
    const stream = await files.get(document.storageKey);
    if (!stream) throw notFound(message('prequalification.document_not_found'));
    return {
      fileName: document.fileName,
      size: document.sizeBytes,
      contentType: document.contentType,
      stream,
    };
  }

  return service;
}

function portalResponse(response: ResponseRow, documents: readonly DocumentRow[]) {
  return {
    id: response.id,
    status: response.status,
    category_ids: response.categoryIds,
    answers: domainAnswers(response.answers, documents).map(wireAnswer),
    documents: documents.map(documentView),
    submitted_at: response.submittedAt?.toISOString() ?? null,
  };
}

export type PrequalificationsService = ReturnType<typeof createPrequalificationsService>;

/**
 * The buyer's prequalified suppliers in these categories, approved and valid today (for RFQ invitations):
 * one row per supplier and category, with the result and its end of validity.
 */
export async function prequalifiedSuppliers(
  executor: Executor,
  organisationId: number,
  categoryIds: readonly number[],
  today: string = eatDay(new Date()),
) {
  const { rows } = await prequalificationsRepository(executor).prequalified(organisationId, {
    categoryIds,
    today,
  });
  return rows.map((r) => ({
    supplierId: r.result.supplierId,
    supplierName: r.supplierName,
    categoryId: r.result.categoryId,
    categoryName: r.categoryName,
    score: formatHundredths(r.result.scoreHundredths),
    validUntil: r.result.validUntil!,
    prequalificationId: r.result.prequalificationId,
  }));
}

/**
 * A supplier's prequalification standing at a buyer (for the risk register): every result, newest first,
 * with whether an approval is still valid today.
 */
export async function prequalificationStanding(
  executor: Executor,
  organisationId: number,
  supplierId: number,
  today: string = eatDay(new Date()),
) {
  const rows = await prequalificationsRepository(executor).standing(organisationId, supplierId);
  return rows.map((r) => ({
    prequalificationId: r.result.prequalificationId,
    categoryId: r.result.categoryId,
    categoryName: r.categoryName,
    status: r.result.status,
    score: formatHundredths(r.result.scoreHundredths),
    reasons: r.result.reasons,
    validUntil: r.result.validUntil,
    current: r.result.status === 'approved' && r.result.validUntil !== null && r.result.validUntil >= today,
    decidedAt: r.result.decidedAt,
  }));
}
