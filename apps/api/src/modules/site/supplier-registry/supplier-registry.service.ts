import {
  message,
  messageWith,
  SUPPLIER_REGISTRATION_MESSAGES as M,
  SUPPLIER_REGISTRATION_NOTICE,
  SUPPLIER_TERMS_VERSION,
  type MessageKey,
  type SupplierRegistrationInput,
} from '@zabuni/contracts';
import { KRA_PIN_PATTERN, normaliseTaxPin } from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db, Tx } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import type { AuthenticationService } from '../../identity/authentication/index.ts';
import type { OrganisationsService } from '../../identity/organisations/index.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { MailService } from '../../shared/mail/index.ts';
import type { PinChecker } from './pin-checker.client.ts';
import { supplierRegistryRepository, type RegistrationRow } from './supplier-registry.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  mail: MailService;
  pinChecker: PinChecker;
  accounts: Pick<
    AuthenticationService,
    'accountTaken' | 'createPendingAccount' | 'hashPassword' | 'onActivated'
  >;
  organisations: Pick<OrganisationsService, 'create' | 'addMember'>;
  publicUrl: string;
  /** Empties this process's public-list cache (an approval adds to the A–Z listing; the trigger tells the rest). */
  listingChanged?: () => void;
}

/** A 409 about one field, with the catalogue key as the body's `code`. */
function duplicate(field: string, key: MessageKey) {
  const text = messageWith(key).text;
  return new AppError('conflict', messageWith(key), { [field]: [text] }, {}, { field });
}

export type PinSearchAnswer = {
  response: 'success' | 'error' | 'err';
  response_message: string;
  code?: string;
  company_name?: string;
};

/**
 * Supplier self-registration (SPEC §2, §4 supplier onboarding, issue 18): the tax-PIN lookup, the
 * registration (an inactive account activated by mail), automatic approval when the PIN verified, else an
 * operator's review; approval makes a supplier organisation whose administrator is the registering user.
 */
export function createSupplierRegistryService(deps: Deps) {
  const { db, clock, audit, mail, pinChecker, accounts, organisations, publicUrl } = deps;
  const listingChanged = deps.listingChanged ?? (() => {});
  const repository = () => supplierRegistryRepository(db);

  const refusal = (response: 'error' | 'err', key: MessageKey): PinSearchAnswer => ({
    response,
    response_message: messageWith(key).text,
    code: key,
  });

  /** Approves inside `tx`: the supplier organisation, its administrator, the registration's link to it. */
  async function approve(tx: Tx, row: RegistrationRow, decidedBy: number | null): Promise<number> {
    const country = await supplierRegistryRepository(tx).country(row.countryId);
    const supplierId = await organisations.create(tx, {
      kind: 'supplier',
      name: row.companyName,
      countryIso2: country?.iso2 ?? null,
      taxPin: row.taxPin,
      email: row.email,
      phone: row.phone,
      contactPerson: `${row.firstName} ${row.lastName}`,
    });
    await organisations.addMember(tx, row.userId, supplierId, 'supplier_admin');
    const moved = await supplierRegistryRepository(tx).move(row.id, row.status, {
      status: 'approved',
      supplierId,
      decidedAt: clock.now(),
      decidedBy,
    });
    if (!moved) throw new AppError('conflict', message(M.notPending));
    listingChanged();
    await audit.record(tx, {
      action: 'supplier_registration.approved',
      actorUserId: decidedBy ?? row.userId,
      organisationId: supplierId,
      ip: null,
      detail: { registration_id: row.id, automatic: decidedBy === null },
    });
    return mail.enqueue(tx, {
      to: row.email,
      template: 'supplier_registration_approved',
      language: row.language,
      params: { name: row.firstName, company: row.companyName, link: `${publicUrl}/login` },
    });
  }

  // The account's activation (identity's own link) is where automatic verification happens.
  accounts.onActivated(async (tx, userId) => {
    const row = await supplierRegistryRepository(tx).byUser(userId);
    if (!row || row.status !== 'pending_activation') return [];
    const duplicatePin =
      row.pinCheck === 'verified' && (await supplierRegistryRepository(tx).organisationHasPin(row.taxPin));
    if (row.pinCheck === 'verified' && !duplicatePin) return [await approve(tx, row, null)];
    await supplierRegistryRepository(tx).move(row.id, 'pending_activation', { status: 'under_review' });
    return [
      await mail.enqueue(tx, {
        to: row.email,
        template: 'supplier_registration_review',
        language: row.language,
        params: { name: row.firstName, company: row.companyName },
      }),
    ];
  });

  function view(row: RegistrationRow, country: string, names: { id: number; name: string }[]) {
    return {
      id: row.id,
      status: row.status,
      company_name: row.companyName,
      kra_tax_pin: row.taxPin,
      pin_check: row.pinCheck,
      pin_name: row.pinName,
      email: row.email,
      phone: row.phone,
      first_name: row.firstName,
      last_name: row.lastName,
      country,
      city: row.city,
      categories: row.categoryIds.flatMap((id) => names.filter((n) => n.id === id)),
      email_confirmed: row.status !== 'pending_activation',
      terms_version: row.termsVersion,
      reason: row.reason,
      supplier_id: row.supplierId,
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
    };
  }

  return {
    /** SPEC §7 pin-search: `err` already registered here, `error` malformed or unknown, `success` verified. */
    async pinSearch(raw: string): Promise<PinSearchAnswer> {
      const pin = normaliseTaxPin(raw);
      if (!KRA_PIN_PATTERN.test(pin)) return refusal('error', M.pinFormat);
      if (await repository().pinRegistered(pin)) return refusal('err', M.pinRegistered);
      const check = await pinChecker.check(pin);
      if (check.status === 'unknown') return refusal('error', M.pinUnknown);
      if (check.status === 'unavailable') return refusal('error', M.pinUnavailable);
      return {
        response: 'success',
        response_message: message('registry.pin_verified', { name: check.name }).text,
        company_name: check.name,
      };
    },

    async register(input: SupplierRegistrationInput, ip: string | null) {
      const country = await repository().country(input.country);
      if (!country) throw fieldError('country', message(M.country));
      const known = await repository().categoryNames(input.categories);
      if (known.length !== new Set(input.categories).size)
        throw fieldError('categories', message(M.categories));
      if (await repository().pinRegistered(input.kra_tax_pin))
        throw duplicate('kra_tax_pin', M.pinRegistered);
      const taken = await accounts.accountTaken(input.primary_email, input.username);
      if (taken.email) throw duplicate('primary_email', M.emailTaken);
      if (taken.username) throw duplicate('username', M.usernameTaken);
      const check = await pinChecker.check(input.kra_tax_pin);
      const passwordHash = await accounts.hashPassword(input.password);
      const language = input.language ?? 'en';
      const { id, mailId } = await db
        .transaction(async (tx) => {
          const account = await accounts.createPendingAccount(tx, {
            email: input.primary_email,
            username: input.username,
            first_name: input.first_name,
            last_name: input.last_name,
            phone: input.primary_phone,
            passwordHash,
            language,
          });
          const id = await supplierRegistryRepository(tx).insert({
            companyName: input.company_name,
            taxPin: input.kra_tax_pin,
            pinCheck: check.status,
            pinName: check.status === 'verified' ? check.name : null,
            email: input.primary_email,
            phone: input.primary_phone,
            firstName: input.first_name,
            lastName: input.last_name,
            countryId: country.id,
            city: input.city,
            userId: account.userId,
            categoryIds: [...new Set(input.categories)],
            termsVersion: SUPPLIER_TERMS_VERSION,
            consentedAt: clock.now(),
            consentIp: ip,
            language,
          });
          await audit.record(tx, {
            action: 'supplier_registration.submitted',
            actorUserId: account.userId,
            ip,
            detail: { registration_id: id, pin_check: check.status, terms_version: SUPPLIER_TERMS_VERSION },
          });
          const mailId = await mail.enqueue(tx, {
            to: input.primary_email,
            template: 'activation',
            language,
            params: { name: input.first_name, link: account.link, hours: account.hours },
          });
          return { id, mailId };
        })
        .catch((error: unknown) => {
          // Two registrations racing for the same PIN, email or username: the unique indexes decide.
          const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint ?? '';
          if (constraint.includes('pin')) throw duplicate('kra_tax_pin', M.pinRegistered);
          if (constraint.includes('email')) throw duplicate('primary_email', M.emailTaken);
          if (constraint.includes('username')) throw duplicate('username', M.usernameTaken);
          throw error;
        });
      await mail.dispatch([mailId]);
      return { id, detail: SUPPLIER_REGISTRATION_NOTICE };
    },

    async list(status: RegistrationRow['status'] | undefined, page: PageRequest) {
      const { count, rows } = await repository().page(status, page.offset, page.pageSize);
      const names = await repository().categoryNames([
        ...new Set(rows.flatMap((r) => r.registration.categoryIds)),
      ]);
      return { count, results: rows.map((r) => view(r.registration, r.country, names)) };
    },

    async get(id: number) {
      const row = await repository().find(id);
      if (!row) throw notFound(message(M.notFound));
      const country = await repository().country(row.countryId);
      return view(row, country?.name ?? '', await repository().categoryNames(row.categoryIds));
    },

    async approve(principal: Principal, id: number) {
      const mailId = await db.transaction(async (tx) => {
        const row = await supplierRegistryRepository(tx).find(id, true);
        if (!row) throw notFound(message(M.notFound));
        if (row.status !== 'under_review') throw new AppError('conflict', message(M.notPending));
        return approve(tx, row, principal.userId);
      });
      listingChanged();
      await mail.dispatch([mailId]);
      return this.get(id);
    },

    async reject(principal: Principal, id: number, reason: string) {
      const mailId = await db.transaction(async (tx) => {
        const repo = supplierRegistryRepository(tx);
        const row = await repo.find(id, true);
        if (!row) throw notFound(message(M.notFound));
        const moved =
          row.status === 'under_review' &&
          (await repo.move(id, 'under_review', {
            status: 'rejected',
            reason,
            decidedAt: clock.now(),
            decidedBy: principal.userId,
          }));
        if (!moved) throw new AppError('conflict', message(M.notPending));
        await audit.record(tx, {
          action: 'supplier_registration.rejected',
          actorUserId: principal.userId,
          ip: null,
          detail: { registration_id: id, reason },
        });
        return mail.enqueue(tx, {
          to: row.email,
          template: 'supplier_registration_rejected',
          language: row.language,
          params: { name: row.firstName, company: row.companyName, reason },
        });
      });
      await mail.dispatch([mailId]);
      return this.get(id);
    },
  };
}
export type SupplierRegistryService = ReturnType<typeof createSupplierRegistryService>;
