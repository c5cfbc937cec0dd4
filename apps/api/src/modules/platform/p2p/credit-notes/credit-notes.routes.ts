import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { creditNoteForm, errorBody, invoiceCreditNotes, issuedCreditNote, queryId } from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import type { CreditNotesService } from './credit-notes.service.ts';

const tags = ['Procure to pay: invoices'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

/** An invoice's credit notes on the buyer's side: every buyer role reads them, finance enters one. */
export const creditNotesRoutes =
  ({ creditNotes }: { creditNotes: CreditNotesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/invoices/:id/credit-notes/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'The invoice’s credit notes, and what is still open on it',
          params: idParams,
          response: { 200: invoiceCreditNotes, ...errors },
        },
      },
      async (request) => creditNotes.list(principalOf(request), request.params.id),
    );

    app.post(
      '/p2p/invoices/:id/credit-notes/',
      {
        // As for entering an invoice on the supplier's behalf: finance.
        config: { access: { side: 'buyer', roles: ['finance'] } },
        schema: {
          tags,
          summary:
            'Enter a supplier’s credit note against the invoice (finance); the invoice is matched again net of credits',
          params: idParams,
          body: creditNoteForm,
          response: { 201: issuedCreditNote, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await creditNotes.issue(principalOf(request), request.params.id, request.body, null, request.ip),
          ),
    );
  };
