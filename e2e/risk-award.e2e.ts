import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';
import { HARAMBEE_NAME, workForHarambee } from './harambee.ts';

/**
 * Issue 23's "Done when" in Chromium, as one story on the demo data. Amina (buyer and risk officer) records a
 * risk on Savannah Office Supplies and sees it on the heat map; she sends Savannah the outsourcing due
 * diligence for its core banking hosting from the outsourcing register, and its financial statements
 * questionnaire; Savannah answers both in the portal; the due diligence is scored and linked from the
 * arrangement, the financial score appears on Savannah's risk profile, which puts it in the high band or
 * above. An RFQ that Savannah quoted on (raised, quoted and opened by API in the set-up) is then awarded to
 * it: under the rule "RFQ awards to high-risk suppliers: risk officer" the award waits for Grace, the other
 * risk officer, who approves it in her browser. Screens are photographed in English and Amharic at 1280 and
 * 390 px.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const BUYER = 'buyer@zabuni.example';
const GRACE = 'owner@zabuni.example';
const DANIEL = 'finance@zabuni.example';
const SUPPLIER = 'supplier@zabuni.example';
const SUPPLIER_NAME = 'Savannah Office Supplies Ltd';
const PASSWORD = 'zabuni-demo-2026';
const OPENING_PASSPHRASE = 'zabuni-demo-opening';
const ARRANGEMENT = 'Core banking hosting';
const RULE = 'RFQ awards to high-risk suppliers: risk officer';
/** How long Savannah has to quote (by API) before the committee may open. */
const QUOTE_WINDOW_MS = 30_000;

describe.skipIf(!chromiumPath)(
  'A high-risk supplier’s award asks the risk officer (issue 23), in Chromium',
  () => {
    const baseUrl = inject('baseUrl');
    const stamp = Date.now().toString(36);
    const riskTitle = `Savannah cannot pay its own suppliers ${stamp}`;
    const rfqTitle = `Branch stationery ${stamp}`;
    const tokens: Record<string, string> = {};
    const contexts: BrowserContext[] = [];
    let browser: Browser;
    let supplierId = 0;
    let harambeeId = 0;
    let arrangementId = 0;
    let diligenceId = 0;
    let financialId = 0;
    let rfq = { id: 0, number: '' };
    let ruleCreated: { id: number; body: Record<string, unknown> } | null = null;

    async function call<T>(who: string, method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          ...(tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      return (text ? JSON.parse(text) : null) as T;
    }
    const context = async (width: number, language = 'en'): Promise<BrowserContext> => {
      const created = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
      if (language !== 'en') await created.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
      contexts.push(created);
      return created;
    };
    const signIn = async (email: string, next: string, width = 1280, language = 'en') => {
      const page = await (await context(width, language)).newPage();
      await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
      const form = page.getByTestId('sign-in-form');
      await form.locator('input[autocomplete="username"]').first().fill(email);
      await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
      await form.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === next, { timeout: 30_000 });
      return page;
    };
    const pick = async (page: Page, testId: string, option: string | RegExp) => {
      await page.getByTestId(testId).click();
      await page.getByRole('option', { name: option }).first().click();
    };
    const shoot = (page: Page, name: string) =>
      page.screenshot({ path: `${SHOTS}risk-award-${name}.png`, fullPage: true });
    const profile = () =>
      call<{ score: number; band: string; financial: { score: number } | null }>(
        'buyer',
        'GET',
        `/risk/suppliers/${supplierId}/profile/`,
      );
    const questionnaires = async () =>
      (
        await call<{
          results: Array<{
            id: number;
            kind: string;
            status: string;
            arrangement_id: number | null;
            supplier: { id: number };
          }>;
        }>('buyer', 'GET', `/risk/questionnaires/?supplier_id=${supplierId}&page_size=100`)
      ).results;

    beforeAll(async () => {
      browser = await launchBrowser();
      for (const [who, email] of [
        ['buyer', BUYER],
        ['grace', GRACE],
        ['daniel', DANIEL],
        ['supplier', SUPPLIER],
      ] as const) {
        tokens[who] = '';
        tokens[who] = (
          await call<{ access: string }>(who, 'POST', '/authentication/token/', {
            username: email,
            password: PASSWORD,
          })
        ).access;
        tokens[who] = await workForHarambee(baseUrl, tokens[who]!);
      }
      const me = await call<{
        buyer_company_id: number;
        organisations: Array<{ organisation: { id: number; name: string } }>;
      }>('buyer', 'GET', '/authentication/me/');
      harambeeId = me.organisations.find((m) => m.organisation.name === HARAMBEE_NAME)!.organisation.id;
      // The supplier works for several demo buyers: its portal shows Harambee's questionnaires and RFQs.
      tokens.supplier = (
        await call<{ access: string }>('supplier', 'POST', '/authentication/switch-buyer/', {
          buyer_company_id: harambeeId,
        })
      ).access;
      const listed = await call<{ results: Array<{ supplier: { id: number; name: string } }> }>(
        'buyer',
        'GET',
        '/risk/financial/',
      );
      supplierId = listed.results.find((r) => r.supplier.name === SUPPLIER_NAME)!.supplier.id;
      const arrangements = await call<Array<{ id: number; service: string; supplier: { id: number } }>>(
        'buyer',
        'GET',
        '/risk/outsourcing/',
      );
      arrangementId = arrangements.find((a) => a.service === ARRANGEMENT && a.supplier.id === supplierId)!.id;

      // The workflow rule: an RFQ award to a supplier in the high band or above asks a risk officer.
      const rules = await call<{
        results: Array<{
          id: number;
          name: string;
          document_type: string;
          min_supplier_risk_band: string | null;
          active: boolean;
        }>;
      }>('buyer', 'GET', '/p2p/approval-workflows/?document_type=rfq_award&page_size=100');
      if (!rules.results.some((r) => r.min_supplier_risk_band === 'high' && r.active)) {
        const body = {
          name: RULE,
          document_type: 'rfq_award',
          priority: 10,
          min_supplier_risk_band: 'high',
          steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'risk_officer' }] }],
        };
        ruleCreated = {
          id: (await call<{ id: number }>('buyer', 'POST', '/p2p/approval-workflows/', body)).id,
          body,
        };
      }

      // The RFQ: raised to Savannah with Grace and Daniel opening it, published, quoted, closed and opened.
      for (const who of ['grace', 'daniel']) {
        const key = await call<{ has_key: boolean }>(who, 'GET', '/sourcing/opening-key/');
        if (!key.has_key)
          await call(who, 'PUT', '/sourcing/opening-key/', { passphrase: OPENING_PASSPHRASE });
      }
      const members = await call<{ results: Array<{ user_id: number; email: string }> }>(
        'buyer',
        'GET',
        '/organisations/members/?page_size=100',
      );
      const userOf = (email: string) => members.results.find((m) => m.email === email)!.user_id;
      const departments = await call<{ results: Array<{ id: number; code: string }> }>(
        'buyer',
        'GET',
        '/p2p/departments/?page_size=100',
      );
      const categories = await call<{ results: Array<{ id: number }> }>(
        'buyer',
        'GET',
        '/core/category-types/',
      );
      const closesAt = Date.now() + QUOTE_WINDOW_MS;
      rfq = await call<{ id: number; number: string }>('buyer', 'POST', '/sourcing/rfqs/', {
        title: rfqTitle,
        closing_at: new Date(closesAt).toISOString(),
        department_id: departments.results.find((d) => d.code === 'OPS')?.id ?? departments.results[0]!.id,
        terms: 'Delivery to the head office.',
        committee: [userOf(GRACE), userOf(DANIEL)],
        quorum: 2,
        suppliers: [supplierId],
        lines: [
          {
            description: 'A4 paper, 80 gsm, ream',
            category_id: categories.results[0]!.id,
            quantity: '100',
            unit: 'ream',
            estimated_unit_price: '700.00',
          },
        ],
      });
      const published = await call<{ status: string }>(
        'buyer',
        'POST',
        `/sourcing/rfqs/${rfq.id}/publish/`,
        {},
      );
      expect(published.status).toBe('published');
      await call('supplier', 'POST', `/portal/rfqs/${rfq.id}/quote/`, {
        lines: [{ line_no: 1, unit_price: '650.00' }],
        delivery_days: 7,
        validity_days: 60,
      });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 1_000)));
      for (const who of ['grace', 'daniel'])
        await call(who, 'POST', `/sourcing/rfqs/${rfq.id}/opening/confirm/`, {
          passphrase: OPENING_PASSPHRASE,
        });
      const opened = await call<{ status: string }>('buyer', 'GET', `/sourcing/rfqs/${rfq.id}/`);
      expect(opened.status).toBe('opened');
    }, 180_000);

    afterAll(async () => {
      for (const created of contexts) await created.close().catch(() => undefined);
      await browser?.close();
      // The rule stays on the demo only for this story: later files award RFQs of their own.
      if (ruleCreated)
        await call('buyer', 'PUT', `/p2p/approval-workflows/${ruleCreated.id}/`, {
          ...ruleCreated.body,
          active: false,
        }).catch(() => undefined);
    });

    it('records a risk on the supplier and sees it on the heat map', async () => {
      const page = await signIn(BUYER, '/app/risk/dashboard');
      const cell = page.getByTestId('heat-inherent-5-5');
      await cell.waitFor();
      const before = Number(await cell.getAttribute('data-count'));
      await page.goto(`${baseUrl}/app/risk/register/new`);
      await page.getByTestId('risk-title').fill(riskTitle);
      await pick(page, 'risk-category', /Financial/);
      await pick(page, 'risk-supplier', SUPPLIER_NAME);
      await pick(page, 'inherent-likelihood', '5');
      await pick(page, 'inherent-impact', '5');
      await page.getByTestId('risk-save').click();
      await page.waitForURL(/\/app\/risk\/register\/\d+$/, { timeout: 15_000 });
      await page.goto(`${baseUrl}/app/risk/dashboard`);
      await expect
        .poll(async () => Number(await page.getByTestId('heat-inherent-5-5').getAttribute('data-count')))
        .toBe(before + 1);
      await shoot(page, 'heat-map-en-1280');
    });

    it('sends the due diligence from the outsourcing register and the financial questionnaire; the supplier answers both in the portal and both are scored', async () => {
      const amina = await signIn(BUYER, '/app/risk/outsourcing');
      const row = amina.getByRole('row').filter({ hasText: ARRANGEMENT });
      await row.getByTestId('arrangement-send-diligence').click();
      await expect
        .poll(async () => {
          const sent = (await questionnaires()).filter(
            (q) => q.kind === 'due_diligence' && q.status === 'sent' && q.arrangement_id === arrangementId,
          );
          diligenceId = Math.max(0, ...sent.map((q) => q.id));
          return diligenceId;
        })
        .toBeGreaterThan(0);
      await amina.goto(`${baseUrl}/app/risk/financial`);
      await pick(amina, 'questionnaire-supplier', SUPPLIER_NAME);
      await pick(amina, 'questionnaire-kind', 'Financial statements');
      const before = Math.max(0, ...(await questionnaires()).map((q) => q.id));
      await amina.getByTestId('questionnaire-send').click();
      await expect
        .poll(async () => {
          const sent = (await questionnaires()).filter(
            (q) => q.kind === 'financial' && q.status === 'sent' && q.id > before,
          );
          financialId = sent[0]?.id ?? 0;
          return financialId;
        })
        .toBeGreaterThan(0);

      const savannah = await signIn(SUPPLIER, `/portal/risk/questionnaires/${diligenceId}`);
      await savannah.getByTestId('portal-due-diligence-form').waitFor();
      const answers: Record<string, string> = {
        licences: 'yes',
        information_security_policy: 'partial',
        business_continuity_plan: 'no',
        data_protection_registration: 'yes',
        audited_accounts: 'yes',
        insurance: 'partial',
        subcontractor_control: 'no',
      };
      for (const [question, answer] of Object.entries(answers))
        await savannah.getByTestId(`dd-${question}-${answer}`).check();
      await shoot(savannah, 'portal-due-diligence-en-1280');
      await savannah.getByTestId('portal-risk-submit').click();
      await savannah.getByTestId('portal-risk-answered').waitFor({ timeout: 15_000 });
      // The supplier sees that its answers are in, never the buyer's score of them.
      expect(await savannah.getByTestId('portal-risk-score').count()).toBe(0);

      await savannah.goto(`${baseUrl}/portal/risk/questionnaires/${financialId}`);
      // Weak statements: current ratio 0.5, debt to equity 9, a loss.
      const figures: Record<string, string> = {
        current_assets: '2000000',
        inventory: '1000000',
        current_liabilities: '4000000',
        total_assets: '10000000',
        total_liabilities: '9000000',
        equity: '1000000',
        revenue: '20000000',
        net_income: '-1000000',
      };
      for (const [name, value] of Object.entries(figures))
        await savannah.getByTestId(`figure-${name}`).fill(value);
      await savannah.getByTestId('portal-risk-submit').click();
      await savannah.getByTestId('portal-risk-answered').waitFor({ timeout: 15_000 });

      // The due diligence's score, linked from its arrangement to the questionnaire and its parts.
      const scored = await call<{ score: number; status: string }>(
        'buyer',
        'GET',
        `/risk/questionnaires/${diligenceId}/`,
      );
      expect(scored.status).toBe('answered');
      await amina.goto(`${baseUrl}/app/risk/outsourcing`);
      const link = amina
        .getByRole('row')
        .filter({ hasText: ARRANGEMENT })
        .getByTestId('arrangement-diligence-link');
      await expect.poll(() => link.textContent()).toContain(String(scored.score));
      await shoot(amina, 'outsourcing-en-1280');
      await link.click();
      await amina.waitForURL((url) => url.pathname === `/app/risk/questionnaires/${diligenceId}`);
      expect(await amina.getByTestId('questionnaire-score').textContent()).toBe(String(scored.score));
      expect(await amina.getByTestId('questionnaire-parts').locator('tbody tr').count()).toBe(7);
      await shoot(amina, 'questionnaire-en-1280');

      // The financial score on the supplier's profile, which is now in the high band or above.
      const now = await profile();
      expect(now.financial).not.toBeNull();
      expect(['high', 'critical']).toContain(now.band);
      await amina.goto(`${baseUrl}/app/risk/suppliers/${supplierId}`);
      const financial = amina.getByTestId('profile-financial');
      await expect.poll(() => financial.textContent()).toContain(`${now.financial!.score}`);
      expect(await amina.getByTestId('profile-score').textContent()).toBe(String(now.score));
      await shoot(amina, 'profile-en-1280');
    }, 120_000);

    it('awards the RFQ to the supplier: the award waits for the risk officer, who approves it', async () => {
      const amina = await signIn(BUYER, `/app/sourcing/rfqs/${rfq.id}/comparison`);
      await amina.getByTestId('comparison-line').first().waitFor();
      await amina.getByTestId('award-submit').click();
      await amina.waitForURL((url) => url.pathname === `/app/sourcing/rfqs/${rfq.id}`);
      await amina.getByTestId('rfq-waiting').waitFor({ timeout: 15_000 });
      expect(await amina.getByTestId('rfq-award-order').count()).toBe(0);
      await shoot(amina, 'rfq-waiting-en-1280');
      const pending = await call<{ status: string }>('buyer', 'GET', `/sourcing/rfqs/${rfq.id}/`);
      expect(pending.status).toBe('award_pending');

      const grace = await signIn(GRACE, '/app/p2p/approvals');
      const row = grace.getByRole('row').filter({ hasText: rfq.number });
      await row.waitFor({ timeout: 15_000 });
      // The step waiting for Grace is the rule's: a risk officer.
      await expect.poll(() => row.textContent()).toMatch(/Risk officer/i);
      await shoot(grace, 'inbox-en-1280');
      const inbox = await call<{ results: Array<{ id: number; document_type: string; route: string[] }> }>(
        'grace',
        'GET',
        '/approvals/inbox/?page_size=100',
      );
      expect(
        inbox.results.find((i) => i.document_type === 'rfq_award' && i.id === rfq.id)!.route.join(' '),
      ).toMatch(/Risk officer/);
      await row.getByTestId('inbox-open').click();
      await grace.waitForURL((url) => url.pathname === `/app/sourcing/rfqs/${rfq.id}`);
      await grace.getByTestId('rfq-approve').click();
      await expect.poll(() => grace.getByTestId('rfq-award-order').count(), { timeout: 15_000 }).toBe(1);
      await shoot(grace, 'rfq-awarded-en-1280');
      const awarded = await call<{ status: string }>('buyer', 'GET', `/sourcing/rfqs/${rfq.id}/`);
      expect(awarded.status).toBe('awarded');
    }, 120_000);

    it('edits a critical service, a continuity plan and an outsourcing arrangement', async () => {
      const page = await signIn(BUYER, '/app/risk/continuity');
      const service = page.getByTestId('critical-service').first();
      await service.getByTestId('edit-service').click();
      const name = page.getByTestId('service-name');
      const was = await name.inputValue();
      expect(was).not.toBe('');
      await page.getByTestId('service-rto_hours').fill('3');
      await shoot(page, 'service-edit-en-1280');
      await page.getByTestId('service-save').click();
      await page.getByTestId('service-form').waitFor({ state: 'detached' });
      await expect.poll(() => service.textContent()).toContain('3 h');
      const plan = service.getByTestId('edit-plan').first();
      if ((await plan.count()) > 0) {
        await plan.click();
        await page.getByTestId('plan-alternates').fill(`Second supplier qualified ${stamp}`);
        await page.getByTestId('plan-save').click();
        await expect.poll(() => service.textContent()).toContain(`Second supplier qualified ${stamp}`);
      }

      await page.goto(`${baseUrl}/app/risk/outsourcing`);
      await page.getByRole('row').filter({ hasText: ARRANGEMENT }).getByTestId('arrangement-edit').click();
      const location = page.getByTestId('arrangement-data-location');
      expect(await location.inputValue()).not.toBe('');
      await location.fill(`Nairobi and Mombasa ${stamp}`);
      await page.getByTestId('arrangement-save').click();
      await expect
        .poll(() => page.getByRole('row').filter({ hasText: ARRANGEMENT }).textContent())
        .toContain(`Nairobi and Mombasa ${stamp}`);
      const saved = await call<Array<{ id: number; data_location: string; owner: { id: number } | null }>>(
        'buyer',
        'GET',
        '/risk/outsourcing/',
      );
      const arrangement = saved.find((a) => a.id === arrangementId)!;
      expect(arrangement.data_location).toBe(`Nairobi and Mombasa ${stamp}`);
      // The whole record is sent again: its owner is kept.
      expect(arrangement.owner).not.toBeNull();
    }, 120_000);

    it('shows the screens in English and Amharic at 1280 and 390 px', async () => {
      for (const language of ['en', 'am']) {
        for (const width of [1280, 390]) {
          const page = await signIn(BUYER, '/app/risk/outsourcing', width, language);
          for (const [path, testId, name] of [
            // On a phone the due diligence's link moves into the service's cell.
            [
              '/app/risk/outsourcing',
              width === 390 ? 'arrangement-diligence-link-mobile' : 'arrangement-diligence-link',
              'outsourcing',
            ],
            [`/app/risk/questionnaires/${diligenceId}`, 'questionnaire-parts', 'questionnaire'],
            [`/app/risk/questionnaires/${financialId}`, 'questionnaire-parts', 'questionnaire-financial'],
            ['/app/risk/continuity', 'critical-service', 'continuity'],
            ['/app/risk/financial', 'questionnaire-row', 'financial'],
            [`/app/risk/suppliers/${supplierId}`, 'profile-financial', 'profile'],
            [`/app/sourcing/rfqs/${rfq.id}`, 'rfq-award', 'rfq'],
          ] as const) {
            await page.goto(`${baseUrl}${path}`);
            await page.getByTestId(testId).first().waitFor();
            await page.waitForLoadState('networkidle');
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
              `${name} ${language} ${width}`,
            ).toBeLessThanOrEqual(width);
            await shoot(page, `${name}-${language}-${width}`);
          }
          await page.goto(`${baseUrl}/app/risk/outsourcing`);
          await page.getByTestId('arrangement-edit').first().click();
          await page.getByTestId('arrangement-form').waitFor();
          await shoot(page, `arrangement-edit-${language}-${width}`);
          await page.goto(`${baseUrl}/app/risk/continuity`);
          await page.getByTestId('critical-service').first().getByTestId('edit-service').click();
          await page.getByTestId('service-form').waitFor();
          await shoot(page, `service-edit-${language}-${width}`);
          const portal = await signIn(
            SUPPLIER,
            `/portal/risk/questionnaires/${diligenceId}`,
            width,
            language,
          );
          await portal.getByTestId('portal-risk-answered').waitFor();
          await shoot(portal, `portal-${language}-${width}`);
        }
      }
    }, 300_000);
  },
);
