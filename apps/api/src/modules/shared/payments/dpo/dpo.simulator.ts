import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { dpoAmount } from '@zabuni/domain';
import {
  childElement,
  childText,
  DPO_SERVICE_DATE,
  parseDpoAmount,
  parseXml,
  xmlDocument,
  type XmlElement,
} from './dpo.wire.ts';

/**
 * A stand-in for DPO Pay's servers that speaks API v6: createToken, verifyToken and cancelToken at
 * `POST /API/v6/` with DPO's result codes, the hosted page `GET /payv2.php?ID={TransToken}` with the
 * browser redirects DPO makes, and (with `pushUrl`) the push notification after a payment.
 *
 * On the hosted page the buttons decide: Pay (verifyToken then answers 000), Decline (901) or Abandon
 * (back to BackURL, the token stays unpaid: 900). The time limit (PTL) is enforced (903).
 *
 * State lives in this process's memory on purpose: it plays DPO's servers, not ours, and a restart is DPO
 * forgetting its test transactions. Codes DPO does not document are the simulator's choice: an unknown
 * token is 902 (data mismatch) and cancelling a paid token is 999.
 */
export interface DpoSimulatorOptions {
  companyToken: string;
  /** Where the plugin is reachable from browsers, prefix included: `http://localhost:3000/sim/dpo`. */
  publicBase: string;
  /** Where to POST the push notification after a payment (DPO's merchant-account setting). */
  pushUrl?: string;
  /** Name shown on the hosted page. */
  merchantName?: string;
  /** Largest amount accepted (905 above), in minor units. */
  amountLimitMinor?: number;
  /** Wait between push attempts when the answer is not `OK` (three attempts in all). */
  pushRetryMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export const DPO_SIMULATOR_CURRENCIES = ['KES', 'USD', 'EUR', 'GBP', 'TZS', 'UGX', 'ZAR', 'RWF'] as const;

/** Oldest transactions are forgotten beyond this, so a long-running demo cannot grow without bound. */
const MAX_TRANSACTIONS = 10_000;
const BODY_LIMIT = 64 * 1024;
const PUSH_ATTEMPTS = 3;

interface Transaction {
  transToken: string;
  transRef: string;
  companyRef: string;
  amountMinor: number;
  currency: string;
  redirectUrl: string;
  backUrl: string;
  description: string;
  customerName: string;
  customerPhone: string;
  customerCountry: string;
  expiresAt: number;
  state: 'created' | 'paid' | 'declined' | 'cancelled';
  paid: { approval: string; transId: string; at: Date } | null;
}

type Fields = Record<string, string | undefined>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const isWebUrl = (text: string | undefined) => {
  try {
    return text !== undefined && ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const pad = (value: number) => String(value).padStart(2, '0');
const settlementDate = (at: Date) =>
  `${at.getUTCFullYear()}/${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}`;

export function dpoSimulator(options: DpoSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  const merchant = options.merchantName ?? 'Zabuni';
  const amountLimit = options.amountLimitMinor ?? 1_000_000_000;
  const pushRetryMs = options.pushRetryMs ?? 5_000;
  const publicBase = options.publicBase.replace(/\/+$/, '');
  const transactions = new Map<string, Transaction>();
  const paidRefs = new Set<string>();

  function remember(transaction: Transaction) {
    transactions.set(transaction.transToken, transaction);
    if (transactions.size > MAX_TRANSACTIONS) {
      const oldest = transactions.keys().next().value;
      if (oldest !== undefined) transactions.delete(oldest);
    }
  }

  /** Unpaid and past its time limit. */
  const expired = (transaction: Transaction) =>
    transaction.state === 'created' && now().getTime() > transaction.expiresAt;

  /** What verifyToken says about a paid transaction (and the push carries). */
  function paidFields(transaction: Transaction): Fields {
    const paid = transaction.paid!;
    const net = transaction.amountMinor - Math.round(transaction.amountMinor * 0.035);
    return {
      Result: '000',
      ResultExplanation: 'Transaction Paid',
      CustomerName: transaction.customerName,
      CustomerCredit: '4242',
      CustomerCreditType: 'Visa',
      TransactionApproval: paid.approval,
      TransactionCurrency: transaction.currency,
      TransactionAmount: dpoAmount(transaction.amountMinor),
      FraudAlert: '000',
      FraudExplnation: 'Low Risk (Not checked)',
      TransactionNetAmount: dpoAmount(net),
      TransactionSettlementDate: settlementDate(new Date(paid.at.getTime() + 2 * 86_400_000)),
      TransactionRollingReserveAmount: '0.00',
      TransactionRollingReserveDate: settlementDate(paid.at),
      CustomerPhone: transaction.customerPhone,
      CustomerCountry: transaction.customerCountry,
      CustomerAddress: '',
      CustomerCity: '',
      CustomerZip: '',
      MobilePaymentRequest: 'Not sent',
      AccRef: '',
    };
  }

  async function push(transaction: Transaction) {
    if (!options.pushUrl) return;
    const body = xmlDocument('API3G', {
      ...paidFields(transaction),
      TransactionToken: transaction.transToken,
      TransactionRef: transaction.companyRef,
    });
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      let answer = '';
      try {
        const response = await doFetch(options.pushUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/xml' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        answer = await response.text();
      } catch {
        // Unreachable or slow merchant: try again, as DPO does.
      }
      if (answer.trim() === 'OK') return;
      if (attempt < PUSH_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, pushRetryMs).unref());
    }
  }

  // ---- API v6 ----

  function createToken(root: XmlElement): Fields {
    const transaction = childElement(root, 'Transaction');
    const service = childElement(childElement(root, 'Services'), 'Service');
    const t = (name: string) => childText(transaction, name);
    const s = (name: string) => childText(service, name);
    const missing = [
      ['PaymentAmount', t('PaymentAmount')],
      ['PaymentCurrency', t('PaymentCurrency')],
      ['RedirectURL', t('RedirectURL')],
      ['BackURL', t('BackURL')],
      ['ServiceType', s('ServiceType')],
      ['ServiceDescription', s('ServiceDescription')],
      ['ServiceDate', s('ServiceDate')],
    ].find(([, value]) => value === undefined);
    if (missing)
      return { Result: '902', ResultExplanation: `Request missing mandatory field: ${missing[0]}` };

    const amountText = t('PaymentAmount')!;
    const amountMinor = /^\d+(\.\d{1,2})?$/.test(amountText) ? parseDpoAmount(amountText) : null;
    const ptlText = t('PTL') ?? '96';
    const ptlType = (t('PTLtype') ?? 'hours').toLowerCase();
    const phone = t('customerPhone');
    const country = t('customerCountry');
    const mismatch = [
      ['PaymentAmount', amountMinor !== null && amountMinor > 0],
      ['RedirectURL', isWebUrl(t('RedirectURL'))],
      ['BackURL', isWebUrl(t('BackURL'))],
      ['PTL', /^[1-9]\d{0,5}$/.test(ptlText)],
      ['PTLtype', ptlType === 'hours' || ptlType === 'minutes'],
      ['CompanyRefUnique', ['0', '1', undefined].includes(t('CompanyRefUnique'))],
      ['customerPhone', phone === undefined || /^\d{6,15}$/.test(phone)],
      ['customerCountry', country === undefined || /^[A-Za-z]{2}$/.test(country)],
      ['ServiceType', /^\d+$/.test(s('ServiceType')!)],
      ['ServiceDate', DPO_SERVICE_DATE.test(s('ServiceDate')!)],
    ].find(([, valid]) => !valid);
    if (mismatch)
      return { Result: '902', ResultExplanation: `Data mismatch in one of the fields - ${mismatch[0]}` };

    const currency = t('PaymentCurrency')!.toUpperCase();
    if (!(DPO_SIMULATOR_CURRENCIES as readonly string[]).includes(currency)) {
      return { Result: '904', ResultExplanation: 'Currency not supported' };
    }
    if (amountMinor! > amountLimit) return { Result: '905', ResultExplanation: 'Amount exceeds the limit' };
    const companyRef = t('CompanyRef') ?? '';
    if (t('CompanyRefUnique') === '1' && companyRef && paidRefs.has(companyRef)) {
      return { Result: '940', ResultExplanation: 'CompanyREF already exists and paid' };
    }

    const created: Transaction = {
      transToken: randomUUID().toUpperCase(),
      transRef: `R${randomInt(10_000_000, 99_999_999)}`,
      companyRef,
      amountMinor: amountMinor!,
      currency,
      redirectUrl: t('RedirectURL')!,
      backUrl: t('BackURL')!,
      description: s('ServiceDescription')!,
      customerName:
        [t('customerFirstName'), t('customerLastName')].filter(Boolean).join(' ') || 'Test Card Holder',
      customerPhone: phone ?? '',
      customerCountry: (country ?? 'KE').toUpperCase(),
      expiresAt: now().getTime() + Number(ptlText) * (ptlType === 'minutes' ? 60_000 : 3_600_000),
      state: 'created',
      paid: null,
    };
    remember(created);
    return {
      Result: '000',
      ResultExplanation: 'Transaction created',
      TransToken: created.transToken,
      TransRef: created.transRef,
    };
  }

  function findTransaction(root: XmlElement): Transaction | undefined {
    const token = childText(root, 'TransactionToken');
    if (token) return transactions.get(token.toUpperCase());
    // verifyToken may name the CompanyRef instead: the latest token for it.
    const companyRef = childText(root, 'CompanyRef');
    return companyRef
      ? [...transactions.values()].reverse().find((candidate) => candidate.companyRef === companyRef)
      : undefined;
  }

  const noTransaction = (root: XmlElement): Fields =>
    childText(root, 'TransactionToken') || childText(root, 'CompanyRef')
      ? { Result: '902', ResultExplanation: 'Data mismatch in one of the fields - TransactionToken' }
      : { Result: '950', ResultExplanation: 'Request missing mandatory fields - TransactionToken' };

  function verifyToken(root: XmlElement): Fields {
    const transaction = findTransaction(root);
    if (!transaction) return noTransaction(root);
    if (transaction.state === 'paid') return paidFields(transaction);
    if (transaction.state === 'declined') return { Result: '901', ResultExplanation: 'Transaction Declined' };
    if (transaction.state === 'cancelled')
      return { Result: '904', ResultExplanation: 'Transaction cancelled' };
    if (expired(transaction))
      return { Result: '903', ResultExplanation: 'The transaction passed the Payment Time Limit' };
    return { Result: '900', ResultExplanation: 'Transaction not paid yet' };
  }

  function cancelToken(root: XmlElement): Fields {
    const token = childText(root, 'TransactionToken');
    const transaction = token ? transactions.get(token.toUpperCase()) : undefined;
    if (!transaction) return noTransaction(root);
    if (transaction.state === 'paid') return { Result: '999', ResultExplanation: 'Transaction already paid' };
    transaction.state = 'cancelled';
    return { Result: '000', ResultExplanation: 'Transaction cancelled' };
  }

  function api(body: unknown): Fields {
    let root: XmlElement;
    try {
      root = parseXml(typeof body === 'string' ? body : '');
    } catch {
      return { Result: '804', ResultExplanation: 'Error in XML' };
    }
    if (root.name !== 'API3G') return { Result: '804', ResultExplanation: 'Error in XML' };
    const companyToken = childText(root, 'CompanyToken');
    if (!companyToken) return { Result: '801', ResultExplanation: 'Request missing company token' };
    if (companyToken !== options.companyToken) {
      return { Result: '802', ResultExplanation: 'Company token does not exist' };
    }
    switch (childText(root, 'Request')) {
      case 'createToken':
        return createToken(root);
      case 'verifyToken':
        return verifyToken(root);
      case 'cancelToken':
        return cancelToken(root);
      default:
        return { Result: '803', ResultExplanation: 'Error in request name' };
    }
  }

  // ---- Hosted page ----

  function page(reply: FastifyReply, status: number, title: string, content: string) {
    return reply.code(status).type('text/html; charset=utf-8').headers({
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · DPO Pay simulator</title>
<style>body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;padding:24px;color:#1c2433}
main{max-width:440px;margin:auto}.card{background:#fff;border-radius:14px;padding:22px;box-shadow:0 2px 10px #0002}
.test{background:#fff4d6;border:1px solid #e8c45c;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:14px}
h1{font-size:18px;margin:0 0 14px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:0 0 18px}
dt{color:#5a6577}dd{margin:0;font-weight:600;word-break:break-word}.amount{font-size:26px;font-weight:700;margin:6px 0 16px}
label{display:block;font-size:13px;color:#5a6577;margin:10px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9d0dc;border-radius:8px;font-size:15px;background:#f7f9fc}
.row{display:flex;gap:10px}.row>div{flex:1}.buttons{display:flex;gap:8px;margin-top:18px;flex-wrap:wrap}
button{flex:1;padding:12px;border-radius:8px;border:1px solid #c9d0dc;background:#fff;font-size:15px;cursor:pointer}
.pay{background:#0a5bd3;border-color:#0a5bd3;color:#fff;font-weight:600}.decline{color:#b42318}</style></head>
<body><main><p class="test">DPO Pay simulator: test mode, no real money moves.</p><div class="card">${content}</div></main></body></html>`);
  }

  /** The checkout, or what became of the payment (with `closedStatus`) once it can no longer be paid. */
  function checkoutPage(reply: FastifyReply, transaction: Transaction, closedStatus = 200) {
    const amount = `${dpoAmount(transaction.amountMinor)} ${transaction.currency}`;
    const details = `<h1>Pay ${escapeHtml(merchant)}</h1><p class="amount">${escapeHtml(amount)}</p>
<dl><dt>Merchant</dt><dd>${escapeHtml(merchant)}</dd><dt>Reference</dt><dd>${escapeHtml(transaction.companyRef)}</dd>
<dt>For</dt><dd>${escapeHtml(transaction.description)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd></dl>`;
    const closed = (title: string, text: string, status = closedStatus) =>
      page(reply, status, title, `${details}<p><strong>${escapeHtml(text)}</strong></p>`);
    if (transaction.state === 'paid') return closed('Paid', 'This payment is complete.');
    if (transaction.state === 'declined') return closed('Declined', 'This payment was declined.');
    if (transaction.state === 'cancelled') return closed('Cancelled', 'The merchant cancelled this payment.');
    if (expired(transaction)) return closed('Expired', 'The time to pay has passed.', 410);
    return page(
      reply,
      200,
      `Pay ${amount}`,
      `${details}<form method="post" action="${escapeHtml(`${publicBase}/payv2.php/act`)}">
<input type="hidden" name="ID" value="${escapeHtml(transaction.transToken)}">
<label for="number">Card number</label><input id="number" value="4242 4242 4242 4242" readonly>
<label for="holder">Name on card</label><input id="holder" value="${escapeHtml(transaction.customerName)}" readonly>
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" value="12/30" readonly></div>
<div><label for="cvv">CVV</label><input id="cvv" value="123" readonly></div></div>
<div class="buttons"><button class="pay" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button class="decline" name="action" value="decline">Decline</button>
<button name="action" value="abandon">Abandon</button></div></form>`,
    );
  }

  /** Where the browser goes after Pay or Decline: RedirectURL with DPO's (unsigned) query. */
  function backToMerchant(reply: FastifyReply, transaction: Transaction) {
    const url = new URL(transaction.redirectUrl);
    url.searchParams.set('TransID', transaction.paid?.transId ?? transaction.transToken);
    url.searchParams.set('CCDapproval', transaction.paid?.approval ?? '');
    url.searchParams.set('PnrID', transaction.companyRef);
    url.searchParams.set('TransactionToken', transaction.transToken);
    url.searchParams.set('CompanyRef', transaction.companyRef);
    return reply.redirect(url.toString(), 303);
  }

  return async function plugin(app: FastifyInstance) {
    // DPO clients post raw XML; the hosted page posts an HTML form. Ours replace any parser the app
    // registered for these types, inside this plugin only.
    const raw = (_request: unknown, body: string | Buffer, done: (error: null, body: string) => void) =>
      done(null, String(body));
    for (const type of ['application/xml', 'text/xml']) {
      if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: BODY_LIMIT }, raw);
    }
    if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.removeContentTypeParser('application/x-www-form-urlencoded');
    }
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const handleApi = async (request: { body: unknown }, reply: FastifyReply) =>
      reply.type('application/xml; charset=utf-8').send(xmlDocument('API3G', api(request.body)));
    app.post('/API/v6/', handleApi);

    app.get('/payv2.php', async (request, reply) => {
      const id = String((request.query as { ID?: unknown }).ID ?? '');
      const transaction = transactions.get(id.toUpperCase());
      if (!transaction) return page(reply, 404, 'Not found', '<h1>This payment link is not valid.</h1>');
      return checkoutPage(reply, transaction);
    });

    app.post('/payv2.php/act', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const transaction = transactions.get(String(form.ID ?? '').toUpperCase());
      if (!transaction) return page(reply, 404, 'Not found', '<h1>This payment link is not valid.</h1>');
      const action = form.action;
      if (action !== 'pay' && action !== 'decline' && action !== 'abandon') {
        return page(reply, 400, 'Bad request', '<h1>Choose Pay, Decline or Abandon.</h1>');
      }
      // A second press of Pay (double submit, back button) lands where the first did.
      if (transaction.state === 'paid' && action === 'pay') return backToMerchant(reply, transaction);
      if (transaction.state !== 'created' || expired(transaction))
        return checkoutPage(reply, transaction, 409);
      if (action === 'abandon') {
        const url = new URL(transaction.backUrl);
        url.searchParams.set('TransactionToken', transaction.transToken);
        url.searchParams.set('CompanyRef', transaction.companyRef);
        return reply.redirect(url.toString(), 303);
      }
      if (action === 'decline') {
        transaction.state = 'declined';
        return backToMerchant(reply, transaction);
      }
      transaction.state = 'paid';
      transaction.paid = {
        approval: String(randomInt(100_000, 999_999)),
        transId: transaction.transToken,
        at: now(),
      };
      if (transaction.companyRef) paidRefs.add(transaction.companyRef);
      void push(transaction);
      return backToMerchant(reply, transaction);
    });
  };
}
