import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  arrangementForm,
  arrangementView,
  continuityPlanForm,
  continuityPlanView,
  criticalServiceForm,
  criticalServiceView,
  errorBody,
  financialOverview,
  heatMapView,
  paginated,
  portalQuestionnaireView,
  queryId,
  questionnaireAnswerForm,
  questionnaireSendForm,
  questionnairesQuery,
  questionnaireView,
  reviewForm,
  riskAcceptanceForm,
  riskDashboard,
  riskDecisionBody,
  riskDetail,
  riskForm,
  riskSettings,
  riskSettingsForm,
  riskSummary,
  risksQuery,
  riskUpdate,
  singleSourceReport,
  supplierRiskProfileView,
  supplierRiskRow,
  thresholdRun,
  treatmentForm,
  treatmentUpdate,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { attachmentDisposition } from '../../../infra/file-types.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { RiskService } from './risk.service.ts';

const tags = ['Risk management'];
/** Every buyer role reads the organisation's risk data. */
const STAFF = { access: { side: 'buyer' } } as const;
/** Risk officers and administrators record, rate, treat and keep the registers. */
const MANAGERS = { access: { side: 'buyer', roles: ['org_admin', 'risk_officer'] as Role[] } } as const;
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] as Role[] } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

const csv = (name: string, body: string) => ({
  headers: {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachmentDisposition(name),
    'Cache-Control': 'private, no-cache',
  },
  body,
});

/** Risk management (issue 23): buyer staff's routes under /risk/, the supplier's questionnaires under /portal/risk/. */
export const riskRoutes =
  ({ risk, publicUrl }: { risk: RiskService; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    // The matrix, the appetite and the thresholds.
    app.get(
      '/risk/settings/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'The risk matrix, appetite and thresholds',
          response: { 200: riskSettings, ...errors },
        },
      },
      async (request) => risk.settings(principalOf(request)),
    );
    app.put(
      '/risk/settings/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary:
            'Configure the risk matrix (scales, colour bands, appetite) and thresholds (administrators)',
          body: riskSettingsForm,
          response: { 200: riskSettings, ...errors },
        },
      },
      async (request) => risk.saveSettings(principalOf(request), request.body, request.ip),
    );
    app.get(
      '/risk/heat-map/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Heat map of inherent and residual risk',
          response: { 200: heatMapView, ...errors },
        },
      },
      async (request) => risk.heatMap(principalOf(request)),
    );

    // The register.
    app.get(
      '/risk/risks/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'The risk register',
          querystring: risksQuery,
          response: { 200: paginated(riskSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          risk.list(
            principalOf(request),
            {
              status: request.query.status,
              category: request.query.category,
              supplierId: request.query.supplier_id,
              search: request.query.search || undefined,
              band: request.query.band || undefined,
            },
            page,
          ),
        ),
    );
    app.post(
      '/risk/risks/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Record a risk with its inherent (and residual) rating',
          body: riskForm,
          response: { 201: riskDetail, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await risk.create(principalOf(request), request.body, request.ip)),
    );
    app.get(
      '/risk/risks/export/',
      { config: STAFF, schema: { tags, summary: 'The risk register as CSV' } },
      async (request, reply) => {
        const file = csv('risk-register.csv', await risk.exportRegister(principalOf(request), request.ip));
        return reply.headers(file.headers).send(file.body);
      },
    );
    app.get(
      '/risk/risks/:id/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'A risk with its treatments and score history',
          params: idParams,
          response: { 200: riskDetail, ...errors },
        },
      },
      async (request) => risk.get(principalOf(request), request.params.id),
    );
    app.patch(
      '/risk/risks/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change or re-rate a risk (every score change is kept), close or reopen it',
          params: idParams,
          body: riskUpdate,
          response: { 200: riskDetail, ...errors },
        },
      },
      async (request) => risk.update(principalOf(request), request.params.id, request.body, request.ip),
    );
    app.post(
      '/risk/risks/:id/treatments/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add a treatment with its owner and due date',
          params: idParams,
          body: treatmentForm,
          response: { 201: riskDetail, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await risk.addTreatment(principalOf(request), request.params.id, request.body, request.ip)),
    );
    app.patch(
      '/risk/risks/:id/treatments/:treatment_id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change a treatment (progress, done)',
          params: z.object({ id: queryId, treatment_id: queryId }),
          body: treatmentUpdate,
          response: { 200: riskDetail, ...errors },
        },
      },
      async (request) =>
        risk.updateTreatment(
          principalOf(request),
          request.params.id,
          request.params.treatment_id,
          request.body,
          request.ip,
        ),
    );
    app.post(
      '/risk/risks/:id/acceptance/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Ask for acceptance of a risk above appetite (approved through the approval workflow)',
          params: idParams,
          body: riskAcceptanceForm,
          response: { 200: riskDetail, ...errors },
        },
      },
      async (request) =>
        risk.requestAcceptance(principalOf(request), request.params.id, request.body.reason, request.ip),
    );
    app.post(
      '/risk/risks/:id/acceptance/approve/',
      {
        // Whoever the workflow names for the current step.
        config: STAFF,
        schema: {
          tags,
          summary: 'Approve the acceptance (the workflow step waiting for you)',
          params: idParams,
          body: riskDecisionBody,
          response: { 200: riskDetail, ...errors },
        },
      },
      async (request) =>
        risk.decideAcceptance(
          principalOf(request),
          request.params.id,
          'approved',
          request.body.comment,
          request.ip,
        ),
    );
    app.post(
      '/risk/risks/:id/acceptance/reject/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Reject the acceptance (a reason is required): the risk goes back to open',
          params: idParams,
          body: riskDecisionBody,
          response: { 200: riskDetail, ...errors },
        },
      },
      async (request) =>
        risk.decideAcceptance(
          principalOf(request),
          request.params.id,
          'rejected',
          request.body.comment,
          request.ip,
        ),
    );

    // Business continuity.
    app.get(
      '/risk/continuity/services/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Critical services, their suppliers, BIA and continuity plans',
          response: { 200: z.array(criticalServiceView), ...errors },
        },
      },
      async (request) => risk.services(principalOf(request)),
    );
    app.post(
      '/risk/continuity/services/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add a critical service with its BIA (MTD, RTO, RPO) and suppliers',
          body: criticalServiceForm,
          response: { 201: criticalServiceView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await risk.saveService(principalOf(request), null, request.body, request.ip)),
    );
    app.get(
      '/risk/continuity/services/:id/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'One critical service',
          params: idParams,
          response: { 200: criticalServiceView, ...errors },
        },
      },
      async (request) => risk.service(principalOf(request), request.params.id),
    );
    app.put(
      '/risk/continuity/services/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change a critical service',
          params: idParams,
          body: criticalServiceForm,
          response: { 200: criticalServiceView, ...errors },
        },
      },
      async (request) => risk.saveService(principalOf(request), request.params.id, request.body, request.ip),
    );
    app.post(
      '/risk/continuity/plans/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add a continuity plan (alternates, stock, exit plan, tests)',
          body: continuityPlanForm,
          response: { 201: continuityPlanView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await risk.savePlan(principalOf(request), null, request.body, request.ip)),
    );
    app.put(
      '/risk/continuity/plans/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change a continuity plan, record a test and its result',
          params: idParams,
          body: continuityPlanForm,
          response: { 200: continuityPlanView, ...errors },
        },
      },
      async (request) => risk.savePlan(principalOf(request), request.params.id, request.body, request.ip),
    );
    app.get(
      '/risk/continuity/single-source/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Critical services with a single supplier (and with none)',
          response: { 200: singleSourceReport, ...errors },
        },
      },
      async (request) => risk.singleSourceReport(principalOf(request)),
    );

    // Financial risk.
    app.get(
      '/risk/financial/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Financial scores, spend concentration and exposure per supplier',
          response: { 200: financialOverview, ...errors },
        },
      },
      async (request) => risk.financialOverview(principalOf(request)),
    );
    app.post(
      '/risk/financial/evaluate/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Raise the risks the thresholds call for now (the daily job does the same)',
          response: { 200: thresholdRun, ...errors },
        },
      },
      async (request) => risk.evaluateThresholds(principalOf(request)),
    );
    app.get(
      '/risk/questionnaires/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Questionnaires sent to suppliers',
          querystring: questionnairesQuery,
          response: { 200: paginated(questionnaireView), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          risk.questionnaires(
            principalOf(request),
            { supplierId: request.query.supplier_id, kind: request.query.kind, status: request.query.status },
            page,
          ),
        ),
    );
    app.post(
      '/risk/questionnaires/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Send a financial or due-diligence questionnaire to a supplier',
          body: questionnaireSendForm,
          response: { 201: questionnaireView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await risk.sendQuestionnaire(principalOf(request), request.body, request.ip)),
    );
    app.get(
      '/risk/questionnaires/:id/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'A questionnaire with its answers and score',
          params: idParams,
          response: { 200: questionnaireView, ...errors },
        },
      },
      async (request) => risk.questionnaire(principalOf(request), request.params.id),
    );

    // Outsourcing (CBK/PG/16).
    app.get(
      '/risk/outsourcing/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'The outsourcing register',
          response: { 200: z.array(arrangementView), ...errors },
        },
      },
      async (request) => risk.arrangements(principalOf(request)),
    );
    app.post(
      '/risk/outsourcing/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add an outsourcing arrangement (materiality assessed)',
          body: arrangementForm,
          response: { 201: arrangementView, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await risk.saveArrangement(principalOf(request), null, request.body, request.ip)),
    );
    app.get(
      '/risk/outsourcing/export/',
      {
        config: STAFF,
        schema: { tags, summary: 'The outsourcing register as CSV, ready for the regulator' },
      },
      async (request, reply) => {
        const file = csv(
          'outsourcing-register.csv',
          await risk.exportArrangements(principalOf(request), request.ip),
        );
        return reply.headers(file.headers).send(file.body);
      },
    );
    app.get(
      '/risk/outsourcing/:id/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'One outsourcing arrangement',
          params: idParams,
          response: { 200: arrangementView, ...errors },
        },
      },
      async (request) => risk.arrangement(principalOf(request), request.params.id),
    );
    app.put(
      '/risk/outsourcing/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change an outsourcing arrangement',
          params: idParams,
          body: arrangementForm,
          response: { 200: arrangementView, ...errors },
        },
      },
      async (request) =>
        risk.saveArrangement(principalOf(request), request.params.id, request.body, request.ip),
    );
    app.post(
      '/risk/outsourcing/:id/reviews/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Record a periodic review (the next one is scheduled)',
          params: idParams,
          body: reviewForm,
          response: { 200: arrangementView, ...errors },
        },
      },
      async (request) =>
        risk.recordReview(
          principalOf(request),
          request.params.id,
          request.body.reviewed_on,
          request.body.note,
          request.ip,
        ),
    );

    // Supplier profiles and the dashboard.
    app.get(
      '/risk/suppliers/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Suppliers by risk score and band',
          response: { 200: z.array(supplierRiskRow), ...errors },
        },
      },
      async (request) => risk.supplierBands(principalOf(request)),
    );
    app.get(
      '/risk/suppliers/:id/profile/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: "A supplier's risk profile with the parts of its score",
          params: idParams,
          response: { 200: supplierRiskProfileView, ...errors },
        },
      },
      async (request) => risk.supplierProfile(principalOf(request), request.params.id),
    );
    app.get(
      '/risk/dashboard/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Heat map, top risks, overdue treatments and reviews, suppliers by band',
          response: { 200: riskDashboard, ...errors },
        },
      },
      async (request) => risk.dashboard(principalOf(request)),
    );

    // The supplier portal: a supplier's own questionnaires from the selected buyer.
    app.get(
      '/portal/risk/questionnaires/',
      {
        config: SUPPLIER,
        schema: {
          tags: ['Supplier portal'],
          summary: 'My risk questionnaires from this buyer',
          response: { 200: z.array(portalQuestionnaireView), ...errors },
        },
      },
      async (request) => risk.portalQuestionnaires(principalOf(request)),
    );
    app.get(
      '/portal/risk/questionnaires/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags: ['Supplier portal'],
          summary: 'One of my risk questionnaires',
          params: idParams,
          response: { 200: portalQuestionnaireView, ...errors },
        },
      },
      async (request) => risk.portalQuestionnaire(principalOf(request), request.params.id),
    );
    app.post(
      '/portal/risk/questionnaires/:id/answer/',
      {
        config: SUPPLIER,
        schema: {
          tags: ['Supplier portal'],
          summary:
            'Answer a risk questionnaire (financial statements or due diligence); it is scored at once',
          params: idParams,
          body: questionnaireAnswerForm,
          response: { 200: portalQuestionnaireView, ...errors },
        },
      },
      async (request) =>
        risk.answerQuestionnaire(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
