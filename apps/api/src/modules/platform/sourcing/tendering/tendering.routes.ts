import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  agpoReport,
  errorBody,
  openingRegister,
  paginated,
  paginationQuery,
  portalTender,
  portalTenderSummary,
  queryId,
  requisitionDecisionBody,
  tenderAddendumForm,
  tenderAnswerBody,
  tenderAwardForm,
  tenderBidForm,
  tenderBidReceipt,
  tenderCancelBody,
  tenderContractBody,
  tenderEvaluationForm,
  tenderEvaluationView,
  tenderForm,
  tenderingSettingsForm,
  tenderOpeningBody,
  tenderQuestionBody,
  tenderReportForm,
  tendersQuery,
  tenderSummary,
  tenderView,
} from '@zabuni/contracts';
import { formatEat, minorToDecimalText } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import type { RateLimiter } from '../../../shared/system/index.ts';
import { limitOpeningTries } from '../rfqs/index.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import { TENDERING_ROLES, type TenderingService } from './tendering.service.ts';

const tags = ['Sourcing: tenders'];
const portalTags = ['Supplier portal'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const PROCUREMENT = { access: { side: 'buyer', roles: TENDERING_ROLES } } as const;
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });
const stageParams = z.object({ id: queryId, stage: z.enum(['technical', 'financial']) });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** Tenders: the buyer's side under /sourcing/tenders/, the supplier's under /portal/tenders/. */
export const tenderingRoutes =
  ({
    tendering,
    limiter,
    publicUrl,
  }: {
    tendering: TenderingService;
    limiter: RateLimiter;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sourcing/tenders/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Tenders, newest first (bids counted; no bid content)',
          querystring: tendersQuery,
          response: { 200: paginated(tenderSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          tendering.list(
            principalOf(request),
            { status: request.query.status, search: request.query.search || undefined },
            page,
          ),
        ),
    );

    app.post(
      '/sourcing/tenders/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Raise a tender (a numbered draft): method checked against the thresholds',
          body: tenderForm,
          response: { 201: tenderView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await tendering.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/sourcing/tenders/settings/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'The organisation’s tendering thresholds and guard-rails',
          response: { 200: tenderingSettingsForm, ...errors },
        },
      },
      async (request) => tendering.settings(principalOf(request)),
    );

    app.put(
      '/sourcing/tenders/settings/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Change the thresholds (a public body keeps the statutory ones whatever is sent)',
          body: tenderingSettingsForm,
          response: { 200: tenderingSettingsForm, ...errors },
        },
      },
      async (request) => tendering.saveSettings(principalOf(request), request.body, request.ip),
    );

    app.get(
      '/sourcing/tenders/agpo/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'AGPO: share of awarded tender value to youth, women and PWD firms against 30 %',
          response: { 200: agpoReport, ...errors },
        },
      },
      async (request) => tendering.agpo(principalOf(request)),
    );

    app.get(
      '/sourcing/tenders/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One tender: before each opening, who bid and when, never what',
          params: idParams,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) => tendering.get(principalOf(request), request.params.id),
    );

    app.put(
      '/sourcing/tenders/:id/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Change a draft',
          params: idParams,
          body: tenderForm,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) => tendering.update(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/sourcing/tenders/:id/publish/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Publish the notice on the public bulletin; the bid keys are split among the committee',
          params: idParams,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) => tendering.publish(principalOf(request), request.params.id, request.ip),
    );

    app.post(
      '/sourcing/tenders/:id/justification/ask/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            "Ask for the approval of a draft's method justification (outside its threshold); publication waits for it",
          params: idParams,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) =>
        tendering.askJustificationApproval(principalOf(request), request.params.id, request.ip),
    );

    for (const [path, kind] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/sourcing/tenders/:id/justification/${path}/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary: `${kind === 'approved' ? 'Approve' : 'Reject'} the method justification waiting for the caller`,
            params: idParams,
            body: requisitionDecisionBody,
            response: { 200: tenderView, ...errors },
          },
        },
        async (request) =>
          tendering.decideJustification(
            principalOf(request),
            request.params.id,
            kind,
            request.body ?? {},
            request.ip,
          ),
      );
    }

    app.get(
      '/sourcing/tenders/:id/notice/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'The printable notice of a published tender (HTML; the public reads it on the bulletin)',
          params: idParams,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const { found, addenda, ocid, estimate } = await tendering.notice(
          principalOf(request),
          request.params.id,
        );
        const t = found.tender;
        const row = (label: string, value: string) =>
          `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
        const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(t.number)} ${escapeHtml(t.title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem;vertical-align:top}@media print{a{color:inherit}}</style></head>
<body><h1>Tender notice ${escapeHtml(t.number)}</h1><h2>${escapeHtml(t.title)}</h2><table>
${row('Procuring entity', found.buyerName)}${row('Method', t.method.replaceAll('_', ' '))}${row('Category', t.category)}
${row('Estimated value', `${t.currency} ${estimate}`)}${row('Bid security', `${t.currency} ${minorToDecimalText(t.bidSecurityMinor, t.currency)}`)}
${row('Reserved for AGPO', t.agpoReserved ? 'Yes (youth, women, persons with disability)' : 'No')}
${row('Closing and opening', formatEat(t.closingAt))}${row('Submission', 'Electronic, in the Zabuni supplier portal, in two sealed envelopes (technical and financial)')}
${row('OCDS identifier', ocid)}</table>
<h3>Description</h3><p>${escapeHtml(t.description).replaceAll('\n', '<br>')}</p>
${addenda.length ? `<h3>Addenda</h3><ol>${addenda.map((a) => `<li>${escapeHtml(a.note)} (closing ${escapeHtml(formatEat(a.closingAfter))})</li>`).join('')}</ol>` : ''}
</body></html>`;
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    app.post(
      '/sourcing/tenders/:id/clarifications/:question_id/answer/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Answer a question: published to every supplier, the asker never named',
          params: z.object({ id: queryId, question_id: queryId }),
          body: tenderAnswerBody,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) =>
        tendering.answer(
          principalOf(request),
          request.params.id,
          request.params.question_id,
          request.body.answer,
          request.ip,
        ),
    );

    app.post(
      '/sourcing/tenders/:id/addenda/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'An addendum; the closing moves to at least the statutory minimum after it',
          params: idParams,
          body: tenderAddendumForm,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) =>
        tendering.addendum(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/sourcing/tenders/:id/openings/:stage/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'A committee member confirms an opening with their passphrase (technical at closing; financial after the technical evaluation, passing bids only)',
          params: stageParams,
          body: tenderOpeningBody,
          response: { 200: tenderView, ...errors, 429: errorBody },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        // The same limits as an RFQ's opening: the passphrase is the same, so are the guesses at it.
        await limitOpeningTries(limiter, principal.userId, `tender:${request.params.id}`);
        return tendering.confirmOpening(
          principal,
          request.params.id,
          request.params.stage,
          request.body.passphrase,
          request.ip,
        );
      },
    );

    app.get(
      '/sourcing/tenders/:id/openings/:stage/register/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'The opening register (printable)',
          params: stageParams,
          response: { 200: openingRegister, ...errors },
        },
      },
      async (request) =>
        tendering.buyerOpeningRegister(principalOf(request), request.params.id, request.params.stage),
    );

    app.get(
      '/sourcing/tenders/:id/evaluation/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'My evaluation; the other evaluators’ only once mine is submitted',
          params: idParams,
          response: { 200: tenderEvaluationView, ...errors },
        },
      },
      async (request) => tendering.evaluation(principalOf(request), request.params.id),
    );

    app.put(
      '/sourcing/tenders/:id/evaluation/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Save my preliminary and technical scores',
          params: idParams,
          body: tenderEvaluationForm,
          response: { 200: tenderEvaluationView, ...errors },
        },
      },
      async (request) => tendering.saveEvaluation(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/sourcing/tenders/:id/evaluation/submit/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Submit my evaluation; with every evaluator’s, the technical results are fixed',
          params: idParams,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) => tendering.submitEvaluation(principalOf(request), request.params.id, request.ip),
    );

    app.put(
      '/sourcing/tenders/:id/report/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'The evaluation report and the head of procurement’s professional opinion',
          params: idParams,
          body: tenderReportForm,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) => tendering.report(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/sourcing/tenders/:id/award/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Ask for the award of a bid (through the approval engine when a workflow applies)',
          params: idParams,
          body: tenderAwardForm,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) =>
        tendering.award(principalOf(request), request.params.id, request.body.bid_id, request.ip),
    );

    for (const [path, kind] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/sourcing/tenders/:id/${path}/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary: `${kind === 'approved' ? 'Approve' : 'Reject'} the award waiting for the caller`,
            params: idParams,
            body: requisitionDecisionBody,
            response: { 200: tenderView, ...errors },
          },
        },
        async (request) =>
          tendering.decide(principalOf(request), request.params.id, kind, request.body ?? {}, request.ip),
      );
    }

    app.post(
      '/sourcing/tenders/:id/contract/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Link the contract with the successful bidder: no signature before the standstill ends',
          params: idParams,
          body: tenderContractBody,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) =>
        tendering.linkContract(principalOf(request), request.params.id, request.body.contract_id, request.ip),
    );

    app.post(
      '/sourcing/tenders/:id/cancel/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Cancel a tender before its award',
          params: idParams,
          body: tenderCancelBody,
          response: { 200: tenderView, ...errors },
        },
      },
      async (request) =>
        tendering.cancel(principalOf(request), request.params.id, request.body.reason, request.ip),
    );

    // The supplier portal.
    app.get(
      '/portal/tenders/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Published tenders, newest first',
          querystring: paginationQuery,
          response: { 200: paginated(portalTenderSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => tendering.portalList(principalOf(request), page)),
    );

    app.get(
      '/portal/tenders/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'One tender: notice, answered clarifications, addenda, my receipt, my outcome',
          params: idParams,
          response: { 200: portalTender, ...errors },
        },
      },
      async (request) => tendering.portalGet(principalOf(request), request.params.id),
    );

    app.post(
      '/portal/tenders/:id/interest/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Register my interest: I am then mailed the clarifications and addenda',
          params: idParams,
          response: { 200: portalTender, ...errors },
        },
      },
      async (request) => tendering.registerInterest(principalOf(request), request.params.id, request.ip),
    );

    app.post(
      '/portal/tenders/:id/clarifications/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Ask a question (answered to all without naming you)',
          params: idParams,
          body: tenderQuestionBody,
          response: { 200: portalTender, ...errors },
        },
      },
      async (request) =>
        tendering.ask(principalOf(request), request.params.id, request.body.question, request.ip),
    );

    app.put(
      '/portal/tenders/:id/bid/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Submit or replace my bid: two envelopes sealed at once; a receipt with their hashes',
          params: idParams,
          body: tenderBidForm,
          response: { 200: tenderBidReceipt, ...errors },
        },
      },
      async (request) =>
        tendering.submitBid(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.get(
      '/portal/tenders/:id/opening-register/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'The opening register, for a supplier that bid',
          params: idParams,
          response: { 200: openingRegister, ...errors },
        },
      },
      async (request) => tendering.portalOpeningRegister(principalOf(request), request.params.id),
    );
  };
