import {
  message,
  SUPPLIER_DATA_MESSAGES as M,
  SUPPLIER_ERASURE_KEPT,
  type SupplierData,
  type SupplierErasureRequest,
} from '@zabuni/contracts';
import { hasRole, type Role } from '@zabuni/domain';
import type { z } from 'zod';
import type { supplierDataCorrection } from '@zabuni/contracts';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db, Executor } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import type { AuthenticationService } from '../../identity/authentication/index.ts';
import type { OrganisationsService } from '../../identity/organisations/index.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import { supplierDataQueries } from './supplier-data.queries.ts';
import { supplierDataRepository, type ErasureRow } from './supplier-data.repository.ts';
import { supplierRegistryRepository } from './supplier-registry.repository.ts';

type Correction = z.output<typeof supplierDataCorrection>;

interface Deps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  accounts: Pick<AuthenticationService, 'eraseAccount'>;
  organisations: Pick<OrganisationsService, 'updateContact'>;
  /** Empties this process's public-list cache at once (the registrations' trigger tells every process). */
  listingChanged?: () => void;
}

const SUPPLIER_ROLES: Role[] = ['supplier_admin', 'supplier_user'];

/** The supplier organisation the caller works for (the supplier side's grant). */
function supplierOfCaller(principal: Principal): number {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
  return grant.organisationId;
}

function erasureView(row: ErasureRow, companyName: string): SupplierErasureRequest {
  return {
    id: row.id,
    status: row.status,
    supplier_id: row.supplierId,
    company_name: companyName,
    reason: row.reason,
    requested_at: row.requestedAt.toISOString(),
    carried_out_at: row.carriedOutAt?.toISOString() ?? null,
    kept: row.kept,
  };
}

/**
 * Issue 18, data protection for registered suppliers: the supplier sees, corrects and exports what Zabuni
 * holds about it and its users, and asks for erasure; an operator carries the erasure out (personal data
 * anonymised, the public profile off the listing, what the law requires kept and said so).
 */
export function createSupplierDataService({
  db,
  clock,
  audit,
  accounts,
  organisations,
  listingChanged = () => {},
}: Deps) {
  async function registrationFor(executor: Executor, supplierId: number, lock = false) {
    const row = await supplierDataRepository(executor).registrationOfSupplier(supplierId, lock);
    if (!row || (row.status !== 'approved' && row.status !== 'erased'))
      throw notFound(message(M.notRegistered));
    return row;
  }

  const mayChange = (principal: Principal, supplierId: number) =>
    hasRole(principal.grants, ['supplier_admin'], supplierId);

  function requireAdmin(principal: Principal, supplierId: number) {
    if (!mayChange(principal, supplierId)) throw new AppError('forbidden', message(M.adminOnly));
  }

  return {
    async show(principal: Principal): Promise<SupplierData> {
      const supplierId = supplierOfCaller(principal);
      const row = await registrationFor(db, supplierId);
      const registry = supplierRegistryRepository(db);
      const [country, names, organisation, erasure] = await Promise.all([
        registry.country(row.countryId),
        registry.categoryNames(row.categoryIds),
        supplierDataQueries(db).organisation(supplierId),
        supplierDataRepository(db).latestErasure(supplierId),
      ]);
      const companyName = organisation?.name ?? row.companyName;
      return {
        supplier_id: supplierId,
        registration_id: row.id,
        status: row.status,
        company_name: companyName,
        kra_tax_pin: row.taxPin,
        pin_check: row.pinCheck,
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        phone: row.phone,
        country: { id: row.countryId, name: country?.name ?? '', iso2: country?.iso2 ?? '' },
        city: row.city,
        categories: row.categoryIds.flatMap((id) => names.filter((n) => n.id === id)),
        consent: { terms_version: row.termsVersion, consented_at: row.consentedAt.toISOString() },
        registered_at: row.createdAt.toISOString(),
        can_change: mayChange(principal, supplierId) && row.status === 'approved',
        erasure: erasure ? erasureView(erasure, companyName) : null,
      };
    },

    /** Corrections by the supplier's administrator; the registration, the organisation and the listing follow. */
    async correct(principal: Principal, patch: Correction, ip: string | null): Promise<SupplierData> {
      const supplierId = supplierOfCaller(principal);
      requireAdmin(principal, supplierId);
      if (patch.categories) {
        const wanted = [...new Set(patch.categories)];
        const known = await supplierRegistryRepository(db).categoryNames(wanted);
        if (known.length !== wanted.length) throw fieldError('categories', message(M.categories));
      }
      await db.transaction(async (tx) => {
        const row = await registrationFor(tx, supplierId, true);
        if (row.status !== 'approved') throw new AppError('conflict', message(M.erasureDone));
        const firstName = patch.first_name ?? row.firstName;
        const lastName = patch.last_name ?? row.lastName;
        await supplierDataRepository(tx).updateRegistration(row.id, {
          ...(patch.company_name !== undefined && { companyName: patch.company_name }),
          ...(patch.first_name !== undefined && { firstName }),
          ...(patch.last_name !== undefined && { lastName }),
          ...(patch.phone !== undefined && { phone: patch.phone }),
          ...(patch.city !== undefined && { city: patch.city }),
          ...(patch.categories !== undefined && { categoryIds: [...new Set(patch.categories)] }),
        });
        await organisations.updateContact(tx, supplierId, {
          ...(patch.company_name !== undefined && { name: patch.company_name }),
          ...(patch.phone !== undefined && { phone: patch.phone }),
          ...((patch.first_name !== undefined || patch.last_name !== undefined) && {
            contactPerson: `${firstName} ${lastName}`,
          }),
        });
        await audit.record(tx, {
          action: 'supplier_data.corrected',
          actorUserId: principal.userId,
          organisationId: supplierId,
          ip,
          detail: { registration_id: row.id, fields: Object.keys(patch).sort() },
        });
      });
      listingChanged();
      return this.show(principal);
    },

    /** Everything held about the supplier and its users, as one JSON document. */
    async export(principal: Principal, ip: string | null) {
      const supplierId = supplierOfCaller(principal);
      const row = await registrationFor(db, supplierId);
      const reads = supplierDataQueries(db);
      const registry = supplierRegistryRepository(db);
      const [organisation, people, buyers, documents, erasures, country, names] = await Promise.all([
        reads.organisation(supplierId),
        reads.users(supplierId),
        reads.buyers(supplierId),
        reads.documentCounts(supplierId),
        supplierDataRepository(db).erasuresOf(supplierId),
        registry.country(row.countryId),
        registry.categoryNames(row.categoryIds),
      ]);
      const emails = [...new Set([row.email, ...people.map((p) => p.email)])];
      const siteOrders = await reads.orders(emails);
      await audit.record(db, {
        action: 'supplier_data.exported',
        actorUserId: principal.userId,
        organisationId: supplierId,
        ip,
        detail: { registration_id: row.id },
      });
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      return {
        exported_at: clock.now().toISOString(),
        supplier: organisation && {
          id: organisation.id,
          name: organisation.name,
          country_iso2: organisation.countryIso2,
          tax_pin: organisation.taxPin,
          email: organisation.email,
          phone: organisation.phone,
          contact_person: organisation.contactPerson,
          website: organisation.website,
          created_at: iso(organisation.createdAt),
        },
        registration: {
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
          country: country && { name: country.name, iso2: country.iso2 },
          city: row.city,
          categories: names,
          language: row.language,
          consent: {
            terms_version: row.termsVersion,
            consented_at: iso(row.consentedAt),
            ip: row.consentIp,
          },
          created_at: iso(row.createdAt),
          decided_at: iso(row.decidedAt),
        },
        users: people.map((p) => ({
          id: p.id,
          email: p.email,
          username: p.username,
          first_name: p.firstName,
          last_name: p.lastName,
          phone: p.phone,
          language: p.language,
          active: p.isActive,
          two_factor_enabled: p.twoFactorEnabled,
          roles: p.roles,
          last_login_at: iso(p.lastLoginAt),
          created_at: iso(p.createdAt),
        })),
        buyers: buyers.map((b) => ({ id: b.id, name: b.name, status: b.status })),
        documents: { purchase_orders: documents.purchaseOrders, invoices: documents.invoices },
        orders: siteOrders.map((o) => ({
          reference: o.reference,
          product: o.product,
          description: o.description,
          amount_minor: o.amountMinor,
          currency: o.currency,
          payment_state: o.paymentState,
          customer_name: o.customerName,
          customer_email: o.customerEmail,
          paid_at: iso(o.paidAt),
          created_at: iso(o.createdAt),
        })),
        erasure_requests: erasures.map((e) => erasureView(e, organisation?.name ?? row.companyName)),
      };
    },

    /** The administrator asks for erasure: recorded for the operator, one open request at a time. */
    async requestErasure(principal: Principal, reason: string | undefined, ip: string | null) {
      const supplierId = supplierOfCaller(principal);
      requireAdmin(principal, supplierId);
      await db.transaction(async (tx) => {
        const row = await registrationFor(tx, supplierId, true);
        if (row.status !== 'approved') throw new AppError('conflict', message(M.erasureDone));
        const id = await supplierDataRepository(tx).insertErasure({
          supplierId,
          registrationId: row.id,
          requestedBy: principal.userId,
          reason: reason?.trim() ? reason.trim() : null,
          requestedAt: clock.now(),
        });
        if (id === null) throw new AppError('conflict', message(M.erasurePending));
        await audit.record(tx, {
          action: 'supplier_data.erasure_requested',
          actorUserId: principal.userId,
          organisationId: supplierId,
          ip,
          detail: { erasure_request_id: id, registration_id: row.id },
        });
      });
      return this.show(principal);
    },

    async erasureRequests(status: ErasureRow['status'] | undefined, page: PageRequest) {
      const { count, rows } = await supplierDataRepository(db).erasurePage(
        status,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map((r) => erasureView(r.request, r.companyName)) };
    },

    /**
     * The operator carries an erasure out: the registration's and the organisation's personal data and every
     * user of the supplier are anonymised, and the registration leaves the public listing (status `erased`).
     * Kept: documents with buyers, paid orders, the audit log and the proof of consent (SUPPLIER_ERASURE_KEPT).
     */
    async carryOutErasure(principal: Principal, id: number): Promise<SupplierErasureRequest> {
      const done = await db.transaction(async (tx) => {
        const repository = supplierDataRepository(tx);
        const request = await repository.findErasure(id, true);
        if (!request) throw notFound(message(M.erasureNotFound));
        if (request.status !== 'requested') throw new AppError('conflict', message(M.erasureDone));
        const row = await registrationFor(tx, request.supplierId, true);
        const people = await supplierDataQueries(tx).users(request.supplierId);
        await repository.updateRegistration(row.id, {
          status: 'erased',
          email: `erased-${row.id}@erased.invalid`,
          phone: '',
          firstName: 'Erased',
          lastName: 'Erased',
          consentIp: null,
        });
        await organisations.updateContact(tx, request.supplierId, {
          email: null,
          phone: null,
          contactPerson: null,
        });
        // An account that also works for another organisation is that organisation's too: it is left as it is.
        const shared = await supplierDataQueries(tx).alsoElsewhere(
          people.map((p) => p.id),
          request.supplierId,
        );
        const erased = people.filter((p) => !shared.has(p.id)).map((p) => p.id);
        for (const userId of erased) await accounts.eraseAccount(tx, userId);
        const now = clock.now();
        const kept = [...SUPPLIER_ERASURE_KEPT];
        if (!(await repository.completeErasure(id, principal.userId, now, kept)))
          throw new AppError('conflict', message(M.erasureDone));
        await audit.record(tx, {
          action: 'supplier_data.erased',
          actorUserId: principal.userId,
          organisationId: request.supplierId,
          ip: null,
          detail: { erasure_request_id: id, registration_id: row.id, users: erased },
        });
        const organisation = await supplierDataQueries(tx).organisation(request.supplierId);
        return erasureView(
          { ...request, status: 'carried_out', carriedOutAt: now, carriedOutBy: principal.userId, kept },
          organisation?.name ?? row.companyName,
        );
      });
      listingChanged();
      return done;
    },
  };
}
export type SupplierDataService = ReturnType<typeof createSupplierDataService>;
