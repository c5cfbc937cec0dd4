import { randomBytes } from 'node:crypto';
import {
  message,
  messageWith,
  type AwardForm,
  type MessageKey,
  type QuoteForm,
  type RfqContractForm,
  type RfqForm,
  type RfqView,
  type SavingsReport,
} from '@zabuni/contracts';
import {
  addMonths,
  basisPointsToPercentText,
  closingAfterAddendum,
  committeeProblem,
  compareQuotes,
  decimalTextToMinor,
  formatEat,
  formatMinor,
  hasRole,
  minorToDecimalText,
  nairobiDate,
  percentBasisPoints,
  planAward,
  quantityToThousandths,
  rfqPhase,
  rfqTransition,
  thousandthsToQuantity,
  type AwardAllocation,
  type QuoteInput,
  type RfqAction,
  type RfqLineInput,
  type RfqPhase,
  type Role,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { SecretBox } from '../../../../infra/crypto.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, lineError, notFound } from '../../../../infra/errors.ts';
import { checkDocument } from '../../../../infra/file-types.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { FileStorage } from '../../../../infra/storage.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import type { NumberingService } from '../../../shared/numbering/index.ts';
import type { ContractsService } from '../../contracts/index.ts';
import { purchaseOrderReads, type PurchaseOrdersService } from '../../p2p/purchase-orders/index.ts';
import { prequalifiedSuppliers } from '../prequalifications/index.ts';
import { rfqSubject, type RfqApprovalOutcomes } from './rfqs.approval.ts';
import { rfqsRepository, type RfqLineValues } from './rfqs.repository.ts';
import {
  envelopeHash,
  newOpeningKey,
  openSealed,
  quoteContext,
  rebuildRfqKey,
  sealRfqKey,
  sealTo,
  shareContext,
  unwrapPrivateKey,
  wrapPrivateKey,
} from './rfq-sealing.ts';

/** Who raises, publishes, changes, cancels and awards RFQs. */
export const RFQ_ROLES: readonly Role[] = ['org_admin', 'buyer'];
const SUPPLIER_ROLES: readonly Role[] = ['supplier_admin', 'supplier_user'];
/** Who writes contracts (as the contracts module's CONTRACT_MANAGERS): they may draft one from an award. */
export const CONTRACT_WRITERS: readonly Role[] = ['org_admin', 'contract_manager'];
/** A document sealed inside a quote (base64 in the sealed JSON). */
export const MAX_QUOTE_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const MAX_RFQ_DOCUMENT_BYTES = 10 * 1024 * 1024;

type Repository = ReturnType<typeof rfqsRepository>;
type Found = NonNullable<Awaited<ReturnType<Repository['find']>>>;

/** What the supplier sealed (never stored in clear before the opening). */
interface SealedQuote {
  v: 1;
  rfq_id: number;
  supplier_id: number;
  /** 256 random bits, so the same prices never seal (or hash) alike. */
  salt: string;
  sealed_at: string;
  decline: boolean;
  lines: Array<{ line_no: number; unit_price_minor: number | null }>;
  delivery_days: number | null;
  validity_days: number | null;
  notes: string;
  documents: Array<{ file_name: string; content_base64: string }>;
}

/** The quote as opened and kept (documents moved to file storage). */
interface OpenedQuote extends Omit<SealedQuote, 'documents'> {
  documents: Array<{ file_name: string; size: number; storage_key: string; content_type: string }>;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const supplierGrant = (principal: Principal) => {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
  return grant.organisationId;
};

/**
 * Issue 20, requests for quotations: raised from approved requisition lines or directly, published through
 * the approval engine when a workflow rule applies, quotes sealed to the RFQ key, opened only by the
 * committee's quorum, compared, awarded by line (split across suppliers) through the engine into draft
 * purchase orders, and reported as savings.
 */
export function createRfqsService({
  db,
  audit,
  numbering,
  approvals,
  notifications,
  orders,
  contracts,
  files,
  clock,
  openingBox,
}: {
  db: Db;
  audit: AuditService;
  numbering: NumberingService;
  approvals: ApprovalsService;
  notifications: NotificationsService;
  orders: PurchaseOrdersService;
  /** Issue 22: a contract drafted from the award to one supplier, through the contracts front door. */
  contracts: Pick<ContractsService, 'createFromAward' | 'ofAward'>;
  files: FileStorage;
  clock: Clock;
  /** Keeps a confirmed member's share until the quorum is reached (server secret; shares alone reveal nothing). */
  openingBox: SecretBox;
}) {
  const isProcurement = (principal: Principal, organisationId: number) =>
    hasRole(principal.grants, RFQ_ROLES, organisationId);

  const requireProcurement = (principal: Principal) => {
    const organisationId = currentOrganisation(principal);
    if (!isProcurement(principal, organisationId))
      throw new AppError('forbidden', message('rfq.not_procurement'));
    return organisationId;
  };

  const record = (
    tx: Executor,
    principal: Principal | null,
    action: AuditAction,
    organisationId: number,
    ip: string | null,
    detail: Record<string, unknown>,
  ) => audit.record(tx, { action, actorUserId: principal?.userId ?? null, organisationId, ip, detail });

  async function load(tx: Executor, organisationId: number, id: number) {
    const found = await rfqsRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('rfq.not_found'));
    return found;
  }

  async function locked(tx: Tx, organisationId: number, id: number) {
    if (!(await rfqsRepository(tx).lock(organisationId, id))) throw notFound(message('rfq.not_found'));
    return load(tx, organisationId, id);
  }

  /** The move, or the clear refusal: after closing (409 rfq.closed), before closing, wrong state. */
  function move(found: Found, action: RfqAction) {
    const result = rfqTransition({
      status: found.rfq.status,
      action,
      closingAt: found.rfq.closingAt,
      now: clock.now(),
    });
    if (result.ok) return result;
    const closing = formatEat(found.rfq.closingAt);
    if (result.reason === 'after_closing') throw new AppError('conflict', message('rfq.closed', { closing }));
    if (result.reason === 'before_closing')
      throw new AppError('conflict', message('rfq.not_closed', { closing }));
    throw new AppError('conflict', message('rfq.not_allowed'));
  }

  const phaseOf = (found: Found): RfqPhase => rfqPhase(found.rfq.status, found.rfq.closingAt, clock.now());
  const moneyOf = (currency: string) => (minor: number) => minorToDecimalText(minor, currency);

  function summaryOf(found: Found) {
    const r = found.rfq;
    return {
      id: r.id,
      number: r.number,
      title: r.title,
      status: phaseOf(found),
      currency: r.currency,
      closing_at: r.closingAt.toISOString(),
      department: { id: r.departmentId, name: found.departmentName },
      estimate: minorToDecimalText(Number(found.estimateMinor), r.currency),
      invited: found.invited,
      submitted: found.submitted,
      created_at: r.createdAt.toISOString(),
    };
  }

  /** The form's lines as stored, validated against the organisation's categories, tax rates, requisitions. */
  async function linesOf(tx: Executor, organisationId: number, form: Pick<RfqForm, 'lines' | 'currency'>) {
    const repository = rfqsRepository(tx);
    const categories = await repository.existingCategories([
      ...new Set(form.lines.map((l) => l.category_id)),
    ]);
    const rates = await repository.taxRatesOf(organisationId);
    const defaultRate = rates.find((r) => r.isDefault)?.basisPoints ?? 1600;
    const requisitionLines = await purchaseOrderReads(tx).requisitionLinesAmong(
      organisationId,
      form.lines.flatMap((l) => (l.requisition_line_id ? [l.requisition_line_id] : [])),
      null,
    );
    return form.lines.map((line, index): RfqLineValues => {
      const at = (key: MessageKey) => lineError('lines', index, messageWith(key));
      const price = decimalTextToMinor(line.estimated_unit_price, form.currency);
      if (price === null) throw at('rfq.price');
      if (!categories.includes(line.category_id)) throw at('requisition.category');
      if (line.requisition_line_id) {
        const source = requisitionLines.find((r) => r.line.id === line.requisition_line_id);
        if (!source || source.requisitionStatus !== 'approved' || source.currency !== form.currency)
          throw at('rfq.requisition_line');
      }
      const rate = line.tax_rate_id ? rates.find((r) => r.id === line.tax_rate_id) : undefined;
      if (line.tax_rate_id && !rate) throw at('purchase_order.tax_rate');
      return {
        lineNo: index + 1,
        requisitionLineId: line.requisition_line_id ?? null,
        description: line.description,
        categoryId: line.category_id,
        quantityThousandths: quantityToThousandths(line.quantity)!,
        unit: line.unit,
        estimatedUnitPriceMinor: price,
        taxBasisPoints: rate?.basisPoints ?? defaultRate,
      };
    });
  }

  /** The form's checks beyond its schema: closing ahead, committee, suppliers, department. */
  async function checkForm(tx: Executor, organisationId: number, form: RfqForm) {
    const repository = rfqsRepository(tx);
    if (new Date(form.closing_at).getTime() <= clock.now().getTime())
      throw fieldError('closing_at', message('rfq.closing_past'));
    const committee = [...form.committee];
    const staff = await repository.staffAmong(organisationId, committee);
    if (
      committeeProblem({ memberIds: committee, quorum: form.quorum }) !== null ||
      staff.length !== new Set(committee).size
    )
      throw fieldError('committee', message('rfq.committee'));
    if (form.suppliers.length === 0) throw fieldError('suppliers', message('rfq.no_suppliers'));
    const suppliers = [...new Set(form.suppliers)];
    const listed = await repository.listedSuppliers(organisationId, suppliers);
    if (listed.length !== suppliers.length) throw fieldError('suppliers', message('rfq.supplier'));
    const department = await repository.department(organisationId, form.department_id);
    if (!department?.active) throw fieldError('department_id', message('purchase_order.department'));
    return { committee, suppliers };
  }

  /** Tells every user of these suppliers, by mail and in the portal. */
  async function tellSuppliers(
    tx: Executor,
    found: Found,
    supplierIds: readonly number[],
    mail: 'rfq_invited' | 'rfq_updated' | 'rfq_awarded' | 'rfq_regret',
    closingAt: Date = found.rfq.closingAt,
  ) {
    const reads = purchaseOrderReads(tx);
    const mailIds: number[] = [];
    for (const supplierId of supplierIds) {
      const base = { buyer: found.buyerName, reference: found.rfq.number, title: found.rfq.title };
      mailIds.push(
        ...(await notifications.announce(tx, {
          userIds: await reads.supplierUsers(supplierId),
          organisationId: supplierId,
          ...(mail === 'rfq_invited' || mail === 'rfq_updated'
            ? { template: mail, params: { ...base, closing: formatEat(closingAt) } }
            : { template: mail, params: base }),
          path: `/portal/rfqs/${found.rfq.id}`,
        })),
      );
    }
    return mailIds;
  }

  /**
   * Publication: the RFQ key is made, split among the committee (sealed to each member's opening key) and
   * forgotten; only its public key is kept. The invited suppliers are told.
   */
  async function publishNow(
    tx: Tx,
    principal: Principal | null,
    found: Found,
    from: 'draft' | 'pending_approval',
  ) {
    const repository = rfqsRepository(tx);
    const committee = await repository.committee(found.rfq.id);
    const sealed = await sealRfqKey(
      found.rfq.id,
      found.rfq.quorum,
      committee.map((m) => ({ userId: m.member.userId, openingPublicKey: m.openingPublicKey! })),
    );
    for (const share of sealed.shares)
      await repository.setShare(found.rfq.id, share.userId, share.encryptedShare);
    const changed = await repository.updateWhere(found.rfq.organisationId, found.rfq.id, [from], {
      status: 'published',
      publicKey: sealed.publicKey,
      publishedAt: clock.now(),
    });
    if (!changed) return { changed, mailIds: [] };
    await record(tx, principal, 'rfq.published', found.rfq.organisationId, null, {
      rfq_id: found.rfq.id,
      number: found.rfq.number,
      public_key: sealed.publicKey,
      committee: committee.map((m) => m.member.userId),
      quorum: found.rfq.quorum,
    });
    const invited = (await repository.invitations(found.rfq.id)).map((i) => i.supplierId);
    return { changed, mailIds: await tellSuppliers(tx, found, invited, 'rfq_invited') };
  }

  /** The RFQ's lines and opened quotes as the domain compares them. */
  async function comparisonInputs(tx: Executor, rfqId: number) {
    const repository = rfqsRepository(tx);
    const lines = await repository.lines(rfqId);
    const opened = await repository.openedQuotes(rfqId);
    const input: RfqLineInput[] = lines.map(({ line }) => ({
      lineNo: line.lineNo,
      quantityThousandths: line.quantityThousandths,
      estimatedUnitPriceMinor: line.estimatedUnitPriceMinor,
      taxBasisPoints: line.taxBasisPoints,
    }));
    const quotes: QuoteInput[] = opened.map((quote) => {
      const content = quote.content as OpenedQuote;
      return {
        supplierId: quote.supplierId,
        submittedAt: quote.submittedAt,
        declined: content.decline,
        prices: new Map(content.lines.map((l) => [l.line_no, l.unit_price_minor])),
      };
    });
    return { lines, opened, input, quotes };
  }

  /** The approved award: award lines, one draft purchase order per supplier, every invited supplier told. */
  async function awardNow(
    tx: Tx,
    principal: Principal | null,
    found: Found,
    from: 'opened' | 'award_pending',
  ) {
    const r = found.rfq;
    const repository = rfqsRepository(tx);
    const { lines, input, quotes } = await comparisonInputs(tx, r.id);
    const planned = planAward(input, quotes, r.award ?? []);
    if (!planned.ok) return { changed: false, mailIds: [] };
    const changed = await repository.updateWhere(r.organisationId, r.id, [from], {
      status: 'awarded',
      awardedAt: clock.now(),
    });
    if (!changed) return { changed, mailIds: [] };
    const rates = await repository.taxRatesOf(r.organisationId);
    const created: Array<{ supplierId: number; number: string; id: number }> = [];
    for (const share of planned.plan.suppliers) {
      await repository.insertAwardLines(
        share.lines.map((l) => ({
          rfqId: r.id,
          lineNo: l.lineNo,
          supplierId: share.supplierId,
          quantityThousandths: l.quantityThousandths,
          unitPriceMinor: l.unitPriceMinor,
          netMinor: l.netMinor,
          taxMinor: l.taxMinor,
          estimateNetMinor: l.estimateNetMinor,
        })),
      );
      const order = await orders.createDraftIn(tx, {
        organisationId: r.organisationId,
        createdByUserId: r.awardRequestedByUserId ?? r.createdByUserId,
        source: `rfq:${r.id}`,
        form: {
          supplier_id: share.supplierId,
          justification: `Awarded under ${r.number} (${r.title}).`,
          currency: r.currency,
          delivery_address: `As in ${r.number}`,
          delivery_date: null,
          lines: share.lines.map((awarded) => {
            const line = lines.find(({ line: l }) => l.lineNo === awarded.lineNo)!.line;
            return {
              requisition_line_id: line.requisitionLineId,
              description: line.description,
              category_id: line.categoryId,
              department_id: r.departmentId,
              quantity: thousandthsToQuantity(awarded.quantityThousandths),
              unit: line.unit,
              unit_price: minorToDecimalText(awarded.unitPriceMinor, r.currency),
              tax_rate_id: rates.find((rate) => rate.basisPoints === line.taxBasisPoints)?.id ?? null,
            };
          }),
        },
      });
      await repository.setAwardOrder(r.id, share.supplierId, order.id);
      created.push({ supplierId: share.supplierId, number: order.number, id: order.id });
    }
    await record(tx, principal, 'rfq.awarded', r.organisationId, null, {
      rfq_id: r.id,
      number: r.number,
      net_minor: planned.plan.netMinor,
      estimate_net_minor: planned.plan.estimateNetMinor,
      purchase_orders: created,
    });
    const winners = created.map((c) => c.supplierId);
    const invited = (await repository.invitations(r.id)).map((i) => i.supplierId);
    return {
      changed,
      mailIds: [
        ...(await tellSuppliers(tx, found, winners, 'rfq_awarded')),
        ...(await tellSuppliers(
          tx,
          found,
          invited.filter((id) => !winners.includes(id)),
          'rfq_regret',
        )),
      ],
    };
  }

  /** What the approval engine's end does to an RFQ (see rfqs.approval.ts). */
  const outcomes: RfqApprovalOutcomes = {
    published: (tx, principal, found) => publishNow(tx, principal, found, 'pending_approval'),
    awarded: (tx, principal, found) => awardNow(tx, principal, found, 'award_pending'),
    async sentBack(tx, found, type) {
      return rfqsRepository(tx).updateWhere(
        found.rfq.organisationId,
        found.rfq.id,
        [type === 'rfq' ? 'pending_approval' : 'award_pending'],
        { status: type === 'rfq' ? 'draft' : 'opened' },
      );
    },
  };

  /** Opens the quotes once the quorum's shares are held: the key rebuilt, every envelope checked and opened. */
  async function openNow(tx: Tx, principal: Principal, found: Found, ip: string | null) {
    const r = found.rfq;
    const repository = rfqsRepository(tx);
    const shares = (await repository.heldShares(r.id)).map((held) =>
      Buffer.from(openingBox.open(held), 'base64url'),
    );
    const key = await rebuildRfqKey(r.publicKey!, shares);
    const sealed = await repository.sealedQuotes(r.id);
    const openedAt = clock.now();
    const year = openedAt.getUTCFullYear();
    for (const quote of sealed) {
      // The envelope as stored is the one its receipt names.
      if (envelopeHash(quote.envelope) !== quote.sha256) throw new Error(`quote ${quote.id}: hash mismatch`);
      const content = JSON.parse(
        openSealed(key, quote.envelope, quoteContext(r.id, quote.supplierId)).toString('utf8'),
      ) as SealedQuote;
      const documents: OpenedQuote['documents'] = [];
      for (const document of content.documents) {
        const bytes = Buffer.from(document.content_base64, 'base64');
        const check = checkDocument(document.file_name, bytes);
        const storageKey = `rfq-quotes/${year}/${randomBytes(18).toString('base64url')}`;
        const contentType = check.ok ? check.contentType : 'application/octet-stream';
        await files.put(storageKey, bytes, contentType);
        documents.push({
          file_name: document.file_name,
          size: bytes.length,
          storage_key: storageKey,
          content_type: contentType,
        });
      }
      await repository.setOpened(quote.id, { ...content, documents } satisfies OpenedQuote);
    }
    await repository.dropHeldShares(r.id);
    if (
      !(await repository.updateWhere(r.organisationId, r.id, ['published'], { status: 'opened', openedAt }))
    )
      throw new AppError('conflict', message('rfq.conflict'));
    const opened = { ...found, rfq: { ...r, status: 'opened' as const, openedAt } };
    await record(tx, principal, 'rfq.opened', r.organisationId, ip, await openingRecordOf(tx, opened));
  }

  async function openingRecordOf(tx: Executor, found: Found) {
    const repository = rfqsRepository(tx);
    const committee = await repository.committee(found.rfq.id);
    const submissions = await repository.submissions(found.rfq.id);
    return {
      rfq: { id: found.rfq.id, number: found.rfq.number, title: found.rfq.title },
      closing_at: found.rfq.closingAt.toISOString(),
      opened_at: iso(found.rfq.openedAt),
      quorum: found.rfq.quorum,
      committee: committee.map((m) => ({
        id: m.member.userId,
        name: `${m.firstName} ${m.lastName}`,
        confirmed_at: iso(m.member.confirmedAt),
      })),
      quotes: submissions.map((s) => ({
        supplier: { id: s.supplierId, name: s.supplierName },
        sha256: s.sha256,
        version: s.version,
        submitted_at: s.submittedAt.toISOString(),
      })),
    };
  }

  const isOpened = (found: Found) => ['opened', 'award_pending', 'awarded'].includes(found.rfq.status);

  async function quoteValidated(
    tx: Executor,
    found: Found,
    supplierId: number,
    form: QuoteForm,
  ): Promise<SealedQuote> {
    const lines = await rfqsRepository(tx).lines(found.rfq.id);
    const priced: SealedQuote['lines'] = [];
    if (!form.decline) {
      for (const { line } of lines) {
        const given = form.lines.filter((l) => l.line_no === line.lineNo);
        if (given.length !== 1) throw fieldError('lines', message('rfq.quote_line', { line: line.lineNo }));
        const text = given[0]!.unit_price;
        if (text === null || text.trim() === '') {
          priced.push({ line_no: line.lineNo, unit_price_minor: null });
          continue;
        }
        const minor = decimalTextToMinor(text, found.rfq.currency);
        if (minor === null) throw fieldError('lines', message('rfq.quote_line', { line: line.lineNo }));
        priced.push({ line_no: line.lineNo, unit_price_minor: minor });
      }
      const unknown = form.lines.find((l) => !lines.some(({ line }) => line.lineNo === l.line_no));
      if (unknown) throw fieldError('lines', message('rfq.quote_line', { line: unknown.line_no }));
    }
    for (const document of form.documents) {
      const bytes = Buffer.from(document.content_base64, 'base64');
      if (bytes.length > MAX_QUOTE_DOCUMENT_BYTES || !checkDocument(document.file_name, bytes).ok)
        throw fieldError('documents', message('rfq.document'));
    }
    return {
      v: 1,
      rfq_id: found.rfq.id,
      supplier_id: supplierId,
      salt: randomBytes(32).toString('base64url'),
      sealed_at: clock.now().toISOString(),
      decline: form.decline,
      lines: priced,
      delivery_days: form.decline ? null : form.delivery_days,
      validity_days: form.decline ? null : form.validity_days,
      notes: form.notes,
      documents: form.documents,
    };
  }

  /** The portal's RFQ: found only for an invited supplier, from publication on. */
  async function forSupplier(tx: Executor, principal: Principal, id: number) {
    const supplierId = supplierGrant(principal);
    const organisationId = currentOrganisation(principal);
    const found = await rfqsRepository(tx).find(organisationId, id);
    if (
      !found ||
      ['draft', 'pending_approval', 'cancelled'].includes(found.rfq.status) ||
      !(await rfqsRepository(tx).isInvited(id, supplierId))
    )
      throw notFound(message('rfq.not_found'));
    return { found, supplierId };
  }

  const questionView = (q: Awaited<ReturnType<Repository['questions']>>[number]) => ({
    id: q.id,
    question: q.question,
    answer: q.answer,
    asked_at: q.createdAt.toISOString(),
    answered_at: iso(q.answeredAt),
  });
  const addendumView = (a: Awaited<ReturnType<Repository['addenda']>>[number]) => ({
    id: a.id,
    note: a.note,
    changes_lines: a.changesLines,
    closing_before: a.closingBefore.toISOString(),
    closing_after: a.closingAfter.toISOString(),
    created_at: a.createdAt.toISOString(),
  });
  const linesView = (lines: Awaited<ReturnType<Repository['lines']>>, currency: string) =>
    lines.map(({ line, categoryName }) => ({
      line_no: line.lineNo,
      requisition_line_id: line.requisitionLineId,
      description: line.description,
      category: { id: line.categoryId, name: categoryName },
      quantity: thousandthsToQuantity(line.quantityThousandths),
      unit: line.unit,
      estimated_unit_price: minorToDecimalText(line.estimatedUnitPriceMinor, currency),
      tax_rate: (line.taxBasisPoints / 100).toFixed(2),
    }));

  return {
    async list(principal: Principal, filter: { status?: RfqPhase; search?: string }, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const now = clock.now();
      const status = filter.status === 'closed' ? 'published' : filter.status;
      const { count, rows } = await rfqsRepository(db).list(
        organisationId,
        {
          status,
          ...(filter.status === 'closed' ? { closedBefore: now } : {}),
          ...(filter.status === 'published' ? { openAfter: now } : {}),
          search: filter.search,
        },
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(summaryOf) };
    },

    async get(principal: Principal, id: number): Promise<RfqView> {
      const organisationId = currentOrganisation(principal);
      const repository = rfqsRepository(db);
      const found = await load(db, organisationId, id);
      const r = found.rfq;
      const money = moneyOf(r.currency);
      const [lines, invitations, committee, questions, addenda, documents, awardLines, drafted] =
        await Promise.all([
          repository.lines(id),
          repository.invitations(id),
          repository.committee(id),
          repository.questions(id),
          repository.addenda(id),
          repository.documents(id),
          repository.awardLines(id),
          r.status === 'awarded' ? contracts.ofAward(organisationId, 'rfq_award', id) : [],
        ]);
      const opened = isOpened(found) ? await repository.openedQuotes(id) : null;
      const approvalType = r.status === 'award_pending' ? 'rfq_award' : 'rfq';
      const subject = await rfqSubject(db, approvalType, found);
      const approval = await approvals.view(db, principal, approvalType, subject);
      const procurement = isProcurement(principal, organisationId);
      const phase = phaseOf(found);
      const member = committee.find((m) => m.member.userId === principal.userId);
      const actions = [
        ...(procurement && r.status === 'draft' ? ['edit', 'publish', 'cancel'] : []),
        ...(procurement && phase === 'published' ? ['addendum', 'answer', 'document', 'cancel'] : []),
        ...(member && phase === 'closed' && !member.member.confirmedAt ? ['confirm_opening'] : []),
        ...(procurement && r.status === 'opened' ? ['award', 'cancel'] : []),
        ...(approval?.waiting_for_me && subject.pending ? ['approve', 'reject'] : []),
        ...(r.status === 'awarded' && hasRole(principal.grants, CONTRACT_WRITERS, organisationId)
          ? ['draft_contract']
          : []),
      ];
      return {
        ...summaryOf(found),
        terms: r.terms,
        quorum: r.quorum,
        created_by: { id: r.createdByUserId, name: `${found.creatorFirstName} ${found.creatorLastName}` },
        published_at: iso(r.publishedAt),
        opened_at: iso(r.openedAt),
        awarded_at: iso(r.awardedAt),
        lines: linesView(lines, r.currency),
        // Who submitted and when: the only thing anyone sees of a quote before the opening.
        suppliers: invitations.map((i) => ({
          id: i.supplierId,
          name: i.name,
          submitted_at: iso(i.submittedAt),
          version: i.version,
        })),
        committee: committee.map((m) => ({
          id: m.member.userId,
          name: `${m.firstName} ${m.lastName}`,
          has_opening_key: m.openingPublicKey !== null,
          confirmed_at: iso(m.member.confirmedAt),
        })),
        questions: questions.map(questionView),
        addenda: addenda.map(addendumView),
        documents: documents.map((d) => ({ id: d.id, file_name: d.fileName, size: d.size })),
        quotes:
          opened?.map((quote) => {
            const content = quote.content as OpenedQuote;
            return {
              supplier: { id: quote.supplierId, name: quote.supplierName },
              sha256: quote.sha256,
              submitted_at: quote.submittedAt.toISOString(),
              declined: content.decline,
              delivery_days: content.delivery_days,
              validity_days: content.validity_days,
              notes: content.notes,
              lines: content.lines.map((l) => ({
                line_no: l.line_no,
                unit_price: l.unit_price_minor === null ? null : money(l.unit_price_minor),
              })),
              documents: content.documents.map((d, index) => ({
                index,
                file_name: d.file_name,
                size: d.size,
              })),
            };
          }) ?? null,
        award: awardLines.map(({ line, supplierName, orderNumber }) => ({
          line_no: line.lineNo,
          supplier: { id: line.supplierId, name: supplierName },
          quantity: thousandthsToQuantity(line.quantityThousandths),
          unit_price: money(line.unitPriceMinor),
          net: money(line.netMinor),
          tax: money(line.taxMinor),
          purchase_order:
            line.purchaseOrderId === null ? null : { id: line.purchaseOrderId, number: orderNumber! },
        })),
        proposed_award:
          r.status === 'award_pending' && r.award
            ? r.award.map((a) => ({
                line_no: a.lineNo,
                supplier_id: a.supplierId,
                quantity: thousandthsToQuantity(a.quantityThousandths),
              }))
            : null,
        contracts: drafted,
        approval,
        actions,
      };
    },

    /**
     * Issue 22: a draft contract with one awarded supplier, from a template of the organisation, its merge
     * fields filled from the award (parties, value with tax, the awarded items, the term, the award order's
     * payment terms) and linked to the award; one per supplier. The contracts module checks the writer.
     */
    async draftContract(
      principal: Principal,
      id: number,
      form: Pick<RfqContractForm, 'supplier_id' | 'template_id'> &
        Partial<Pick<RfqContractForm, 'start_date' | 'end_date'>>,
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const repository = rfqsRepository(db);
      const found = await load(db, organisationId, id);
      const r = found.rfq;
      if (r.status !== 'awarded') throw new AppError('conflict', message('rfq.not_awarded'));
      const awarded = (await repository.awardLines(id)).filter(
        ({ line }) => line.supplierId === form.supplier_id,
      );
      if (awarded.length === 0) throw fieldError('supplier_id', message('rfq.contract_supplier'));
      const exists = (number: string) => new AppError('conflict', message('rfq.contract_exists', { number }));
      const existing = (await contracts.ofAward(organisationId, 'rfq_award', id)).find(
        (c) => c.supplier_id === form.supplier_id,
      );
      if (existing) throw exists(existing.number);
      const lines = await repository.lines(id);
      const orderId = awarded.find(({ line }) => line.purchaseOrderId !== null)?.line.purchaseOrderId ?? null;
      const order = orderId === null ? null : await purchaseOrderReads(db).find(organisationId, orderId);
      const days = order?.order.paymentTermsDays ?? 30;
      const startDate = form.start_date ?? nairobiDate(clock.now());
      const endDate =
        form.end_date ??
        addMonths(new Date(`${startDate}T00:00:00Z`), 12)
          .toISOString()
          .slice(0, 10);
      // The term as the contract will hold it: a year after a start late in 9999 is no date, and an end given
      // alone may fall before today's start (the form checks the order only when both are given).
      if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) throw fieldError('end_date', message('contract.date'));
      if (endDate < startDate) throw fieldError('end_date', message('contract.end_before_start'));
      const supplierName = awarded[0]!.supplierName;
      const stored = (lineNo: number) => lines.find(({ line }) => line.lineNo === lineNo)!.line;
      return contracts.createFromAward(
        principal,
        {
          type: 'rfq_award',
          id,
          title: `${r.title} — ${supplierName} (${r.number})`,
          supplierId: form.supplier_id,
          templateId: form.template_id,
          valueMinor: awarded.reduce((sum, { line }) => sum + line.netMinor + line.taxMinor, 0),
          currency: r.currency,
          startDate,
          endDate,
          paymentTerms: `Payment within ${days} days of a correct invoice.`,
          departmentId: r.departmentId,
          categoryId: stored(awarded[0]!.line.lineNo).categoryId,
          items: awarded.map(({ line }) => ({
            description: stored(line.lineNo).description,
            quantity: thousandthsToQuantity(line.quantityThousandths),
            unit: stored(line.lineNo).unit,
            unitPrice: formatMinor(line.unitPriceMinor, r.currency),
            net: formatMinor(line.netMinor, r.currency),
          })),
          // Checked again by the contracts module under a lock: two drafts at once make one contract.
          exists,
        },
        ip,
      );
    },

    async create(principal: Principal, form: RfqForm, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const id = await db.transaction(async (tx) => {
        const { committee, suppliers } = await checkForm(tx, organisationId, form);
        const lines = await linesOf(tx, organisationId, form);
        const repository = rfqsRepository(tx);
        const number = await numbering.next(tx, organisationId, 'rfq');
        const id = await repository.insert({
          organisationId,
          number,
          title: form.title,
          currency: form.currency,
          closingAt: new Date(form.closing_at),
          terms: form.terms,
          departmentId: form.department_id,
          quorum: form.quorum,
          createdByUserId: principal.userId,
        });
        await repository.replaceLines(id, lines);
        await repository.replaceInvitations(id, suppliers);
        await repository.replaceCommittee(id, committee);
        await record(tx, principal, 'rfq.created', organisationId, ip, { rfq_id: id, number });
        return id;
      });
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, form: RfqForm, ip: string | null) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'edit');
        const { committee, suppliers } = await checkForm(tx, organisationId, form);
        const lines = await linesOf(tx, organisationId, form);
        const repository = rfqsRepository(tx);
        if (
          !(await repository.updateWhere(organisationId, id, ['draft'], {
            title: form.title,
            currency: form.currency,
            closingAt: new Date(form.closing_at),
            terms: form.terms,
            departmentId: form.department_id,
            quorum: form.quorum,
          }))
        )
          throw new AppError('conflict', message('rfq.conflict'));
        await repository.replaceLines(id, lines);
        await repository.replaceInvitations(id, suppliers);
        await repository.replaceCommittee(id, committee);
        await record(tx, principal, 'rfq.updated', organisationId, ip, { rfq_id: id });
      });
      return this.get(principal, id);
    },

    /**
     * Publishes a draft: through the approval engine when a workflow rule for RFQs applies (the key is then
     * made at the final approval), at once otherwise. Every committee member needs an opening key first.
     */
    async publish(principal: Principal, id: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'publish');
        if (found.rfq.closingAt.getTime() <= clock.now().getTime())
          throw fieldError('closing_at', message('rfq.closing_past'));
        const committee = await rfqsRepository(tx).committee(id);
        const keyless = committee.filter((m) => m.openingPublicKey === null);
        if (keyless.length > 0)
          throw new AppError(
            'validation',
            message('rfq.committee_without_key', {
              names: keyless.map((m) => `${m.firstName} ${m.lastName}`).join(', '),
            }),
          );
        const subject = await rfqSubject(tx, 'rfq', found);
        const asked = await approvals.startRound(tx, 'rfq', subject);
        if (asked !== null) {
          if (
            !(await rfqsRepository(tx).updateWhere(organisationId, id, ['draft'], {
              status: 'pending_approval',
            }))
          )
            throw new AppError('conflict', message('rfq.conflict'));
          await record(tx, principal, 'rfq.submitted', organisationId, ip, { rfq_id: id });
          return asked;
        }
        const published = await publishNow(tx, principal, found, 'draft');
        if (!published.changed) throw new AppError('conflict', message('rfq.conflict'));
        return published.mailIds;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** An approver's decision on the publication or the award, whichever is waiting. */
    async decide(
      principal: Principal,
      id: number,
      kind: 'approved' | 'rejected',
      body: { comment?: string },
      ip: string | null,
    ) {
      const found = await load(db, currentOrganisation(principal), id);
      const type = found.rfq.status === 'award_pending' ? 'rfq_award' : 'rfq';
      await approvals.decide(principal, type, id, kind, body, ip);
      return this.get(principal, id);
    },

    async cancel(principal: Principal, id: number, reason: string, ip: string | null) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const transition = move(found, 'cancel');
        if (
          !(await rfqsRepository(tx).updateWhere(organisationId, id, [transition.from], {
            status: 'cancelled',
            cancelledAt: clock.now(),
          }))
        )
          throw new AppError('conflict', message('rfq.conflict'));
        // A confirmed member's share is held only until the opening; a cancelled RFQ never opens.
        await rfqsRepository(tx).dropHeldShares(id);
        await record(tx, principal, 'rfq.cancelled', organisationId, ip, { rfq_id: id, reason });
      });
      return this.get(principal, id);
    },

    /** The buyer answers a question; the answer goes to every invited supplier, nobody named. */
    async answer(principal: Principal, id: number, questionId: number, answer: string, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'answer_question');
        const repository = rfqsRepository(tx);
        if (!(await repository.answer(id, questionId, answer, principal.userId, clock.now())))
          throw notFound(message('rfq.question_not_found'));
        await record(tx, principal, 'rfq.question_answered', organisationId, ip, {
          rfq_id: id,
          question_id: questionId,
        });
        const invited = (await repository.invitations(id)).map((i) => i.supplierId);
        return tellSuppliers(tx, found, invited, 'rfq_updated');
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** An addendum before closing; new lines move the closing at least 72 hours from now. */
    async addendum(
      principal: Principal,
      id: number,
      form: { note: string; lines?: RfqForm['lines']; closing_at?: string },
      ip: string | null,
    ) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'addendum');
        const repository = rfqsRepository(tx);
        const changesLines = form.lines !== undefined;
        if (changesLines)
          await repository.replaceLines(
            id,
            await linesOf(tx, organisationId, { lines: form.lines!, currency: found.rfq.currency }),
          );
        const closingAt = closingAfterAddendum({
          closingAt: found.rfq.closingAt,
          now: clock.now(),
          changesLines,
          requestedClosingAt: form.closing_at ? new Date(form.closing_at) : null,
        });
        if (!(await repository.updateWhere(organisationId, id, ['published'], { closingAt })))
          throw new AppError('conflict', message('rfq.conflict'));
        await repository.insertAddendum({
          rfqId: id,
          note: form.note,
          changesLines,
          closingBefore: found.rfq.closingAt,
          closingAfter: closingAt,
          createdByUserId: principal.userId,
        });
        await record(tx, principal, 'rfq.addendum', organisationId, ip, {
          rfq_id: id,
          changes_lines: changesLines,
          closing_before: found.rfq.closingAt.toISOString(),
          closing_after: closingAt.toISOString(),
        });
        const invited = (await repository.invitations(id)).map((i) => i.supplierId);
        return tellSuppliers(tx, found, invited, 'rfq_updated', closingAt);
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /**
     * A committee member confirms the opening with their passphrase, at or after closing. Their share is
     * released and held; when the quorum has confirmed, the quotes are opened in the same transaction.
     * The passphrase is tried (scrypt) before the transaction and the row lock, so guesses never hold the
     * RFQ locked; the route limits the attempts, and a refused passphrase is audited.
     */
    async confirmOpening(principal: Principal, id: number, passphrase: string, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const before = await load(db, organisationId, id);
      const member = (await rfqsRepository(db).committee(id)).find(
        (m) => m.member.userId === principal.userId,
      );
      if (!member) throw new AppError('forbidden', message('rfq.not_committee'));
      move(before, 'confirm_opening');
      if (member.member.confirmedAt) throw new AppError('conflict', message('rfq.already_confirmed'));
      const key = await rfqsRepository(db).openingKey(principal.userId);
      if (!key) throw new AppError('validation', message('opening_key.missing'));
      const personal = await unwrapPrivateKey(key.wrappedPrivateKey, key.publicKey, passphrase);
      let share: Buffer | null = null;
      if (personal) {
        try {
          share = openSealed(personal, member.member.encryptedShare!, shareContext(id, principal.userId));
        } catch {
          // The member's key changed after publication: this share cannot be opened with it.
        }
      }
      if (!share) {
        await record(db, principal, 'rfq.opening_refused', organisationId, ip, { rfq_id: id });
        throw fieldError('passphrase', message('rfq.wrong_passphrase'));
      }
      const held = openingBox.seal(share.toString('base64url'));
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const repository = rfqsRepository(tx);
        // Checked again under the lock: the state may have moved while the passphrase was tried.
        const committee = await repository.committee(id);
        const current = committee.find((m) => m.member.userId === principal.userId);
        if (!current) throw new AppError('forbidden', message('rfq.not_committee'));
        move(found, 'confirm_opening');
        if (
          current.member.confirmedAt ||
          !(await repository.confirm(id, principal.userId, held, clock.now()))
        )
          throw new AppError('conflict', message('rfq.already_confirmed'));
        await record(tx, principal, 'rfq.opening_confirmed', organisationId, ip, { rfq_id: id });
        const confirmed = committee.filter((m) => m.member.confirmedAt !== null).length + 1;
        if (confirmed >= found.rfq.quorum) await openNow(tx, principal, found, ip);
      });
      return this.get(principal, id);
    },

    async openingRecord(principal: Principal, id: number) {
      const found = await load(db, currentOrganisation(principal), id);
      return openingRecordOf(db, found);
    },

    /** Per line every quote ranked with the lowest marked, totals with tax, savings: after the opening only. */
    async comparison(principal: Principal, id: number) {
      const found = await load(db, currentOrganisation(principal), id);
      if (!isOpened(found)) throw new AppError('conflict', message('rfq.sealed'));
      const r = found.rfq;
      const money = moneyOf(r.currency);
      const { lines, opened, input, quotes } = await comparisonInputs(db, id);
      const compared = compareQuotes(input, quotes);
      const nameOf = (supplierId: number) => ({
        id: supplierId,
        name: opened.find((q) => q.supplierId === supplierId)!.supplierName,
      });
      const percent = (bp: number | null) => (bp === null ? null : basisPointsToPercentText(bp));
      return {
        rfq: { id: r.id, number: r.number, currency: r.currency },
        lines: compared.lines.map((line) => {
          const source = lines.find(({ line: l }) => l.lineNo === line.lineNo)!.line;
          return {
            line_no: line.lineNo,
            description: source.description,
            quantity: thousandthsToQuantity(source.quantityThousandths),
            unit: source.unit,
            estimate: money(line.estimateNetMinor),
            quotes: line.ranked.map((q) => ({
              supplier: nameOf(q.supplierId),
              unit_price: money(q.unitPriceMinor),
              net: money(q.netMinor),
              tax: money(q.taxMinor),
              rank: q.rank,
              lowest: q.lowest,
            })),
            declined_by: line.declinedBy.map(nameOf),
            average: line.averageNetMinor === null ? null : money(line.averageNetMinor),
            highest: line.highestNetMinor === null ? null : money(line.highestNetMinor),
          };
        }),
        suppliers: compared.suppliers.map((s) => {
          const content = opened.find((q) => q.supplierId === s.supplierId)!.content as OpenedQuote;
          return {
            supplier: nameOf(s.supplierId),
            declined: s.declined,
            complete: s.complete,
            lines_quoted: s.linesQuoted,
            net: money(s.netMinor),
            tax: money(s.taxMinor),
            total: money(s.totalMinor),
            rank: s.rank,
            delivery_days: content.delivery_days,
            validity_days: content.validity_days,
          };
        }),
        overall_lowest:
          compared.overallLowestSupplierId === null ? null : nameOf(compared.overallLowestSupplierId),
        estimate: {
          net: money(compared.estimate.netMinor),
          tax: money(compared.estimate.taxMinor),
          total: money(compared.estimate.totalMinor),
        },
        best_net: money(compared.bestNetMinor),
        savings_vs_estimate: {
          amount: money(compared.savingsVsEstimate.amountMinor),
          percent: percent(compared.savingsVsEstimate.basisPoints),
        },
        savings_vs_average: {
          amount: money(compared.savingsVsAverage.amountMinor),
          percent: percent(compared.savingsVsAverage.basisPoints),
        },
        savings_vs_highest: {
          amount: money(compared.savingsVsHighest.amountMinor),
          percent: percent(compared.savingsVsHighest.basisPoints),
        },
      };
    },

    /**
     * Proposes the split award: through the approval engine when a workflow rule for RFQ awards applies
     * (awarded at the final approval), at once otherwise.
     */
    async award(principal: Principal, id: number, form: AwardForm, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'award');
        const { input, quotes } = await comparisonInputs(tx, id);
        const allocations: AwardAllocation[] = form.allocations.map((a) => ({
          lineNo: a.line_no,
          supplierId: a.supplier_id,
          quantityThousandths: quantityToThousandths(a.quantity)!,
        }));
        const planned = planAward(input, quotes, allocations);
        if (!planned.ok) {
          const p = planned.problem;
          if (p.kind === 'empty') throw fieldError('allocations', message('rfq.award_empty'));
          if (p.kind === 'over_quantity')
            throw fieldError('allocations', message('rfq.award_over_quantity', { line: p.lineNo }));
          const key = {
            unknown_line: 'rfq.award_line',
            quantity: 'rfq.award_quantity',
            not_quoted: 'rfq.award_not_quoted',
            duplicate: 'rfq.award_duplicate',
          } as const satisfies Record<string, MessageKey>;
          throw lineError('allocations', p.index, messageWith(key[p.kind], { line: p.index + 1 }));
        }
        const repository = rfqsRepository(tx);
        if (
          !(await repository.updateWhere(organisationId, id, ['opened'], {
            award: allocations,
            awardRequestedByUserId: principal.userId,
          }))
        )
          throw new AppError('conflict', message('rfq.conflict'));
        await record(tx, principal, 'rfq.award_proposed', organisationId, ip, {
          rfq_id: id,
          net_minor: planned.plan.netMinor,
          suppliers: planned.plan.suppliers.map((s) => s.supplierId),
        });
        const current = await load(tx, organisationId, id);
        const asked = await approvals.startRound(tx, 'rfq_award', await rfqSubject(tx, 'rfq_award', current));
        if (asked !== null) {
          if (!(await repository.updateWhere(organisationId, id, ['opened'], { status: 'award_pending' })))
            throw new AppError('conflict', message('rfq.conflict'));
          return asked;
        }
        const awarded = await awardNow(tx, principal, current, 'opened');
        if (!awarded.changed) throw new AppError('conflict', message('rfq.conflict'));
        return awarded.mailIds;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** Savings of awarded RFQs per RFQ, category, month (EAT) and department, in each RFQ's currency. */
    async savings(principal: Principal, range: { from?: string; to?: string }): Promise<SavingsReport> {
      const organisationId = currentOrganisation(principal);
      // Months in East Africa Time (UTC+3).
      const monthStart = (text: string) => new Date(`${text}-01T00:00:00+03:00`);
      const nextMonth = (text: string) => {
        const [y, m] = text.split('-').map(Number) as [number, number];
        return monthStart(m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`);
      };
      const rows = await rfqsRepository(db).savingsRows(
        organisationId,
        range.from ? monthStart(range.from) : null,
        range.to ? nextMonth(range.to) : null,
      );
      type Bucket = { estimate: number; awarded: number; rfqs: Map<number, number>; currency: string };
      const group = <K>(keyOf: (row: (typeof rows)[number]) => K, idOf: (key: K) => string) => {
        const buckets = new Map<string, { key: K; bucket: Bucket }>();
        for (const row of rows) {
          const key = keyOf(row);
          const id = `${idOf(key)}|${row.currency}`;
          const entry = buckets.get(id) ?? {
            key,
            bucket: { estimate: 0, awarded: 0, rfqs: new Map(), currency: row.currency },
          };
          entry.bucket.estimate += row.estimateNetMinor;
          entry.bucket.awarded += row.netMinor;
          entry.bucket.rfqs.set(row.rfqId, row.quotes);
          buckets.set(id, entry);
        }
        return [...buckets.values()].map(({ key, bucket }) => {
          const money = moneyOf(bucket.currency);
          const bp = percentBasisPoints(bucket.estimate - bucket.awarded, bucket.estimate);
          return {
            key,
            currency: bucket.currency,
            estimate: money(bucket.estimate),
            awarded: money(bucket.awarded),
            savings: money(bucket.estimate - bucket.awarded),
            savings_percent: bp === null ? null : basisPointsToPercentText(bp),
            quotes: [...bucket.rfqs.values()].reduce((sum, n) => sum + n, 0),
          };
        });
      };
      const eatMonth = (at: Date | null) =>
        new Date((at ?? new Date(0)).getTime() + 3 * 3_600_000).toISOString().slice(0, 7);
      return {
        currency_note:
          'Amounts are net of tax, in each RFQ’s currency; savings are against the estimate of the quantities awarded.',
        by_rfq: group(
          (row) => ({ id: row.rfqId, number: row.number, title: row.title }),
          (k) => String(k.id),
        ).map(({ key, ...figures }) => ({ rfq: key, ...figures })),
        by_category: group(
          (row) => ({ id: row.categoryId, name: row.categoryName }),
          (k) => String(k.id),
        ).map(({ key, ...figures }) => ({ category: key, ...figures })),
        by_month: group(
          (row) => eatMonth(row.awardedAt),
          (k) => k,
        ).map(({ key, ...figures }) => ({ month: key, ...figures })),
        by_department: group(
          (row) => ({ id: row.departmentId, name: row.departmentName }),
          (k) => String(k.id),
        ).map(({ key, ...figures }) => ({ department: key, ...figures })),
      };
    },

    /** The report as CSV (one row per grouping and key). */
    savingsCsv(report: SavingsReport): string {
      const cell = (value: string | number | null) => {
        const text = value === null ? '' : String(value);
        // Formula injection: a cell a spreadsheet would evaluate is quoted as text.
        const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
        return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      };
      const rows = [
        [
          'grouping',
          'key',
          'name',
          'currency',
          'estimate',
          'awarded',
          'savings',
          'savings_percent',
          'quotes',
        ],
        ...report.by_rfq.map((r) => [
          'rfq',
          r.rfq.number,
          r.rfq.title,
          r.currency,
          r.estimate,
          r.awarded,
          r.savings,
          r.savings_percent,
          r.quotes,
        ]),
        ...report.by_category.map((r) => [
          'category',
          r.category.id,
          r.category.name,
          r.currency,
          r.estimate,
          r.awarded,
          r.savings,
          r.savings_percent,
          r.quotes,
        ]),
        ...report.by_month.map((r) => [
          'month',
          r.month,
          r.month,
          r.currency,
          r.estimate,
          r.awarded,
          r.savings,
          r.savings_percent,
          r.quotes,
        ]),
        ...report.by_department.map((r) => [
          'department',
          r.department.id,
          r.department.name,
          r.currency,
          r.estimate,
          r.awarded,
          r.savings,
          r.savings_percent,
          r.quotes,
        ]),
      ];
      return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
    },

    async addDocument(
      principal: Principal,
      id: number,
      file: { fileName: string; bytes: Buffer },
      ip: string | null,
    ) {
      const organisationId = requireProcurement(principal);
      const found = await load(db, organisationId, id);
      if (!['draft', 'pending_approval'].includes(found.rfq.status)) move(found, 'addendum');
      const check = checkDocument(file.fileName, file.bytes);
      if (!check.ok || file.bytes.length > MAX_RFQ_DOCUMENT_BYTES)
        throw fieldError('file', message('rfq.document'));
      const storageKey = `rfq-documents/${clock.now().getUTCFullYear()}/${randomBytes(18).toString('base64url')}`;
      await files.put(storageKey, file.bytes, check.contentType);
      await db.transaction(async (tx) => {
        await rfqsRepository(tx).insertDocument({
          rfqId: id,
          fileName: file.fileName.slice(0, 200),
          storageKey,
          contentType: check.contentType,
          size: file.bytes.length,
        });
        await record(tx, principal, 'rfq.document_added', organisationId, ip, {
          rfq_id: id,
          file_name: file.fileName,
        });
      });
      return this.get(principal, id);
    },

    /** A buyer's document: for the buyer's staff, or (`asSupplier`) an invited supplier. */
    async openDocument(principal: Principal, id: number, documentId: number, asSupplier = false) {
      if (asSupplier) await forSupplier(db, principal, id);
      else await load(db, currentOrganisation(principal), id);
      const document = await rfqsRepository(db).document(id, documentId);
      const stream = document ? await files.get(document.storageKey) : null;
      if (!document || !stream) throw notFound(message('attachment.not_found'));
      return { fileName: document.fileName, size: document.size, stream };
    },

    /** A document a supplier sealed with its quote: readable only after the opening. */
    async openQuoteDocument(principal: Principal, id: number, supplierId: number, index: number) {
      const found = await load(db, currentOrganisation(principal), id);
      if (!isOpened(found)) throw new AppError('conflict', message('rfq.sealed'));
      const quote = (await rfqsRepository(db).openedQuotes(id)).find((q) => q.supplierId === supplierId);
      const document = (quote?.content as OpenedQuote | undefined)?.documents[index];
      const stream = document ? await files.get(document.storage_key) : null;
      if (!document || !stream) throw notFound(message('attachment.not_found'));
      return { fileName: document.file_name, size: document.size, stream };
    },

    /**
     * Whom an RFQ may invite: every active supplier on the buyer's list, with those prequalified (approved
     * and still valid) in the given categories marked, from the prequalification module's list.
     */
    async invitableSuppliers(principal: Principal, categoryIds: readonly number[]) {
      const organisationId = currentOrganisation(principal);
      const listed = await rfqsRepository(db).allListedSuppliers(organisationId);
      const prequalified = categoryIds.length
        ? await prequalifiedSuppliers(db, organisationId, categoryIds)
        : [];
      return {
        results: listed.map((supplier) => {
          const categories = prequalified
            .filter((p) => p.supplierId === supplier.id)
            .map((p) => ({ id: p.categoryId, name: p.categoryName, valid_until: p.validUntil }));
          return { id: supplier.id, name: supplier.name, prequalified: categories.length > 0, categories };
        }),
      };
    },

    async openingKeyStatus(principal: Principal) {
      const key = await rfqsRepository(db).openingKey(principal.userId);
      return { has_key: key !== null, created_at: iso(key?.createdAt ?? null) };
    },

    /**
     * Sets the caller's opening passphrase: a new key pair the first time; afterwards the same key re-wrapped
     * under the new passphrase (its shares of published RFQs stay readable), which needs the current one.
     */
    async setOpeningKey(
      principal: Principal,
      form: { passphrase: string; current_passphrase?: string },
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const repository = rfqsRepository(db);
      const existing = await repository.openingKey(principal.userId);
      const refused = async () => {
        await record(db, principal, 'opening_key.refused', organisationId, ip, {});
        return fieldError('current_passphrase', message('opening_key.current'));
      };
      if (existing) {
        const opened = form.current_passphrase
          ? await unwrapPrivateKey(existing.wrappedPrivateKey, existing.publicKey, form.current_passphrase)
          : null;
        if (!opened) throw await refused();
        const wrappedPrivateKey = await wrapPrivateKey(opened.privateKey, opened.publicKey, form.passphrase);
        await db.transaction(async (tx) => {
          // Only the key the current passphrase opened is re-wrapped (not one replaced meanwhile).
          if (
            !(await rfqsRepository(tx).rewrapOpeningKey(
              principal.userId,
              existing.publicKey,
              wrappedPrivateKey,
            ))
          )
            throw new AppError('conflict', message('rfq.conflict'));
          await record(tx, principal, 'opening_key.set', organisationId, ip, { changed: true });
        });
      } else {
        const values = await newOpeningKey(form.passphrase);
        await db.transaction(async (tx) => {
          // Two first settings at once: the first wins; the other is asked for the (now) current passphrase.
          if (!(await rfqsRepository(tx).createOpeningKey({ userId: principal.userId, ...values })))
            throw fieldError('current_passphrase', message('opening_key.current'));
          await record(tx, principal, 'opening_key.set', organisationId, ip, { changed: false });
        });
      }
      return this.openingKeyStatus(principal);
    },

    // ---- The supplier portal ----

    async portalList(principal: Principal, page: PageRequest) {
      const supplierId = supplierGrant(principal);
      const organisationId = currentOrganisation(principal);
      const repository = rfqsRepository(db);
      const { count, rows } = await repository.invitedTo(
        organisationId,
        supplierId,
        page.offset,
        page.pageSize,
      );
      const results = [];
      for (const found of rows) results.push(await this.portalSummary(found, supplierId));
      return { count, results };
    },

    async portalGet(principal: Principal, id: number) {
      const { found, supplierId } = await forSupplier(db, principal, id);
      return this.portalDetail(found, supplierId);
    },

    async portalSummary(found: Found, supplierId: number) {
      const r = found.rfq;
      const repository = rfqsRepository(db);
      const mine = await repository.submissionOf(r.id, supplierId);
      const awardLines = r.status === 'awarded' ? await repository.awardLines(r.id) : [];
      const base = {
        id: r.id,
        number: r.number,
        title: r.title,
        buyer: { id: r.organisationId, name: found.buyerName },
        status: phaseOf(found),
        currency: r.currency,
        closing_at: r.closingAt.toISOString(),
        my_submission: mine
          ? { version: mine.version, sha256: mine.sha256, submitted_at: mine.submittedAt.toISOString() }
          : null,
        outcome:
          r.status !== 'awarded'
            ? null
            : awardLines.some(({ line }) => line.supplierId === supplierId)
              ? ('awarded' as const)
              : ('not_awarded' as const),
      };
      return base;
    },

    async portalDetail(found: Found, supplierId: number) {
      const r = found.rfq;
      const repository = rfqsRepository(db);
      const base = await this.portalSummary(found, supplierId);
      const [lines, questions, addenda, documents] = await Promise.all([
        repository.lines(r.id),
        repository.questions(r.id),
        repository.addenda(r.id),
        repository.documents(r.id),
      ]);
      return {
        ...base,
        terms: r.terms,
        lines: linesView(lines, r.currency).map(
          ({ estimated_unit_price: _e, requisition_line_id: _r, ...line }) => line,
        ),
        // Every question with its answer, asked by whichever supplier: nobody named, answered ones only
        // (and the caller's own, unanswered yet).
        questions: questions
          .filter((q) => q.answer !== null || q.supplierId === supplierId)
          .map(questionView),
        addenda: addenda.map(addendumView),
        documents: documents.map((d) => ({ id: d.id, file_name: d.fileName, size: d.size })),
      };
    },

    async ask(principal: Principal, id: number, question: string, ip: string | null) {
      const { found, supplierId } = await forSupplier(db, principal, id);
      await db.transaction(async (tx) => {
        const current = await locked(tx, found.rfq.organisationId, id);
        move(current, 'answer_question');
        await rfqsRepository(tx).insertQuestion({
          rfqId: id,
          supplierId,
          askedByUserId: principal.userId,
          question,
        });
        await record(tx, principal, 'rfq.question_asked', found.rfq.organisationId, ip, {
          rfq_id: id,
          supplier_id: supplierId,
        });
      });
      return this.portalGet(principal, id);
    },

    /**
     * Seals a supplier's quote (or its revision, or a decline) to the RFQ key and returns the receipt: the
     * SHA-256 of the sealed envelope and the time. Refused at and after the closing instant.
     */
    async submitQuote(principal: Principal, id: number, form: QuoteForm, ip: string | null) {
      const { found, supplierId } = await forSupplier(db, principal, id);
      return db.transaction(async (tx) => {
        const current = await locked(tx, found.rfq.organisationId, id);
        move(current, 'quote');
        const content = await quoteValidated(tx, current, supplierId, form);
        const envelope = sealTo(
          current.rfq.publicKey!,
          Buffer.from(JSON.stringify(content), 'utf8'),
          quoteContext(id, supplierId),
        );
        const sha256 = envelopeHash(envelope);
        const sealedAt = clock.now();
        const repository = rfqsRepository(tx);
        const version = await repository.upsertQuote({
          rfqId: id,
          supplierId,
          envelope,
          sha256,
          submittedAt: sealedAt,
          submittedByUserId: principal.userId,
        });
        const code = `RCPT-${randomBytes(12).toString('base64url')}`;
        await repository.insertReceipt({ code, rfqId: id, supplierId, version, sha256, sealedAt });
        // The audit row names the seal, never its content.
        await record(tx, principal, 'rfq.quote_sealed', current.rfq.organisationId, ip, {
          rfq_id: id,
          supplier_id: supplierId,
          version,
          sha256,
        });
        const supplierName = (await repository.invitations(id)).find(
          (i) => i.supplierId === supplierId,
        )!.name;
        return {
          code,
          rfq: { id, number: current.rfq.number },
          supplier: { id: supplierId, name: supplierName },
          version,
          sha256,
          sealed_at: sealedAt.toISOString(),
        };
      });
    },

    /** Checks a receipt: genuine (code and hash on record for the caller's organisation), current, opened intact. */
    async verifyReceipt(principal: Principal, body: { code: string; sha256: string }) {
      const supplierId = supplierGrant(principal);
      const repository = rfqsRepository(db);
      const found = await repository.receipt(body.code.trim(), supplierId);
      if (!found || found.receipt.sha256 !== body.sha256.toLowerCase())
        throw notFound(message('rfq.receipt_not_found'));
      const latest = await repository.submissionOf(found.receipt.rfqId, supplierId);
      const current = latest?.sha256 === found.receipt.sha256;
      let openedMatches: boolean | null = null;
      if (found.openedAt && current) {
        const opened = (await repository.openedQuotes(found.receipt.rfqId)).find(
          (q) => q.supplierId === supplierId,
        );
        openedMatches = opened ? envelopeHash(opened.envelope) === found.receipt.sha256 : false;
      }
      return {
        valid: true as const,
        rfq: { id: found.receipt.rfqId, number: found.number },
        version: found.receipt.version,
        sealed_at: found.receipt.sealedAt.toISOString(),
        current,
        opened_matches: openedMatches,
      };
    },

    /**
     * The closing job: each published RFQ whose closing has come tells its opening committee (mail and in the
     * app) that the quotes wait for their confirmations, once. Returns how many were announced.
     */
    async announceClosings() {
      const mailIds = await db.transaction(async (tx) => {
        const repository = rfqsRepository(tx);
        const due = await repository.dueClosings(clock.now());
        const mails: number[] = [];
        for (const { id, organisationId } of due) {
          if (!(await repository.markClosingAnnounced(id, clock.now()))) continue;
          const found = await load(tx, organisationId, id);
          const committee = await repository.committee(id);
          mails.push(
            ...(await notifications.announce(tx, {
              userIds: committee.map((m) => m.member.userId),
              organisationId,
              template: 'rfq_closed',
              params: {
                reference: found.rfq.number,
                title: found.rfq.title,
                quotes: found.submitted,
                quorum: found.rfq.quorum,
              },
              path: `/app/sourcing/rfqs/${id}`,
            })),
          );
        }
        return { mails, count: due.length };
      });
      await notifications.dispatch(mailIds.mails);
      return mailIds.count;
    },

    outcomes,
  };
}
export type RfqsService = ReturnType<typeof createRfqsService>;
