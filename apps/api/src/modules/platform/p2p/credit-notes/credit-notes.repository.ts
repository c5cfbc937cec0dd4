import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { creditNoteLines, creditNotes } from '../../../../schema/credit-notes.tables.ts';
import { invoiceLines } from '../../../../schema/invoices.tables.ts';

/** The only SQL of credit notes and their lines; scoped to one buyer (and, from the portal, one supplier). */
export function creditNotesRepository(db: Executor) {
  return {
    async insert(values: typeof creditNotes.$inferInsert): Promise<number> {
      const [row] = await db.insert(creditNotes).values(values).returning({ id: creditNotes.id });
      return row!.id;
    },

    async insertLines(lines: (typeof creditNoteLines.$inferInsert)[]) {
      await db.insert(creditNoteLines).values(lines);
    },

    /** What earlier credit notes took off each line of the invoice (quantity and net, before tax). */
    async creditedPerLine(invoiceId: number) {
      const rows = await db
        .select({
          invoiceLineId: creditNoteLines.invoiceLineId,
          quantity: sql<number>`sum(${creditNoteLines.quantityThousandths})::bigint`.mapWith(Number),
          netMinor: sql<number>`sum(${creditNoteLines.netMinor})::bigint`.mapWith(Number),
        })
        .from(creditNoteLines)
        .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
        .where(eq(creditNotes.invoiceId, invoiceId))
        .groupBy(creditNoteLines.invoiceLineId);
      return new Map(rows.map((row) => [row.invoiceLineId, row]));
    },

    /** An invoice's credit notes, oldest first, with who entered them. */
    ofInvoice(organisationId: number, invoiceId: number) {
      return db
        .select({ note: creditNotes, firstName: users.firstName, lastName: users.lastName })
        .from(creditNotes)
        .innerJoin(users, eq(users.id, creditNotes.enteredByUserId))
        .where(and(eq(creditNotes.organisationId, organisationId), eq(creditNotes.invoiceId, invoiceId)))
        .orderBy(asc(creditNotes.creditNoteDate), asc(creditNotes.id));
    },

    /** The lines of these credit notes, with the invoice line each credits. */
    linesOf(creditNoteIds: number[]) {
      if (creditNoteIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          line: creditNoteLines,
          invoiceLineNo: invoiceLines.lineNo,
          description: invoiceLines.description,
        })
        .from(creditNoteLines)
        .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
        .where(inArray(creditNoteLines.creditNoteId, creditNoteIds))
        .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.lineNo));
    },
  };
}
