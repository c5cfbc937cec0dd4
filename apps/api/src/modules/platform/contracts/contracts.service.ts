import { createHash } from 'node:crypto';
import {
  message,
  type Contract,
  type ContractChangeForm,
  type ContractClauseForm,
  type ContractForm,
  type ContractSummary,
  type ContractTemplateForm,
  type ContractUpdate,
  type ContractsQuery,
  type ObligationForm,
  type PortalContract,
  type PortalContractSummary,
} from '@zabuni/contracts';
import {
  addDays,
  compareVersions,
  contractTransition,
  DEFAULT_ALERT_DAYS,
  dueContractAlerts,
  alertKey,
  endOfTerm,
  fillTemplate,
  formatMinor,
  fullySigned,
  hasRole,
  htmlToParagraphs,
  mayGiveNotice,
  minorToDecimalText,
  nairobiDate,
  normaliseAlertDays,
  noticeDeadline,
  obligationReminderDue,
  signatureRefusal,
  templateFields,
  withClauses,
  type ContractAction,
  type ContractStatus,
  type Role,
  type SigningSide,
} from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import { randomDigits, randomToken, sha256 } from '../../../infra/crypto.ts';
import type { Db, Executor, Tx } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { sanitizeRichText } from '../../../infra/rich-text.ts';
import { checkDocument } from '../../../infra/file-types.ts';
import type { FileStorage } from '../../../infra/storage.ts';
import { currentOrganisation } from '../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../shared/audit/index.ts';
import type { MailService } from '../../shared/mail/index.ts';
import type { NumberingService } from '../../shared/numbering/index.ts';
import type { NotificationsService } from '../../shared/notifications/index.ts';
import { contractPath, contractSubject } from './contracts.approval.ts';
import { renderSignedContractPdf } from './contracts.pdf.ts';
import { contractSpend } from './contracts.queries.ts';
import {
  contractsRepository,
  type ContractFilter,
  type ContractVisibility,
  type FoundContract,
} from './contracts.repository.ts';

/** Who writes templates, clauses and contracts, sends them for signature and signs for the buyer. */
export const CONTRACT_MANAGERS: Role[] = ['org_admin', 'contract_manager'];
/** Who sees every contract of the organisation; the others see their department's and their own. */
const SEE_ALL: Role[] = ['org_admin', 'contract_manager', 'auditor'];
const SUPPLIER_ROLES: Role[] = ['supplier_admin', 'supplier_user'];
const CODE_MINUTES = 10;
const CODE_ATTEMPTS = 5;
/** Code requests per signer and contract in a window, and the window that also keeps failed attempts. */
export const SIGNATURE_CODE_REQUESTS = 5;
export const SIGNATURE_CODE_WINDOW_SECONDS = 3600;
export const MAX_VERIFY_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** The identity module's check of an authenticator code (TOTP), for signers who enrolled one. */
export interface AuthenticatorCheck {
  verifyAuthenticatorCode(userId: number, code: string): Promise<boolean>;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const sha256Bytes = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const notAllowed = () => new AppError('conflict', message('contract.not_allowed'));

function supplierIdOf(principal: Principal): number {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
  return grant.organisationId;
}

function move(status: ContractStatus, action: ContractAction, kind: FoundContract['contract']['kind']) {
  const transition = contractTransition(status, action, kind);
  if (!transition.ok) {
    if (action === 'edit') throw new AppError('conflict', message('contract.not_editable'));
    throw notAllowed();
  }
  return transition;
}

/** What the signatures bind: the terms and the text, hashed as one canonical JSON document. */
function contentHash(found: FoundContract): string {
  const c = found.contract;
  return sha256(
    JSON.stringify({
      number: c.number,
      title: c.title,
      buyer: found.buyerName,
      supplier: found.supplierName,
      value_minor: c.valueMinor,
      currency: c.currency,
      start_date: c.startDate,
      end_date: c.endDate,
      renewal: c.renewal,
      renewal_term_months: c.renewalTermMonths,
      notice_days: c.noticeDays,
      payment_terms: c.paymentTerms,
      body_html: c.bodyHtml,
    }),
  );
}

/** The portal's summary: no owner or department (the buyer's internal organisation). */
function portalSummaryOf(found: FoundContract): PortalContractSummary {
  const { owner: _owner, department: _department, ...rest } = summaryOf(found);
  return rest;
}

function summaryOf(found: FoundContract): ContractSummary {
  const c = found.contract;
  return {
    id: c.id,
    number: c.number,
    kind: c.kind,
    parent_id: c.parentId,
    title: c.title,
    status: c.status,
    supplier: { id: c.supplierId, name: found.supplierName },
    buyer: { id: c.organisationId, name: found.buyerName },
    value_minor: c.valueMinor,
    currency: c.currency,
    start_date: c.startDate,
    end_date: c.endDate,
    renewal: c.renewal,
    owner: { id: c.ownerUserId, name: `${found.ownerFirstName} ${found.ownerLastName}` },
    department: c.departmentId ? { id: c.departmentId, name: found.departmentName ?? '' } : null,
    category: c.categoryId ? { id: c.categoryId, name: found.categoryName ?? '' } : null,
    signed_at: iso(c.signedAt),
    created_at: c.createdAt.toISOString(),
  };
}

export function createContractsService({
  db,
  audit,
  notifications,
  mail,
  approvals,
  numbering,
  files,
  clock,
  authenticator,
}: {
  db: Db;
  audit: AuditService;
  notifications: NotificationsService;
  mail: MailService;
  approvals: ApprovalsService;
  numbering: NumberingService;
  files: FileStorage;
  clock: Clock;
  authenticator: AuthenticatorCheck;
}) {
  const today = () => nairobiDate(clock.now());

  const record = (
    tx: Executor,
    principal: Principal | null,
    action: AuditAction,
    organisationId: number,
    ip: string | null,
    detail: Record<string, unknown>,
  ) => audit.record(tx, { action, actorUserId: principal?.userId ?? null, organisationId, ip, detail });

  const visibilityOf = (principal: Principal, organisationId: number): ContractVisibility =>
    hasRole(principal.grants, SEE_ALL, organisationId)
      ? { all: true }
      : { all: false, userId: principal.userId };

  /** The organisation, when the caller writes contracts there (the service checks, not only the route). */
  const managedOrganisation = (principal: Principal) => {
    const organisationId = currentOrganisation(principal);
    if (!hasRole(principal.grants, CONTRACT_MANAGERS, organisationId)) {
      throw new AppError('forbidden', message('contract.not_permitted'));
    }
    return organisationId;
  };

  async function load(tx: Executor, principal: Principal, id: number) {
    const organisationId = currentOrganisation(principal);
    const found = await contractsRepository(tx).find(
      organisationId,
      id,
      visibilityOf(principal, organisationId),
    );
    if (!found) throw notFound(message('contract.not_found'));
    return found;
  }

  async function alertDaysOf(tx: Executor, organisationId: number, own: number[] | null) {
    if (own && own.length > 0) return normaliseAlertDays(own);
    const settings = await contractsRepository(tx).settings(organisationId);
    return normaliseAlertDays(settings?.alertDays ?? DEFAULT_ALERT_DAYS);
  }

  /** Checks the people, department and orders a form names against the organisation. */
  async function checkReferences(
    tx: Executor,
    organisationId: number,
    supplierId: number,
    form: Partial<ContractForm>,
  ) {
    const repository = contractsRepository(tx);
    if (
      form.supplier_id !== undefined &&
      !(await repository.onSupplierList(organisationId, form.supplier_id))
    )
      throw fieldError('supplier_id', message('supplier.choose'));
    if (form.department_id && !(await repository.hasDepartment(organisationId, form.department_id)))
      throw fieldError('department_id', message('contract.department'));
    if (form.category_id && !(await repository.hasCategory(form.category_id)))
      throw fieldError('category_id', message('contract.category'));
    const people = [...(form.owner_user_id ? [form.owner_user_id] : []), ...(form.alert_user_ids ?? [])];
    const members = await repository.members(organisationId, people);
    if (people.some((id) => !members.includes(id))) {
      throw fieldError(
        form.owner_user_id && !members.includes(form.owner_user_id) ? 'owner_user_id' : 'alert_user_ids',
        message('contract.member'),
      );
    }
    if (form.purchase_order_ids && form.purchase_order_ids.length > 0) {
      const orders = await repository.ordersOf(organisationId, supplierId, form.purchase_order_ids);
      if (orders.length !== new Set(form.purchase_order_ids).size)
        throw fieldError('purchase_order_ids', message('contract.purchase_order'));
    }
  }

  /** The template filled with the contract's terms and the chosen clauses. */
  async function authored(
    tx: Executor,
    organisationId: number,
    form: ContractForm,
    number: string,
    items?: string,
  ) {
    const repository = contractsRepository(tx);
    let html = form.body_html;
    let language = form.language;
    if (form.template_id) {
      const template = await repository.template(organisationId, form.template_id);
      if (!template || !template.active) throw fieldError('template_id', message('contract.template'));
      html = withClauses(template.bodyHtml);
      language = template.language as ContractForm['language'];
    }
    const clauses = await repository.clausesByIds(organisationId, form.clause_ids);
    if (clauses.length !== new Set(form.clause_ids).size || clauses.some((c) => !c.approved))
      throw fieldError('clause_ids', message('contract.clause'));
    const ordered = form.clause_ids.map((id) => clauses.find((c) => c.id === id)!);
    const clausesHtml = ordered.map((c) => `<h3>${escape(c.title)}</h3>${c.bodyHtml}`).join('');
    if (!form.template_id && clausesHtml) html = `${html}${clausesHtml}`;
    const buyer = await repository.organisationName(organisationId);
    const supplier = await repository.organisationName(form.supplier_id);
    const { html: filled } = fillTemplate(html, {
      contract_number: number,
      contract_title: form.title,
      buyer_name: buyer,
      supplier_name: supplier,
      contract_value: formatMinor(form.value_minor, form.currency),
      currency: form.currency,
      start_date: form.start_date,
      end_date: form.end_date,
      payment_terms: form.payment_terms,
      renewal: form.renewal,
      notice_days: form.notice_days === null ? undefined : String(form.notice_days),
      clauses: form.template_id ? clausesHtml : '',
      items,
    });
    return { html: sanitizeRichText(filled), language };
  }

  async function saveVersion(
    tx: Tx,
    found: { id: number; organisationId: number; versionNo: number },
    html: string,
    note: string,
    userId: number,
  ) {
    const versionNo = found.versionNo + 1;
    await contractsRepository(tx).insertVersion({
      organisationId: found.organisationId,
      contractId: found.id,
      versionNo,
      bodyHtml: html,
      note,
      createdByUserId: userId,
    });
    return versionNo;
  }

  async function view(
    tx: Executor,
    principal: Principal | null,
    found: FoundContract,
    side: SigningSide,
  ): Promise<Contract> {
    const repository = contractsRepository(tx);
    const c = found.contract;
    const [signatures, orders, changes, spend, effective] = await Promise.all([
      repository.signatures(c.id),
      repository.linkedOrders(c.id),
      repository.changesOf(c.id, side === 'supplier'),
      contractSpend(tx, c.organisationId, [c.id]),
      alertDaysOf(tx, c.organisationId, c.alertDays),
    ]);
    const signedSides = signatures.map((s) => s.side);
    const subject = await contractSubject(tx, found);
    const approval =
      principal && side === 'buyer' ? await approvals.view(tx, principal, 'contract', subject) : null;
    const actions: Contract['actions'] = [];
    const manager =
      principal !== null &&
      side === 'buyer' &&
      hasRole(principal.grants, CONTRACT_MANAGERS, c.organisationId);
    if (manager && c.status === 'draft') actions.push('edit', 'submit');
    if (approval?.waiting_for_me) actions.push('approve', 'reject');
    if (manager && c.status === 'approved') actions.push('send_for_signature');
    const mayOnThisSide = side === 'supplier' ? principal !== null : manager;
    if (mayOnThisSide && c.status === 'signing' && !signedSides.includes(side)) actions.push('sign');
    if (manager && c.status === 'active' && c.kind === 'contract') {
      actions.push('amend', 'terminate');
      if (c.nonRenewalRecordedOn === null && mayGiveNotice(termsOf(c), today())) actions.push('give_notice');
    }
    return {
      ...summaryOf(found),
      language: c.language,
      template_id: c.templateId,
      body_html: c.bodyHtml,
      version_no: c.versionNo,
      renewal_term_months: c.renewalTermMonths,
      notice_days: c.noticeDays,
      notice_deadline: noticeDeadline(c),
      non_renewal_recorded_on: c.nonRenewalRecordedOn,
      payment_terms: c.paymentTerms,
      alert_days: c.alertDays,
      effective_alert_days: effective,
      alert_user_ids: c.alertUserIds,
      standstill_until: iso(c.standstillUntil),
      source: c.sourceType && c.sourceId ? { type: c.sourceType, id: c.sourceId } : null,
      purchase_orders: orders,
      spend: {
        ordered_minor: spend.get(c.id)?.orderedMinor ?? 0,
        invoiced_minor: spend.get(c.id)?.invoicedMinor ?? 0,
      },
      signatures: signatures.map((s) => ({
        side: s.side,
        signer: s.signerName,
        party: s.partyName,
        method: s.method,
        ip: side === 'buyer' || s.side === side ? s.ip : null,
        signed_at: s.signedAt.toISOString(),
      })),
      content_sha256: c.contentSha256,
      pdf_sha256: c.pdfSha256,
      changes,
      approval,
      actions,
      submitted_at: iso(c.submittedAt),
      approved_at: iso(c.approvedAt),
      updated_at: c.updatedAt.toISOString(),
    };
  }

  /** The supplier's view: the buyer's internal fields left out, changes only once sent for signature. */
  async function portalView(principal: Principal, found: FoundContract): Promise<PortalContract> {
    const {
      owner: _owner,
      department: _department,
      alert_days: _alertDays,
      effective_alert_days: _effective,
      alert_user_ids: _alertUsers,
      source: _source,
      ...rest
    } = await view(db, principal, found, 'supplier');
    return rest;
  }

  const termsOf = (c: FoundContract['contract']) => ({
    renewal: c.renewal,
    endDate: c.endDate,
    renewalTermMonths: c.renewalTermMonths,
    noticeDays: c.noticeDays,
    nonRenewalRecordedOn: c.nonRenewalRecordedOn,
  });

  // -------------------------------------------------------------------------------------------------
  // Signatures (both sides)

  /** Who signs, for which side, and whether they may now. */
  async function signer(tx: Executor, principal: Principal, found: FoundContract, side: SigningSide) {
    const c = found.contract;
    if (side === 'buyer' && !hasRole(principal.grants, CONTRACT_MANAGERS, c.organisationId)) {
      throw new AppError('forbidden', message('contract.not_signer'));
    }
    const signedSides = (await contractsRepository(tx).signatures(c.id)).map((s) => s.side);
    const refusal = signatureRefusal({
      status: c.status,
      side,
      signedSides,
      standstillUntil: c.standstillUntil,
      now: clock.now(),
    });
    if (refusal === 'standstill') {
      throw new AppError(
        'conflict',
        message('contract.standstill', { date: c.standstillUntil!.toISOString() }),
      );
    }
    if (refusal === 'already_signed') throw new AppError('conflict', message('contract.already_signed'));
    if (refusal === 'not_signing') throw new AppError('conflict', message('contract.not_signing'));
    const user = (await contractsRepository(tx).user(principal.userId))!;
    const method = user.twoFactorEnabled && user.twoFactorMethod !== 'email' ? 'authenticator' : 'email_code';
    return { user, method: method as 'authenticator' | 'email_code', signedSides };
  }

  const codeHash = (contractId: number, userId: number, code: string) =>
    sha256(`${contractId}:${userId}:${code}`);
  const windowStart = () => new Date(clock.now().getTime() - SIGNATURE_CODE_WINDOW_SECONDS * 1000);
  const tooManyAttempts = () => new AppError('rate_limited', message('contract.code_attempts'));

  async function requestCode(
    principal: Principal,
    found: FoundContract,
    side: SigningSide,
    ip: string | null,
  ) {
    const c = found.contract;
    const mailIds = await db.transaction(async (tx) => {
      const { user, method } = await signer(tx, principal, found, side);
      if (method === 'authenticator') return [] as number[];
      const code = randomDigits(6);
      await contractsRepository(tx).saveCode(
        {
          organisationId: c.organisationId,
          contractId: c.id,
          userId: user.id,
          codeHash: codeHash(c.id, user.id, code),
          expiresAt: new Date(clock.now().getTime() + CODE_MINUTES * 60_000),
          createdAt: clock.now(),
        },
        windowStart(),
      );
      await record(tx, principal, 'contract.signature_code_sent', c.organisationId, ip, {
        contract_id: c.id,
        side,
      });
      return [
        await mail.enqueue(tx, {
          to: user.email,
          template: 'contract_signature_code',
          language: user.language,
          params: { name: user.firstName, code, minutes: CODE_MINUTES, reference: c.number, title: c.title },
        }),
      ];
    });
    await mail.dispatch(mailIds);
    const method = mailIds.length > 0 ? 'email_code' : 'authenticator';
    return { method } as const;
  }

  /** Checks the signer's code in a transaction of its own, so a failed attempt is counted. */
  async function confirmCode(principal: Principal, found: FoundContract, side: SigningSide, code: string) {
    const c = found.contract;
    const { method } = await signer(db, principal, found, side);
    if (method === 'authenticator') {
      // Counted before the check, like a mailed code's: five wrong codes an hour per contract, then refused.
      const attempts = await contractsRepository(db).countAuthenticatorAttempt(
        {
          organisationId: c.organisationId,
          contractId: c.id,
          userId: principal.userId,
          codeHash: 'authenticator',
          expiresAt: new Date(clock.now().getTime() + SIGNATURE_CODE_WINDOW_SECONDS * 1000),
          createdAt: clock.now(),
        },
        windowStart(),
      );
      if (attempts > CODE_ATTEMPTS) throw tooManyAttempts();
      if (!(await authenticator.verifyAuthenticatorCode(principal.userId, code))) {
        await record(db, principal, 'contract.signature_refused', c.organisationId, null, {
          contract_id: c.id,
          side,
        });
        throw new AppError('validation', message('contract.code_invalid'));
      }
      await contractsRepository(db).deleteCode(c.id, principal.userId);
      return method;
    }
    const ok = await db.transaction(async (tx) => {
      const repository = contractsRepository(tx);
      const stored = await repository.code(c.id, principal.userId);
      if (stored && stored.attempts >= CODE_ATTEMPTS) return 'locked' as const;
      if (!stored || stored.expiresAt <= clock.now()) return false;
      if (stored.codeHash !== codeHash(c.id, principal.userId, code)) {
        await repository.countAttempt(c.id, principal.userId);
        return false;
      }
      await repository.deleteCode(c.id, principal.userId);
      return true;
    });
    if (ok === 'locked') throw tooManyAttempts();
    if (!ok) {
      await record(db, principal, 'contract.signature_refused', c.organisationId, null, {
        contract_id: c.id,
        side,
      });
      throw new AppError('validation', message('contract.code_invalid'));
    }
    return method;
  }

  async function sign(
    principal: Principal,
    found: FoundContract,
    side: SigningSide,
    code: string,
    ip: string | null,
  ) {
    const method = await confirmCode(principal, found, side, code);
    const c = found.contract;
    const mailIds = await db.transaction(async (tx) => {
      const repository = contractsRepository(tx);
      if (!(await repository.lock(c.organisationId, c.id))) throw notFound(message('contract.not_found'));
      const current = (await repository.find(c.organisationId, c.id))!;
      const { user, signedSides } = await signer(tx, principal, current, side);
      const at = clock.now();
      const inserted = await repository.insertSignature({
        organisationId: c.organisationId,
        contractId: c.id,
        side,
        userId: user.id,
        signerName: `${user.firstName} ${user.lastName}`,
        signerEmail: user.email,
        partyName: side === 'buyer' ? current.buyerName : current.supplierName,
        method,
        ip,
        contentSha256: current.contract.contentSha256 ?? contentHash(current),
        signedAt: at,
      });
      if (!inserted) throw new AppError('conflict', message('contract.already_signed'));
      await record(tx, principal, 'contract.signed', c.organisationId, ip, {
        contract_id: c.id,
        side,
        method,
      });
      if (!fullySigned([...signedSides, side])) return [];
      return complete(tx, current);
    });
    await notifications.dispatch(mailIds);
  }

  /** Both sides signed: the contract is in force, its PDF made and hashed; an amendment or termination acts on its contract. */
  async function complete(tx: Tx, found: FoundContract): Promise<number[]> {
    const repository = contractsRepository(tx);
    const c = found.contract;
    const transition = move(c.status, 'complete_signature', c.kind);
    const signatures = await repository.signatures(c.id);
    const pdf = await renderSignedContractPdf({
      number: c.number,
      title: c.title,
      buyer: found.buyerName,
      supplier: found.supplierName,
      value: formatMinor(c.valueMinor, c.currency),
      period: `${c.startDate} to ${c.endDate}`,
      renewal:
        c.renewal === 'none'
          ? 'none'
          : c.renewal === 'automatic'
            ? `automatic, ${c.renewalTermMonths} months`
            : `by notice (${c.noticeDays} days before the end), ${c.renewalTermMonths} months`,
      paymentTerms: c.paymentTerms,
      bodyHtml: c.bodyHtml,
      contentSha256: c.contentSha256 ?? contentHash(found),
      signatures: signatures.map((s) => ({
        side: s.side,
        party: s.partyName,
        signer: s.signerName,
        email: s.signerEmail,
        signedAt: s.signedAt.toISOString(),
        ip: s.ip,
        method: s.method,
      })),
    });
    const key = `contracts/${c.organisationId}/${randomToken()}`;
    await files.put(key, pdf, 'application/pdf');
    const signedAt = clock.now();
    const changed = await repository.updateWhere(c.organisationId, c.id, [transition.from], {
      status: transition.to,
      signedAt,
      pdfKey: key,
      pdfSha256: sha256Bytes(pdf),
    });
    if (!changed) throw new AppError('conflict', message('contract.conflict'));
    await record(tx, null, 'contract.activated', c.organisationId, null, {
      contract_id: c.id,
      pdf_sha256: sha256Bytes(pdf),
    });
    if (c.kind !== 'contract' && c.parentId) {
      if (c.kind === 'termination') {
        const ended = await repository.updateWhere(c.organisationId, c.parentId, ['active'], {
          status: 'terminated',
          endedAt: signedAt,
        });
        if (ended)
          await record(tx, null, 'contract.terminated', c.organisationId, null, {
            contract_id: c.parentId,
            termination_id: c.id,
          });
      } else {
        await repository.updateWhere(c.organisationId, c.parentId, ['active'], {
          endDate: c.endDate,
          valueMinor: c.valueMinor,
        });
        await record(tx, null, 'contract.amended', c.organisationId, null, {
          contract_id: c.parentId,
          amendment_id: c.id,
        });
      }
    }
    const supplierUsers = await repository.supplierUsers(c.supplierId);
    const params = { reference: c.number, title: c.title };
    return [
      ...(await notifications.announce(tx, {
        userIds: [c.ownerUserId, c.createdByUserId],
        organisationId: c.organisationId,
        template: 'contract_signed',
        params,
        path: contractPath(c.id),
      })),
      ...(await notifications.announce(tx, {
        userIds: supplierUsers,
        organisationId: c.supplierId,
        template: 'contract_signed',
        params,
        path: `/portal/contracts/${c.id}`,
      })),
    ];
  }

  async function openPdf(found: FoundContract) {
    const c = found.contract;
    if (!c.pdfKey) throw notFound(message('contract.no_pdf'));
    const stream = await files.get(c.pdfKey);
    if (!stream) throw notFound(message('contract.no_pdf'));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    return { bytes, fileName: `${c.number}.pdf` };
  }

  // -------------------------------------------------------------------------------------------------

  return {
    // Templates and clauses ------------------------------------------------------------------------
    async listTemplates(principal: Principal) {
      const rows = await contractsRepository(db).templates(currentOrganisation(principal));
      return rows.map(templateView);
    },
    async saveTemplate(
      principal: Principal,
      id: number | null,
      form: ContractTemplateForm,
      ip: string | null,
    ) {
      const organisationId = managedOrganisation(principal);
      const values = {
        name: form.name,
        language: form.language,
        bodyHtml: sanitizeRichText(form.body_html),
        active: form.active,
      };
      const row = await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        const saved =
          id === null
            ? await repository.insertTemplate({
                ...values,
                organisationId,
                createdByUserId: principal.userId,
              })
            : await repository.updateTemplate(organisationId, id, values);
        if (!saved) throw notFound(message('contract.template'));
        await record(tx, principal, 'contract.template_saved', organisationId, ip, { template_id: saved.id });
        return saved;
      });
      return templateView(row);
    },
    async listClauses(principal: Principal, language?: string) {
      const rows = await contractsRepository(db).clauses(currentOrganisation(principal), language);
      return rows.map(clauseView);
    },
    async saveClause(principal: Principal, id: number | null, form: ContractClauseForm, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const row = await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        if (form.alternative_of !== null) {
          const [standard] = await repository.clausesByIds(organisationId, [form.alternative_of]);
          if (!standard) throw fieldError('alternative_of', message('contract.clause'));
        }
        const values = {
          title: form.title,
          language: form.language,
          bodyHtml: sanitizeRichText(form.body_html),
          alternativeOf: form.alternative_of,
          approved: form.approved,
        };
        const saved =
          id === null
            ? await repository.insertClause({ ...values, organisationId })
            : await repository.updateClause(organisationId, id, values);
        if (!saved) throw notFound(message('contract.clause'));
        await record(tx, principal, 'contract.clause_saved', organisationId, ip, { clause_id: saved.id });
        return saved;
      });
      return clauseView(row);
    },

    // Contracts ------------------------------------------------------------------------------------
    async list(principal: Principal, query: ContractsQuery, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await contractsRepository(db).list(
        { organisationId },
        visibilityOf(principal, organisationId),
        filterOf(query, today()),
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(summaryOf) };
    },

    async get(principal: Principal, id: number) {
      return view(db, principal, await load(db, principal, id), 'buyer');
    },

    async create(principal: Principal, form: ContractForm, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, organisationId, form.supplier_id, form);
        const number = await numbering.next(tx, organisationId, 'contract');
        const { html, language } = await authored(tx, organisationId, form, number);
        const row = await contractsRepository(tx).insert({
          organisationId,
          number,
          title: form.title,
          supplierId: form.supplier_id,
          templateId: form.template_id,
          language,
          valueMinor: form.value_minor,
          currency: form.currency,
          startDate: form.start_date,
          endDate: form.end_date,
          renewal: form.renewal,
          renewalTermMonths: form.renewal === 'none' ? null : form.renewal_term_months,
          noticeDays: form.renewal === 'by_notice' ? form.notice_days : null,
          paymentTerms: form.payment_terms,
          ownerUserId: form.owner_user_id ?? principal.userId,
          departmentId: form.department_id,
          categoryId: form.category_id,
          alertDays: form.alert_days ? normaliseAlertDays(form.alert_days) : null,
          alertUserIds: form.alert_user_ids,
          bodyHtml: html,
          bodyText: htmlToParagraphs(html).join('\n'),
          versionNo: 1,
          createdByUserId: principal.userId,
        });
        await saveVersion(
          tx,
          { id: row.id, organisationId, versionNo: 0 },
          html,
          'Version 1',
          principal.userId,
        );
        await contractsRepository(tx).replaceLinkedOrders(organisationId, row.id, form.purchase_order_ids);
        await record(tx, principal, 'contract.created', organisationId, ip, {
          contract_id: row.id,
          template_id: form.template_id,
          clause_ids: form.clause_ids,
        });
        return row.id;
      });
      return this.get(principal, id);
    },

    /** Changes a draft; a new text is kept as the next version. */
    async update(principal: Principal, id: number, form: ContractUpdate, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('contract.not_found'));
        const found = (await repository.find(organisationId, id))!;
        const c = found.contract;
        move(c.status, 'edit', c.kind);
        // A contract drafted from an award is the award's contract with the awarded supplier (the award's page
        // lists it, one per supplier): its supplier is not changed.
        if (c.sourceType !== null && form.supplier_id !== undefined && form.supplier_id !== c.supplierId)
          throw fieldError('supplier_id', message('contract.award_supplier'));
        const merged = {
          start_date: form.start_date ?? c.startDate,
          end_date: form.end_date ?? c.endDate,
          renewal: form.renewal ?? c.renewal,
          renewal_term_months:
            form.renewal_term_months === undefined ? c.renewalTermMonths : form.renewal_term_months,
          notice_days: form.notice_days === undefined ? c.noticeDays : form.notice_days,
        };
        if (merged.end_date < merged.start_date)
          throw fieldError('end_date', message('contract.end_before_start'));
        if (merged.renewal !== 'none' && !merged.renewal_term_months)
          throw fieldError('renewal_term_months', message('contract.renewal_term'));
        if (merged.renewal === 'by_notice' && merged.notice_days === null)
          throw fieldError('notice_days', message('contract.notice_days'));
        await checkReferences(tx, organisationId, form.supplier_id ?? c.supplierId, form);
        let versionNo = c.versionNo;
        let html = c.bodyHtml;
        if (form.body_html !== undefined) {
          const clean = sanitizeRichText(form.body_html);
          if (clean !== c.bodyHtml) {
            html = clean;
            versionNo = await saveVersion(
              tx,
              { id, organisationId, versionNo: c.versionNo },
              clean,
              form.version_note,
              principal.userId,
            );
          }
        }
        const changed = await repository.updateWhere(organisationId, id, ['draft'], {
          title: form.title,
          supplierId: form.supplier_id,
          language: form.language,
          valueMinor: form.value_minor,
          currency: form.currency,
          startDate: merged.start_date,
          endDate: merged.end_date,
          renewal: merged.renewal,
          renewalTermMonths: merged.renewal === 'none' ? null : merged.renewal_term_months,
          noticeDays: merged.renewal === 'by_notice' ? merged.notice_days : null,
          paymentTerms: form.payment_terms,
          ownerUserId: form.owner_user_id,
          departmentId: form.department_id,
          categoryId: form.category_id,
          alertDays:
            form.alert_days === undefined
              ? undefined
              : form.alert_days && normaliseAlertDays(form.alert_days),
          alertUserIds: form.alert_user_ids,
          bodyHtml: html,
          bodyText: htmlToParagraphs(html).join('\n'),
          versionNo,
        });
        if (!changed) throw new AppError('conflict', message('contract.conflict'));
        if (form.purchase_order_ids)
          await repository.replaceLinkedOrders(organisationId, id, form.purchase_order_ids);
        await record(tx, principal, 'contract.updated', organisationId, ip, {
          contract_id: id,
          version_no: versionNo,
        });
      });
      return this.get(principal, id);
    },

    /** Sends a draft for approval along the organisation's contract rule (or its department's budget owner). */
    async submit(principal: Principal, id: number, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('contract.not_found'));
        const found = (await repository.find(organisationId, id))!;
        const transition = move(found.contract.status, 'submit', found.contract.kind);
        const subject = await contractSubject(tx, found);
        const { rule, route, segregation } = (await approvals.resolveRoute(tx, 'contract', subject))!;
        const round = found.contract.round + 1;
        const changed = await repository.updateWhere(organisationId, id, [transition.from], {
          status: transition.to,
          submittedAt: clock.now(),
          round,
          route,
          workflowRuleId: rule?.id ?? null,
        });
        if (!changed) throw new AppError('conflict', message('contract.conflict'));
        await record(tx, principal, 'contract.submitted', organisationId, ip, {
          contract_id: id,
          round,
          rule_id: rule?.id ?? null,
        });
        return approvals.announceStart(
          tx,
          'contract',
          { ...subject, round, route, pending: true },
          route,
          segregation,
        );
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async decide(
      principal: Principal,
      id: number,
      kind: 'approved' | 'rejected',
      body: { comment?: string; step?: number },
      ip: string | null,
    ) {
      await approvals.decide(principal, 'contract', id, kind, body, ip);
      return this.get(principal, id);
    },

    /** An approved contract goes to both sides for signature: its text is fixed and hashed. */
    async sendForSignature(principal: Principal, id: number, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('contract.not_found'));
        const found = (await repository.find(organisationId, id))!;
        const transition = move(found.contract.status, 'send_for_signature', found.contract.kind);
        const hash = contentHash(found);
        const changed = await repository.updateWhere(organisationId, id, [transition.from], {
          status: transition.to,
          signatureStartedAt: clock.now(),
          contentSha256: hash,
        });
        if (!changed) throw new AppError('conflict', message('contract.conflict'));
        await record(tx, principal, 'contract.sent_for_signature', organisationId, ip, {
          contract_id: id,
          content_sha256: hash,
        });
        return notifications.announce(tx, {
          userIds: await repository.supplierUsers(found.contract.supplierId),
          organisationId: found.contract.supplierId,
          template: 'contract_ready_to_sign',
          params: { buyer: found.buyerName, reference: found.contract.number, title: found.contract.title },
          path: `/portal/contracts/${id}`,
        });
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async requestSignatureCode(principal: Principal, id: number, ip: string | null) {
      return requestCode(principal, await load(db, principal, id), 'buyer', ip);
    },
    async sign(principal: Principal, id: number, code: string, ip: string | null) {
      await sign(principal, await load(db, principal, id), 'buyer', code, ip);
      return this.get(principal, id);
    },
    async pdf(principal: Principal, id: number) {
      return openPdf(await load(db, principal, id));
    },

    /**
     * Is this file a signed contract we issued? Its SHA-256 against the stored hashes. Open to anyone: a
     * counterparty, a bank or an auditor holds the PDF without an account; the answer names only the
     * contract and the parties, and only to someone who already holds the exact file.
     */
    async verify(bytes: Buffer) {
      const hash = sha256Bytes(bytes);
      const found = await contractsRepository(db).byPdfHash(hash);
      if (!found) return { valid: false, sha256: hash, contract: null };
      const signatures = await contractsRepository(db).signatures(found.contract.id);
      return {
        valid: true,
        sha256: hash,
        contract: {
          number: found.contract.number,
          title: found.contract.title,
          buyer: found.buyerName,
          supplier: found.supplierName,
          signed_at: iso(found.contract.signedAt),
          signers: signatures.map((s) => ({
            side: s.side,
            party: s.partyName,
            signed_at: s.signedAt.toISOString(),
          })),
        },
      };
    },

    async versions(principal: Principal, id: number) {
      const found = await load(db, principal, id);
      const rows = await contractsRepository(db).versions(found.contract.organisationId, id);
      return rows.map(({ version, firstName, lastName }) => ({
        version_no: version.versionNo,
        note: version.note,
        created_by: { id: version.createdByUserId, name: `${firstName} ${lastName}` },
        created_at: version.createdAt.toISOString(),
        body_html: version.bodyHtml,
      }));
    },

    async compare(principal: Principal, id: number, from: number, to: number) {
      const found = await load(db, principal, id);
      const repository = contractsRepository(db);
      const [a, b] = await Promise.all([
        repository.version(found.contract.organisationId, id, from),
        repository.version(found.contract.organisationId, id, to),
      ]);
      if (!a || !b) throw notFound(message('contract.version'));
      return { from, to, paragraphs: compareVersions(a.bodyHtml, b.bodyHtml) };
    },

    /** Records that the contract will not renew (automatic: any time before the end; by notice: by the deadline). */
    async giveNotice(principal: Principal, id: number, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('contract.not_found'));
        const found = (await repository.find(organisationId, id))!;
        if (found.contract.status !== 'active' || found.contract.kind !== 'contract') throw notAllowed();
        if (!mayGiveNotice(termsOf(found.contract), today()))
          throw new AppError('conflict', message('contract.notice_closed'));
        await repository.updateWhere(organisationId, id, ['active'], { nonRenewalRecordedOn: today() });
        await record(tx, principal, 'contract.notice_given', organisationId, ip, {
          contract_id: id,
          on: today(),
        });
      });
      return this.get(principal, id);
    },

    /** An amendment or a termination of an active contract: a new document, approved and signed like a contract. */
    async createChange(principal: Principal, id: number, form: ContractChangeForm, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      const changeId = await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        const found = await repository.find(organisationId, id);
        if (!found) throw notFound(message('contract.not_found'));
        const c = found.contract;
        if (c.kind !== 'contract') throw notAllowed();
        move(c.status, form.kind === 'termination' ? 'terminate' : 'renew', c.kind);
        const number = await numbering.next(tx, organisationId, 'contract');
        const html = sanitizeRichText(form.body_html);
        const row = await repository.insert({
          organisationId,
          kind: form.kind,
          parentId: c.id,
          number,
          title: form.title,
          supplierId: c.supplierId,
          language: c.language,
          valueMinor: form.value_minor ?? c.valueMinor,
          currency: c.currency,
          startDate: today() > c.startDate ? today() : c.startDate,
          endDate: form.kind === 'termination' ? today() : (form.end_date ?? c.endDate),
          paymentTerms: c.paymentTerms,
          ownerUserId: c.ownerUserId,
          departmentId: c.departmentId,
          categoryId: c.categoryId,
          bodyHtml: html,
          bodyText: htmlToParagraphs(html).join('\n'),
          versionNo: 1,
          createdByUserId: principal.userId,
        });
        await saveVersion(
          tx,
          { id: row.id, organisationId, versionNo: 0 },
          html,
          'Version 1',
          principal.userId,
        );
        await record(tx, principal, 'contract.created', organisationId, ip, {
          contract_id: row.id,
          kind: form.kind,
          parent_id: c.id,
        });
        return row.id;
      });
      return this.get(principal, changeId);
    },

    /**
     * A draft contract from an award (an RFQ's award to one supplier): the template's merge fields filled
     * from the award (parties, value, dates, payment terms, the awarded items as a table), linked to the
     * award so the contract shows where it came from. Called by the award's module, which checks the award;
     * the caller must write contracts here.
     */
    async createFromAward(
      principal: Principal,
      award: {
        type: string;
        id: number;
        title: string;
        supplierId: number;
        templateId: number;
        valueMinor: number;
        currency: string;
        startDate: string;
        endDate: string;
        paymentTerms: string;
        departmentId: number | null;
        categoryId: number | null;
        items: AwardItem[];
        /** The award's own refusal when this supplier already has a contract from it (one per supplier). */
        exists: (number: string) => Error;
      },
      ip: string | null,
    ) {
      const organisationId = managedOrganisation(principal);
      const form: ContractForm = {
        title: award.title.slice(0, 300),
        supplier_id: award.supplierId,
        language: 'en',
        value_minor: award.valueMinor,
        currency: award.currency,
        start_date: award.startDate,
        end_date: award.endDate,
        renewal: 'none',
        renewal_term_months: null,
        notice_days: null,
        payment_terms: award.paymentTerms.slice(0, 2000),
        department_id: award.departmentId,
        category_id: award.categoryId,
        alert_days: null,
        alert_user_ids: [],
        purchase_order_ids: [],
        template_id: award.templateId,
        clause_ids: [],
        body_html: '',
      };
      const id = await db.transaction(async (tx) => {
        // One contract per supplier and award, even when drafts are asked for at the same moment.
        await contractsRepository(tx).lockSource(organisationId, award.type, award.id);
        const existing = (await contractsRepository(tx).bySource(organisationId, award.type, award.id)).find(
          (c) => c.supplierId === award.supplierId,
        );
        if (existing) throw award.exists(existing.number);
        await checkReferences(tx, organisationId, form.supplier_id, form);
        const number = await numbering.next(tx, organisationId, 'contract');
        const { html, language } = await authored(tx, organisationId, form, number, itemsTable(award.items));
        const row = await contractsRepository(tx).insert({
          organisationId,
          number,
          title: form.title,
          supplierId: form.supplier_id,
          templateId: form.template_id,
          language,
          valueMinor: form.value_minor,
          currency: form.currency,
          startDate: form.start_date,
          endDate: form.end_date,
          renewal: 'none',
          paymentTerms: form.payment_terms,
          ownerUserId: principal.userId,
          departmentId: form.department_id,
          categoryId: form.category_id,
          alertUserIds: [],
          bodyHtml: html,
          bodyText: htmlToParagraphs(html).join('\n'),
          versionNo: 1,
          createdByUserId: principal.userId,
          sourceType: award.type,
          sourceId: award.id,
        });
        await saveVersion(
          tx,
          { id: row.id, organisationId, versionNo: 0 },
          html,
          'Version 1',
          principal.userId,
        );
        await record(tx, principal, 'contract.created', organisationId, ip, {
          contract_id: row.id,
          template_id: form.template_id,
          award_type: award.type,
          award_id: award.id,
        });
        return row.id;
      });
      return this.get(principal, id);
    },

    /** The contracts drafted from an award (any state), for the award's page. */
    async ofAward(organisationId: number, type: string, id: number) {
      const rows = await contractsRepository(db).bySource(organisationId, type, id);
      return rows.map((r) => ({ id: r.id, number: r.number, status: r.status, supplier_id: r.supplierId }));
    },

    /**
     * The seam for awards (issue 21): the award that a contract comes from, and the end of its tender's
     * standstill, during which nobody can sign. Called by the award's module, never from a form.
     */
    async linkAward(
      organisationId: number,
      id: number,
      award: { type: string; id: number; standstillUntil: Date | null },
    ) {
      await db.transaction(async (tx) => {
        const changed = await contractsRepository(tx).updateWhere(
          organisationId,
          id,
          ['draft', 'in_approval', 'approved', 'signing'],
          { sourceType: award.type, sourceId: award.id, standstillUntil: award.standstillUntil },
        );
        if (!changed) throw notFound(message('contract.not_found'));
        await record(tx, null, 'contract.award_linked', organisationId, null, {
          contract_id: id,
          award_type: award.type,
          award_id: award.id,
          standstill_until: iso(award.standstillUntil),
        });
      });
    },

    // Obligations ----------------------------------------------------------------------------------
    async obligations(principal: Principal, id: number) {
      const found = await load(db, principal, id);
      return (await contractsRepository(db).obligations(found.contract.id)).map(obligationView);
    },
    async addObligation(principal: Principal, id: number, form: ObligationForm, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = contractsRepository(tx);
        const found = await repository.find(organisationId, id);
        if (!found) throw notFound(message('contract.not_found'));
        const owner = form.owner_user_id ?? found.contract.ownerUserId;
        if ((await repository.members(organisationId, [owner])).length === 0)
          throw fieldError('owner_user_id', message('contract.member'));
        const row = await repository.insertObligation({
          organisationId,
          contractId: id,
          kind: form.kind,
          title: form.title,
          dueDate: form.due_date,
          ownerUserId: owner,
          remindDays: form.remind_days,
        });
        await record(tx, principal, 'contract.obligation_saved', organisationId, ip, {
          contract_id: id,
          obligation_id: row.id,
        });
      });
      return this.obligations(principal, id);
    },
    async completeObligation(principal: Principal, id: number, obligationId: number, ip: string | null) {
      const organisationId = managedOrganisation(principal);
      await db.transaction(async (tx) => {
        if (
          !(await contractsRepository(tx).completeObligation(organisationId, id, obligationId, clock.now()))
        )
          throw notFound(message('contract.obligation'));
        await record(tx, principal, 'contract.obligation_saved', organisationId, ip, {
          contract_id: id,
          obligation_id: obligationId,
          done: true,
        });
      });
      return this.obligations(principal, id);
    },

    // Documents (annexes, guarantees, insurance certificates) --------------------------------------
    async documents(principal: Principal, id: number) {
      const found = await load(db, principal, id);
      return (await contractsRepository(db).documents(found.contract.id)).map(documentView);
    },
    /** A document kept with the contract: its type checked by content, stored under a random key. */
    async addDocument(
      principal: Principal,
      id: number,
      file: { fileName: string; bytes: Buffer },
      ip: string | null,
    ) {
      const organisationId = managedOrganisation(principal);
      const found = await contractsRepository(db).find(organisationId, id);
      if (!found) throw notFound(message('contract.not_found'));
      const check = checkDocument(file.fileName, file.bytes);
      if (!check.ok) throw fieldError('file', message('contract.document'));
      const key = `contracts/${organisationId}/documents/${randomToken()}`;
      await files.put(key, file.bytes, check.contentType);
      await db.transaction(async (tx) => {
        const row = await contractsRepository(tx).insertDocument({
          organisationId,
          contractId: id,
          name: file.fileName.slice(0, 200),
          fileKey: key,
          contentType: check.contentType,
          sizeBytes: file.bytes.length,
          uploadedByUserId: principal.userId,
        });
        await record(tx, principal, 'contract.document_added', organisationId, ip, {
          contract_id: id,
          document_id: row.id,
        });
      });
      return this.documents(principal, id);
    },
    async openDocument(principal: Principal, id: number, documentId: number) {
      const found = await load(db, principal, id);
      const row = await contractsRepository(db).document(found.contract.id, documentId);
      const stream = row ? await files.get(row.fileKey) : null;
      if (!row || !stream) throw notFound(message('contract.document_not_found'));
      return { stream, size: row.sizeBytes, fileName: row.name, contentType: row.contentType };
    },

    // Settings -------------------------------------------------------------------------------------
    async settings(principal: Principal) {
      return { alert_days: await alertDaysOf(db, currentOrganisation(principal), null) };
    },
    async saveSettings(principal: Principal, alertDays: number[], ip: string | null) {
      const organisationId = managedOrganisation(principal);
      await db.transaction(async (tx) => {
        await contractsRepository(tx).saveSettings(organisationId, normaliseAlertDays(alertDays));
        await record(tx, principal, 'contract.settings_changed', organisationId, ip, {
          alert_days: alertDays,
        });
      });
      return this.settings(principal);
    },

    // Reports --------------------------------------------------------------------------------------
    async report(principal: Principal, currency = 'KES') {
      const organisationId = currentOrganisation(principal);
      const rows = (
        await contractsRepository(db).all(organisationId, visibilityOf(principal, organisationId), {
          kind: 'contract',
        })
      ).filter((r) => r.contract.currency === currency);
      const spend = await contractSpend(
        db,
        organisationId,
        rows.map((r) => r.contract.id),
      );
      const bucket = (keyOf: (r: FoundContract) => [string, string]) => {
        const map = new Map<string, { key: string; label: string; count: number; value_minor: number }>();
        for (const r of rows) {
          const [key, label] = keyOf(r);
          const entry = map.get(key) ?? { key, label, count: 0, value_minor: 0 };
          entry.count += 1;
          entry.value_minor += r.contract.valueMinor;
          map.set(key, entry);
        }
        return [...map.values()].sort((a, b) => b.value_minor - a.value_minor);
      };
      const now = today();
      const expiringWithin = (days: number) =>
        rows.filter(
          (r) =>
            r.contract.status === 'active' &&
            r.contract.endDate >= now &&
            r.contract.endDate <= addDays(now, days),
        ).length;
      const cycles = rows
        .filter((r) => r.contract.signedAt)
        .map((r) => (r.contract.signedAt!.getTime() - r.contract.createdAt.getTime()) / 86_400_000)
        .sort((a, b) => a - b);
      const round1 = (n: number) => Math.round(n * 10) / 10;
      return {
        currency,
        by_status: bucket((r) => [r.contract.status, r.contract.status]),
        by_supplier: bucket((r) => [String(r.contract.supplierId), r.supplierName]),
        by_category: bucket((r) => [String(r.contract.categoryId ?? 0), r.categoryName ?? '—']),
        by_department: bucket((r) => [String(r.contract.departmentId ?? 0), r.departmentName ?? '—']),
        expiring: {
          within_30: expiringWithin(30),
          within_60: expiringWithin(60),
          within_90: expiringWithin(90),
        },
        spend_vs_value: rows
          .filter((r) => ['active', 'expired', 'terminated'].includes(r.contract.status))
          .map((r) => ({
            id: r.contract.id,
            number: r.contract.number,
            title: r.contract.title,
            value_minor: r.contract.valueMinor,
            ordered_minor: spend.get(r.contract.id)?.orderedMinor ?? 0,
            invoiced_minor: spend.get(r.contract.id)?.invoicedMinor ?? 0,
          })),
        cycle_time_days: {
          count: cycles.length,
          average: cycles.length ? round1(cycles.reduce((a, b) => a + b, 0) / cycles.length) : null,
          median: cycles.length ? round1(cycles[Math.floor((cycles.length - 1) / 2)]!) : null,
        },
      };
    },

    /** The archive as CSV (the same filters as the list, at most 10,000 rows). */
    async csv(principal: Principal, query: ContractsQuery) {
      const organisationId = currentOrganisation(principal);
      const rows = await contractsRepository(db).all(
        organisationId,
        visibilityOf(principal, organisationId),
        filterOf(query, today()),
      );
      const cell = (value: string | number | null) => {
        const text = value === null ? '' : String(value);
        // Quoted, and a leading formula character defused (CSV injection).
        return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
      };
      const header = [
        'number',
        'kind',
        'title',
        'status',
        'supplier',
        'value',
        'currency',
        'start_date',
        'end_date',
        'renewal',
        'department',
        'category',
        'owner',
        'signed_at',
      ];
      const lines = rows.map((r) =>
        [
          r.contract.number,
          r.contract.kind,
          r.contract.title,
          r.contract.status,
          r.supplierName,
          minorToDecimalText(r.contract.valueMinor, r.contract.currency),
          r.contract.currency,
          r.contract.startDate,
          r.contract.endDate,
          r.contract.renewal,
          r.departmentName,
          r.categoryName,
          `${r.ownerFirstName} ${r.ownerLastName}`,
          iso(r.contract.signedAt),
        ]
          .map(cell)
          .join(','),
      );
      return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },

    // Supplier portal ------------------------------------------------------------------------------
    async portalList(principal: Principal, query: ContractsQuery, page: PageRequest) {
      const supplierId = supplierIdOf(principal);
      // Only the selected buyer's (as the other portal reads); none before a buyer is chosen.
      if (principal.buyerCompanyId === null) return { count: 0, results: [] };
      const organisationId = currentOrganisation(principal);
      // A supplier sees what was sent to it for signature and after, never drafts or approvals.
      const { count, rows } = await contractsRepository(db).list(
        { organisationId, supplierId, sentForSignature: true },
        { all: true },
        filterOf(query, today()),
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(portalSummaryOf) };
    },
    async portalGet(principal: Principal, id: number) {
      return portalView(principal, await portalLoad(principal, id));
    },
    async portalRequestCode(principal: Principal, id: number, ip: string | null) {
      return requestCode(principal, await portalLoad(principal, id), 'supplier', ip);
    },
    async portalSign(principal: Principal, id: number, code: string, ip: string | null) {
      await sign(principal, await portalLoad(principal, id), 'supplier', code, ip);
      return this.portalGet(principal, id);
    },
    async portalPdf(principal: Principal, id: number) {
      return openPdf(await portalLoad(principal, id));
    },

    // Jobs -----------------------------------------------------------------------------------------
    /**
     * Platform staff's run of today's job on demand: the same run, recorded with who ran it and what it did
     * (it renews and expires contracts of every organisation); the scheduled run is not recorded.
     */
    async runAlertsNow(by: { userId: number; ip: string | null }) {
      const result = await this.runAlerts();
      await audit.record(db, {
        action: 'contract_alerts.run',
        actorUserId: by.userId,
        ip: by.ip,
        detail: result,
      });
      return result;
    },

    /**
     * The daily run: active contracts past their end renew or expire; expiry and notice alerts go out once
     * per threshold to the owner and the people named; obligation reminders once each. Running it twice
     * sends nothing the second time (the alert's unique row is written in the same transaction as its mail).
     */
    async runAlerts(on: string = today()) {
      let sent = 0;
      let expired = 0;
      let renewed = 0;
      const repository = contractsRepository(db);
      for (const row of await repository.activeContracts()) {
        const mailIds = await db.transaction(async (tx) => {
          const repo = contractsRepository(tx);
          const c = row.contract;
          const ids: number[] = [];
          const end = endOfTerm(termsOf(c), on);
          if (end.outcome === 'expire') {
            if (
              await repo.updateWhere(c.organisationId, c.id, ['active'], {
                status: 'expired',
                endedAt: clock.now(),
              })
            ) {
              expired += 1;
              await record(tx, null, 'contract.expired', c.organisationId, null, {
                contract_id: c.id,
                end_date: c.endDate,
              });
            }
            return ids;
          }
          let endDate = c.endDate;
          if (end.outcome === 'renew') {
            if (
              await repo.updateWhere(c.organisationId, c.id, ['active'], {
                endDate: end.endDate,
                nonRenewalRecordedOn: null,
              })
            ) {
              renewed += 1;
              endDate = end.endDate;
              await record(tx, null, 'contract.renewed', c.organisationId, null, {
                contract_id: c.id,
                from: c.endDate,
                to: end.endDate,
              });
            }
          }
          const thresholds = normaliseAlertDays(
            c.alertDays && c.alertDays.length > 0 ? c.alertDays : (row.settingsDays ?? DEFAULT_ALERT_DAYS),
          );
          const recorded = await repo.sentAlerts(c.id);
          const due = dueContractAlerts({
            endDate,
            renewal: c.renewal,
            noticeDays: c.noticeDays,
            thresholds,
            sent: new Set(
              recorded
                .filter((a) => a.subjectId === 0)
                .map((a) =>
                  alertKey({ kind: a.kind as 'expiry', thresholdDays: a.thresholdDays, dueDate: a.dueDate }),
                ),
            ),
            today: on,
          });
          for (const alert of due.passed) {
            await repo.recordAlert({
              organisationId: c.organisationId,
              contractId: c.id,
              kind: alert.kind,
              thresholdDays: alert.thresholdDays,
              dueDate: alert.dueDate,
              sent: false,
            });
          }
          for (const alert of due.send) {
            const fresh = await repo.recordAlert({
              organisationId: c.organisationId,
              contractId: c.id,
              kind: alert.kind,
              thresholdDays: alert.thresholdDays,
              dueDate: alert.dueDate,
              sent: true,
            });
            if (!fresh) continue;
            sent += 1;
            ids.push(
              ...(await notifications.announce(tx, {
                userIds: [c.ownerUserId, ...c.alertUserIds],
                organisationId: c.organisationId,
                template: alert.kind === 'expiry' ? 'contract_expiry_alert' : 'contract_notice_alert',
                params: {
                  reference: c.number,
                  title: c.title,
                  supplier: row.supplierName,
                  date: alert.dueDate,
                  days: alert.daysLeft,
                },
                path: contractPath(c.id),
              })),
            );
          }
          return ids;
        });
        await notifications.dispatch(mailIds);
      }
      for (const { obligation, contract: c } of await repository.openObligationsDueBy(addDays(on, 366))) {
        if (
          !obligationReminderDue({
            dueDate: obligation.dueDate,
            remindDays: obligation.remindDays,
            today: on,
            done: obligation.doneAt !== null,
          })
        )
          continue;
        const mailIds = await db.transaction(async (tx) => {
          const fresh = await contractsRepository(tx).recordAlert({
            organisationId: c.organisationId,
            contractId: c.id,
            kind: 'obligation',
            subjectId: obligation.id,
            thresholdDays: obligation.remindDays,
            dueDate: obligation.dueDate,
            sent: true,
          });
          if (!fresh) return [];
          sent += 1;
          return notifications.announce(tx, {
            userIds: [obligation.ownerUserId],
            organisationId: c.organisationId,
            template: 'contract_obligation_reminder',
            params: { reference: c.number, obligation: obligation.title, date: obligation.dueDate },
            path: contractPath(c.id),
          });
        });
        await notifications.dispatch(mailIds);
      }
      return { sent, expired, renewed };
    },
  };

  async function portalLoad(principal: Principal, id: number) {
    const supplierId = supplierIdOf(principal);
    // The selected buyer's contract only (as the RFQ portal's `forSupplier`); none before one is chosen.
    if (principal.buyerCompanyId === null) throw notFound(message('contract.not_found'));
    const found = await contractsRepository(db).findForSupplier(
      currentOrganisation(principal),
      supplierId,
      id,
    );
    if (!found || ['draft', 'in_approval', 'approved'].includes(found.contract.status))
      throw notFound(message('contract.not_found'));
    return found;
  }
}

function filterOf(query: ContractsQuery, today: string): ContractFilter {
  return {
    status: query.status,
    kind: query.kind,
    supplierId: query.supplier,
    departmentId: query.department,
    search: query.search || undefined,
    endsFrom: query.ends_from,
    endsTo: query.ends_to,
    valueMin: query.value_min,
    valueMax: query.value_max,
    activeEndingBy: query.expiring_within === undefined ? undefined : addDays(today, query.expiring_within),
  };
}

/** One awarded line, as the `{{items}}` merge field lists it (amounts as decimal text of the currency). */
export interface AwardItem {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  net: string;
}

/** The awarded items as an HTML table for the `{{items}}` merge field (every value escaped). */
function itemsTable(items: AwardItem[]) {
  const rows = items
    .map((i) => [i.description, `${i.quantity} ${i.unit}`, i.unitPrice, i.net])
    .map((cells) => `<tr>${cells.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr><th>Item</th><th>Quantity</th><th>Unit price</th><th>Net</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function templateView(row: {
  id: number;
  name: string;
  language: string;
  bodyHtml: string;
  active: boolean;
  createdAt: Date;
}) {
  const { fields, unknown } = templateFields(row.bodyHtml);
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    body_html: row.bodyHtml,
    fields,
    unknown_fields: unknown,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

function clauseView(row: {
  id: number;
  title: string;
  language: string;
  bodyHtml: string;
  alternativeOf: number | null;
  approved: boolean;
  createdAt: Date;
}) {
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    body_html: row.bodyHtml,
    alternative_of: row.alternativeOf,
    approved: row.approved,
    created_at: row.createdAt.toISOString(),
  };
}

function documentView(row: {
  id: number;
  name: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
}) {
  return {
    id: row.id,
    name: row.name,
    content_type: row.contentType,
    size: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
  };
}

function obligationView({
  obligation: o,
  firstName,
  lastName,
}: {
  obligation: {
    id: number;
    kind: string;
    title: string;
    dueDate: string;
    ownerUserId: number;
    remindDays: number;
    doneAt: Date | null;
  };
  firstName: string;
  lastName: string;
}) {
  return {
    id: o.id,
    kind: o.kind as 'delivery',
    title: o.title,
    due_date: o.dueDate,
    owner: { id: o.ownerUserId, name: `${firstName} ${lastName}` },
    remind_days: o.remindDays,
    done_at: iso(o.doneAt),
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
