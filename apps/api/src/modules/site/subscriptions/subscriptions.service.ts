import {
  message,
  SUBSCRIPTION_NOTICES,
  type SubscriptionFormValues,
  type SubscriptionOrder,
  type SubscriptionPlans,
} from '@zabuni/contracts';
import {
  isValidTaxPin,
  maskCompanyName,
  maskEmail,
  maskName,
  maskPhone,
  normaliseTaxPin,
  PAYMENT_PLANS,
  PAYMENT_STATUS_CODE,
  PLAN_PRODUCTS,
  subscriptionPeriod,
} from '@zabuni/domain';
import type { Db } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { AuditEvent, AuditService } from '../../shared/audit/index.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { MailService } from '../../shared/mail/index.ts';
import {
  insertOrder,
  newOrderCode,
  newOrderReference,
  type OrderRow,
  type PaymentsService,
  type ProductHooks,
} from '../../shared/payments/index.ts';
import { subscriptionsRepository } from './subscriptions.repository.ts';

/** The payments module's product name for tender-alert subscriptions. */
export const SUBSCRIPTION_PRODUCT = 'alert_subscription';

const formatAmount = (currency: string, minor: number) =>
  `${currency} ${(minor / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * SPEC §7 tender-alert subscriptions: the form creates (or updates) the subscriber and an order to pay;
 * the order opens by its unguessable code with personal data masked; payment goes through the payments
 * module, whose fulfilment starts or extends the subscriber's period.
 */
export function createSubscriptionsService(deps: {
  db: Db;
  clock: Clock;
  mail: MailService;
  payments: PaymentsService;
  publicUrl: string;
}) {
  const { db, clock, mail, payments } = deps;
  const repository = subscriptionsRepository(db);
  const checkoutLink = (code: string) => `${deps.publicUrl}/tenders-checkout/${encodeURIComponent(code)}`;

  async function createOrder(
    subscriptionId: number,
    subscriber: { email: string; firstName: string; lastName: string },
    plan: SubscriptionFormValues['payment_plan'],
  ): Promise<{ code: string; reference: string; mailId: number | null }> {
    const price = await repository.price(PLAN_PRODUCTS[plan]);
    if (!price) {
      throw new AppError('unavailable', message('subscription.unavailable'));
    }
    return db.transaction(async (tx) => {
      const code = newOrderCode();
      const reference = newOrderReference('ZS');
      const orderId = await insertOrder(tx, {
        code,
        reference,
        product: SUBSCRIPTION_PRODUCT,
        subjectId: subscriptionId,
        description: `Tender alerts, ${plan} plan`,
        amountMinor: price.amountMinor,
        currency: price.currency,
        customerEmail: subscriber.email,
        customerName: `${subscriber.firstName} ${subscriber.lastName}`,
      });
      await subscriptionsRepository(tx).insertOrderLink(orderId, subscriptionId, plan);
      const mailId = await mail.enqueue(tx, {
        to: subscriber.email,
        template: 'subscription_received',
        language: 'en',
        params: {
          name: subscriber.firstName,
          reference,
          plan,
          amount: formatAmount(price.currency, price.amountMinor),
          link: checkoutLink(code),
        },
      });
      return { code, reference, mailId };
    });
  }

  async function loadOrder(code: string) {
    const row = await repository.findOrder(code);
    if (!row || row.order.product !== SUBSCRIPTION_PRODUCT) throw notFound(message('subscription.not_found'));
    return row;
  }

  return {
    /** The plans on sale at today's prices; a plan without a price is not offered. */
    async plans(): Promise<SubscriptionPlans> {
      const results: SubscriptionPlans['results'] = [];
      for (const plan of PAYMENT_PLANS) {
        const price = await repository.price(PLAN_PRODUCTS[plan]);
        if (price) {
          results.push({
            payment_plan: plan,
            currency: price.currency,
            amount: price.amountMinor / 100,
            tax: 0,
          });
        }
      }
      return { results };
    },

    /** SPEC §7 subscribe: 201 with the order's code; the checkout at /tenders-checkout/{code} pays it. */
    async subscribe(form: SubscriptionFormValues) {
      const country = await repository.countryIso2(form.country);
      if (!country) throw fieldError('country', message('subscription.country'));
      // Checked like the registration's: the KRA format in Kenya, plausibility elsewhere; stored normalised.
      const kraPin = form.kra_pin_number ? normaliseTaxPin(form.kra_pin_number) : null;
      if (kraPin !== null && !isValidTaxPin(kraPin, country)) {
        throw fieldError(
          'kra_pin_number',
          message(country.toUpperCase() === 'KE' ? 'auth.kra_pin' : 'auth.tax_id'),
        );
      }
      const known = await repository.existingCategoryIds(form.categories);
      if (known.length !== form.categories.length) {
        throw fieldError('categories', message('subscription.unknown_category'));
      }
      const now = clock.now();
      const subscriptionId = await db.transaction(async (tx) => {
        const repo = subscriptionsRepository(tx);
        const id = await repo.upsert(
          {
            email: form.email,
            companyName: form.company_name,
            kraPin,
            phone: form.phone_number ?? null,
            firstName: form.first_name,
            lastName: form.last_name,
            countryId: form.country,
            city: form.city,
            paymentPlan: form.payment_plan,
            marketing: form.marketing ?? null,
          },
          now,
        );
        await repo.replaceCategories(id, form.categories);
        return id;
      });
      const order = await createOrder(
        subscriptionId,
        { email: form.email, firstName: form.first_name, lastName: form.last_name },
        form.payment_plan,
      );
      if (order.mailId !== null) await mail.dispatch([order.mailId]);
      return { code: order.code, reference: order.reference, detail: SUBSCRIPTION_NOTICES.submitted };
    },

    /**
     * SPEC §4 "existing subscription": the order to proceed with for a known email. Its newest unpaid
     * order, or a renewal order with the same details and plan when every order is paid. 404 otherwise.
     */
    async findByEmail(email: string) {
      const subscription = await repository.findByEmail(email);
      if (!subscription) throw notFound(message('subscription.no_previous'));
      let code = await repository.openOrderCode(subscription.id);
      if (!code) {
        const order = await createOrder(subscription.id, subscription, subscription.paymentPlan);
        code = order.code;
      }
      return { supplier: { email: maskEmail(subscription.email) }, code };
    },

    /** SPEC §3 subscription order, by its code: opens without login, so personal data is masked. */
    async getOrder(code: string): Promise<SubscriptionOrder> {
      const row = await loadOrder(code);
      const facts = await payments.paymentFacts(row.order);
      const { subscription, link, order } = row;
      return {
        code: order.code,
        currency: order.currency,
        amount: order.amountMinor / 100,
        tax: 0,
        reference: order.reference,
        payment_plan: link.paymentPlan,
        payment_status: PAYMENT_STATUS_CODE[order.paymentState],
        ...facts,
        supplier: {
          company_name: maskCompanyName(subscription.companyName),
          contact_name: maskName(`${subscription.firstName} ${subscription.lastName}`),
          email: maskEmail(subscription.email),
          phone_number: subscription.phone ? maskPhone(subscription.phone) : null,
        },
        categories: row.categories,
        country: { id: subscription.countryId, name: row.countryName, iso2: row.countryIso2 },
        period:
          link.periodStartsAt && link.periodEndsAt
            ? { starts_at: link.periodStartsAt.toISOString(), ends_at: link.periodEndsAt.toISOString() }
            : null,
      };
    },

    async getPaymentStatus(code: string) {
      const { order } = await loadOrder(code);
      return {
        code: order.code,
        payment_status: PAYMENT_STATUS_CODE[order.paymentState],
        payment_state: order.paymentState,
      };
    },

    /** SPEC §7 subscription payment: M-Pesa STK push, or the hosted card page (data.url). */
    async pay(code: string, request: { payment_type: 'mpesa' | 'dpo'; phone_number?: string | undefined }) {
      await loadOrder(code);
      if (request.payment_type === 'dpo') {
        const started = await payments.payWithDpo(code);
        return { detail: started.message, data: { url: started.url } };
      }
      if (!request.phone_number) throw fieldError('phone_number', message('field.required'));
      const started = await payments.payWithMpesa(code, request.phone_number);
      return { detail: started.message };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/**
 * What paying a subscription order does: the subscriber's period starts (or, while one is running, is
 * extended from its end) by the order's plan. Runs once, in the transaction that marks the order paid.
 */
export function alertSubscriptionProduct({
  audit,
  clock,
}: {
  audit: AuditService;
  clock: Clock;
}): ProductHooks {
  return {
    async fulfil(tx, order: OrderRow, receipt) {
      const repo = subscriptionsRepository(tx);
      const row = await repo.lockForOrder(order.id);
      if (!row) return;
      const paidAt = order.paidAt ?? clock.now();
      const current = row.subscription.endsAt;
      const period = subscriptionPeriod(row.link.paymentPlan, paidAt, current);
      const running = current !== null && current.getTime() > paidAt.getTime();
      await repo.setPeriod(
        row.subscription.id,
        order.id,
        {
          ...period,
          subscriptionStartsAt: running ? (row.subscription.startsAt ?? period.start) : period.start,
        },
        clock.now(),
      );
      await audit.record(tx, {
        action: 'subscription.paid',
        actorUserId: null,
        detail: {
          subscription_id: row.subscription.id,
          reference: order.reference,
          plan: row.link.paymentPlan,
          ends_at: period.end.toISOString(),
          method: receipt.method,
          receipt: receipt.receipt,
        },
      });
    },

    /**
     * The same for a batch of paid orders (the M-Pesa callback processor), in three statements however
     * many: the subscribers locked (in id order), every period written, every audit entry inserted. Two
     * orders of one subscriber in a batch extend it one after the other, as two fulfilments would.
     */
    async fulfilMany(tx, paid) {
      const repo = subscriptionsRepository(tx);
      const rows = await repo.lockForOrders(paid.map((p) => p.order.id));
      const byOrder = new Map(rows.map((row) => [row.link.orderId, row]));
      const current = new Map(rows.map((row) => [row.subscription.id, row.subscription]));
      const periods = [];
      const events: AuditEvent[] = [];
      for (const { order, receipt } of paid) {
        const row = byOrder.get(order.id);
        if (!row) continue;
        const subscriber = current.get(row.subscription.id)!;
        const paidAt = order.paidAt ?? clock.now();
        const period = subscriptionPeriod(row.link.paymentPlan, paidAt, subscriber.endsAt);
        const running = subscriber.endsAt !== null && subscriber.endsAt.getTime() > paidAt.getTime();
        const subscriptionStartsAt = running ? (subscriber.startsAt ?? period.start) : period.start;
        current.set(subscriber.id, { ...subscriber, startsAt: subscriptionStartsAt, endsAt: period.end });
        periods.push({ subscriptionId: subscriber.id, orderId: order.id, ...period, subscriptionStartsAt });
        events.push({
          action: 'subscription.paid',
          actorUserId: null,
          detail: {
            subscription_id: subscriber.id,
            reference: order.reference,
            plan: row.link.paymentPlan,
            ends_at: period.end.toISOString(),
            method: receipt.method,
            receipt: receipt.receipt,
          },
        });
      }
      await repo.setPeriods(periods, clock.now());
      await audit.recordMany(tx, events);
    },
  };
}
