import {
  message,
  type CreditNoteForm,
  type CreditNoteView,
  type InvoiceCreditNotesView,
} from '@zabuni/contracts';
import {
  creditLine,
  decimalTextToMinor,
  formatMinor,
  hasRole,
  isCreditable,
  minorToDecimalText,
  nairobiDate,
  openAmountMinor,
  quantityToThousandths,
  thousandthsToQuantity,
  type CreditLineProblem,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { AppError, fieldError, isUniqueViolation, lineError } from '../../../../infra/errors.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import type { InvoicesService } from '../invoices/index.ts';
import { creditNotesRepository } from './credit-notes.repository.ts';

/**
 * Credit notes (issue 16 point 8): the supplier issues one in its portal against one of its invoices, or
 * finance enters one on its behalf. Each line is checked and priced against what is left of its invoice
 * line (domain `creditLine`), the whole against what is still open; the invoice module then matches the
 * invoice again net of credits, so a credit note answers the exception it was asked for. No acceptance
 * step of its own: it only lowers what is owed, and the invoice it brings inside tolerance goes through the
 * invoice's approval (the one engine).
 */
export function createCreditNotesService({
  db,
  invoices,
  audit,
  notifications,
  clock,
}: {
  db: Db;
  invoices: InvoicesService;
  audit: AuditService;
  notifications: NotificationsService;
  clock: Clock;
}) {
  async function view(
    executor: Executor,
    organisationId: number,
    invoice: { id: number; invoiceNumber: string },
    supplier: { id: number; name: string },
  ): Promise<CreditNoteView[]> {
    const repository = creditNotesRepository(executor);
    const notes = await repository.ofInvoice(organisationId, invoice.id);
    const lines = await repository.linesOf(notes.map((n) => n.note.id));
    return notes.map(({ note, firstName, lastName }) => {
      const money = (minor: number) => minorToDecimalText(minor, note.currency);
      return {
        id: note.id,
        number: note.number,
        invoice: { id: invoice.id, invoice_number: invoice.invoiceNumber },
        supplier,
        credit_note_date: note.creditNoteDate,
        currency: note.currency,
        subtotal: money(note.subtotalMinor),
        tax: money(note.taxMinor),
        total: money(note.totalMinor),
        reason: note.reason,
        status: note.status,
        entered_by: note.enteredBy,
        entered_by_user: { id: note.enteredByUserId, name: `${firstName} ${lastName}` },
        created_at: note.createdAt.toISOString(),
        lines: lines
          .filter((l) => l.line.creditNoteId === note.id)
          .map(({ line, invoiceLineNo, description }) => ({
            line_no: line.lineNo,
            invoice_line_no: invoiceLineNo,
            description,
            quantity: thousandthsToQuantity(line.quantityThousandths),
            unit_price_reduction:
              line.unitPriceReductionMinor === null ? null : money(line.unitPriceReductionMinor),
            amount: line.amountMinor === null ? null : money(line.amountMinor),
            net: money(line.netMinor),
            tax: money(line.taxMinor),
          })),
      };
    });
  }

  const LINE_MESSAGES: Record<
    Exclude<CreditLineProblem, 'empty' | 'mixed'>,
    (limit: number, currency: string) => ReturnType<typeof message>
  > = {
    quantity: (limit) => message('credit_note.quantity', { quantity: thousandthsToQuantity(limit) }),
    price: (limit, currency) => message('credit_note.price', { amount: formatMinor(limit, currency) }),
    amount: (limit, currency) => message('credit_note.amount', { amount: formatMinor(limit, currency) }),
  };

  return {
    /** An invoice's credit notes and what is still open on it; `supplierId` from the portal. */
    async list(
      principal: Principal,
      invoiceId: number,
      supplierId?: number,
    ): Promise<InvoiceCreditNotesView> {
      const organisationId = currentOrganisation(principal);
      // A read: the invoice is not locked.
      return db.transaction(async (tx) => {
        const { found } = await invoices.forCredit(tx, organisationId, invoiceId, supplierId, false);
        const i = found.invoice;
        const money = (minor: number) => minorToDecimalText(minor, i.currency);
        return {
          invoice: {
            id: i.id,
            invoice_number: i.invoiceNumber,
            status: i.status,
            currency: i.currency,
            total: money(i.totalMinor),
            credited: money(found.creditedMinor),
            paid: money(found.paidMinor),
            open: money(openAmountMinor(i.totalMinor, found.creditedMinor, found.paidMinor)),
            creditable: isCreditable(i.status),
          },
          results: await view(tx, organisationId, i, { id: i.supplierId, name: found.supplierName }),
        };
      });
    },

    /**
     * Records a credit note against an invoice: by its supplier (`supplierId`, from the portal) or by
     * finance (null). Refused with a 4xx when the invoice is not the supplier's (404), rejected or paid (409),
     * in another currency, dated wrongly, crediting more than a line or the invoice still holds, or when the
     * supplier already used the number (400).
     */
    async issue(
      principal: Principal,
      invoiceId: number,
      form: CreditNoteForm,
      supplierId: number | null,
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      if (supplierId === null && !hasRole(principal.grants, ['finance'], organisationId)) {
        throw new AppError('forbidden', message('invoice.not_permitted'));
      }
      let creditNoteId = 0;
      let mailIds: number[] = [];
      try {
        mailIds = await db.transaction(async (tx) => {
          const { found, lines } = await invoices.forCredit(
            tx,
            organisationId,
            invoiceId,
            supplierId ?? undefined,
          );
          const i = found.invoice;
          if (!isCreditable(i.status)) {
            throw new AppError(
              'conflict',
              message('credit_note.invoice_closed', { invoice_status: i.status.replace(/_/g, ' ') }),
            );
          }
          if (form.currency !== undefined && form.currency !== i.currency)
            throw fieldError('currency', message('credit_note.currency', { invoice_currency: i.currency }));
          if (form.credit_note_date > nairobiDate(clock.now()))
            throw fieldError('credit_note_date', message('credit_note.future'));
          if (form.credit_note_date < i.invoiceDate)
            throw fieldError(
              'credit_note_date',
              message('credit_note.before_invoice', { invoice_date: i.invoiceDate }),
            );
          const repository = creditNotesRepository(tx);
          const credited = await repository.creditedPerLine(i.id);
          const priced = form.lines.map((requested, index) => {
            const line = lines.find((l) => l.lineNo === requested.invoice_line_no);
            if (!line) throw lineError('lines', index, message('credit_note.line'));
            const minor = (text: string | null) => {
              if (text === null) return null;
              const value = decimalTextToMinor(text, i.currency);
              if (value === null) throw lineError('lines', index, message('credit_note.value'));
              return value;
            };
            const request = {
              quantityThousandths:
                requested.quantity === null ? null : quantityToThousandths(requested.quantity),
              unitPriceReductionMinor: minor(requested.unit_price_reduction),
              amountMinor: minor(requested.amount),
            };
            const before = credited.get(line.id);
            const result = creditLine(
              {
                quantityThousandths: line.quantityThousandths,
                netMinor: line.netMinor,
                taxBasisPoints: line.taxBasisPoints,
                creditedQuantityThousandths: before?.quantity ?? 0,
                creditedNetMinor: before?.netMinor ?? 0,
              },
              request,
            );
            if (!result.ok) {
              if (result.problem === 'empty')
                throw lineError('lines', index, message('credit_note.line_empty'));
              if (result.problem === 'mixed')
                throw lineError('lines', index, message('credit_note.line_mixed'));
              throw lineError('lines', index, LINE_MESSAGES[result.problem](result.limit, i.currency));
            }
            return { index, line, request, result };
          });
          const subtotalMinor = priced.reduce((sum, p) => sum + p.result.netMinor, 0);
          const taxMinor = priced.reduce((sum, p) => sum + p.result.taxMinor, 0);
          const totalMinor = subtotalMinor + taxMinor;
          const openMinor = openAmountMinor(i.totalMinor, found.creditedMinor, found.paidMinor);
          if (totalMinor > openMinor) {
            throw fieldError(
              'lines',
              message('credit_note.exceeds_open', {
                amount: formatMinor(totalMinor, i.currency),
                open: formatMinor(openMinor, i.currency),
              }),
            );
          }
          creditNoteId = await repository.insert({
            organisationId,
            supplierId: i.supplierId,
            invoiceId: i.id,
            number: form.number,
            creditNoteDate: form.credit_note_date,
            currency: i.currency,
            subtotalMinor,
            taxMinor,
            totalMinor,
            reason: form.reason,
            enteredBy: supplierId === null ? 'finance' : 'supplier',
            enteredByUserId: principal.userId,
          });
          await repository.insertLines(
            priced.map((p, n) => ({
              creditNoteId,
              invoiceLineId: p.line.id,
              lineNo: n + 1,
              quantityThousandths: p.result.quantityThousandths,
              unitPriceReductionMinor: p.request.unitPriceReductionMinor,
              amountMinor: p.request.amountMinor,
              netMinor: p.result.netMinor,
              taxMinor: p.result.taxMinor,
            })),
          );
          await audit.record(tx, {
            action: 'credit_note.issued',
            actorUserId: principal.userId,
            organisationId,
            ip,
            detail: {
              credit_note_id: creditNoteId,
              invoice_id: i.id,
              number: form.number,
              total_minor: totalMinor,
              entered_by: supplierId === null ? 'finance' : 'supplier',
            },
          });
          const after = await invoices.afterCredit(tx, organisationId, i.id, {
            creditNoteId,
            number: form.number,
            totalMinor,
            bySupplier: supplierId !== null,
          });
          return after.mailIds;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw fieldError('number', message('credit_note.duplicate', { number: form.number }));
        throw error;
      }
      await notifications.dispatch(mailIds);
      const list = await this.list(principal, invoiceId, supplierId ?? undefined);
      return { ...list.results.find((note) => note.id === creditNoteId)!, invoice_after: list.invoice };
    },
  };
}
export type CreditNotesService = ReturnType<typeof createCreditNotesService>;
