import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  savedSearch,
  savedSearchForm,
  savedSearchList,
  tenderAlertManage,
  tenderAlertOverview,
  tenderAlertProfileUpdate,
  tenderAlertRenewal,
  tenderAlertRun,
  tenderAlertTokenParams,
  tenderAlertUnsubscribed,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { TenderAlertsService } from './tender-alerts.service.ts';

const tags = ['Tender alerts'];
const PUBLIC = { access: { side: 'public' } } as const;
const SIGNED_IN = { access: { side: 'signed_in' } } as const;
const OPERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 404: errorBody, 429: errorBody };

/**
 * Issue 19: the links of every alert mail (manage, one-click unsubscribe; no sign-in, an unguessable token)
 * and the operator's digest view and "send this week's digests now".
 */
export const tenderAlertsRoutes =
  ({ alerts, limiter }: { alerts: TenderAlertsService; limiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; the body's content does not matter.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    const slowDown = (ip: string) =>
      limiter.hit({ key: `tender-alert-link:ip:${ip}`, limit: 60, windowSeconds: 600 });

    app.post(
      '/tender-alerts/unsubscribe/:token/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary:
            'One-click unsubscribe from tender-alert mails (RFC 8058 List-Unsubscribe-Post; no sign-in)',
          description:
            "The target of every alert mail's `List-Unsubscribe` header and of the unsubscribe page. Any body " +
            '(`List-Unsubscribe=One-Click` as a form, JSON or none); idempotent. The paid period is kept.',
          params: tenderAlertTokenParams,
          response: { 200: tenderAlertUnsubscribed, ...errors },
        },
      },
      async (request) => {
        await slowDown(request.ip);
        return alerts.unsubscribe(request.params.token);
      },
    );

    app.get(
      '/tender-alerts/manage/:token/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: "A subscriber's alert settings and period, by the token of its alert mails",
          params: tenderAlertTokenParams,
          response: { 200: tenderAlertManage, ...errors },
        },
      },
      async (request) => {
        await slowDown(request.ip);
        return alerts.manage(request.params.token);
      },
    );

    app.patch(
      '/tender-alerts/manage/:token/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Change categories, language and the optional filters; unsubscribe or subscribe again',
          params: tenderAlertTokenParams,
          body: tenderAlertProfileUpdate,
          response: { 200: tenderAlertManage, ...errors },
        },
      },
      async (request) => {
        await slowDown(request.ip);
        return alerts.update(request.params.token, request.body);
      },
    );

    app.post(
      '/tender-alerts/manage/:token/renew/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The checkout order renewing the subscription (open it at /tenders-checkout/{code})',
          params: tenderAlertTokenParams,
          response: { 200: tenderAlertRenewal, ...errors },
        },
      },
      async (request) => {
        await slowDown(request.ip);
        return alerts.renew(request.params.token);
      },
    );

    app.get(
      '/tender-alerts/digests/',
      {
        config: OPERATOR,
        schema: {
          tags,
          summary: 'Operator: sends per week, deliveries, failures, unsubscribes, categories without notices',
          response: { 200: tenderAlertOverview, 401: errorBody, 403: errorBody },
        },
      },
      async () => alerts.overview(),
    );

    app.post(
      '/tender-alerts/digests/run/',
      {
        config: OPERATOR,
        schema: {
          tags,
          summary: "Operator: send this week's digests now (what is due; a second run sends nothing more)",
          response: { 200: tenderAlertRun, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => alerts.run({ userId: principalOf(request).userId, ip: request.ip }),
    );

    // Saved searches (signed-in users): any public tender-list filters under a name, instant or daily alerts.
    app.get(
      '/tender-alerts/saved-searches/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: "The caller's saved searches",
          response: { 200: savedSearchList, 401: errorBody },
        },
      },
      async (request) => alerts.listSaved(principalOf(request)),
    );

    app.post(
      '/tender-alerts/saved-searches/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Save the public tender filters under a name, with instant or daily alerts',
          description:
            'Saving under a name the caller already uses replaces that search. Alerts list the tenders that ' +
            'become public from now on and match the filters (instant: within minutes; daily: once a day).',
          body: savedSearchForm,
          response: { 201: savedSearch, 400: errorBody, 401: errorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await alerts.saveSearch(principalOf(request), request.body)),
    );

    app.delete(
      '/tender-alerts/saved-searches/:id/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: "Delete one of the caller's saved searches (404 for anyone else's)",
          params: idParams,
          response: { 204: z.null(), 401: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        await alerts.deleteSearch(principalOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/tender-alerts/saved-searches/unsubscribe/:token/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: "One-click unsubscribe from a saved search's alerts (RFC 8058; no sign-in)",
          params: tenderAlertTokenParams,
          response: { 200: z.object({ name: z.string(), unsubscribed_at: z.string() }), ...errors },
        },
      },
      async (request) => {
        await slowDown(request.ip);
        return alerts.unsubscribeSaved(request.params.token);
      },
    );
  };
