import { message, type SupplierInvitation } from '@zabuni/contracts';
import { hasRole, type Role } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { AuthenticationService } from '../../../identity/authentication/index.ts';
import type { MailService } from '../../../shared/mail/index.ts';
import { suppliersRepository } from './suppliers.repository.ts';

/** Who manages a buyer's supplier list: procurement staff and administrators. */
export const SUPPLIER_MANAGERS: readonly Role[] = ['org_admin', 'buyer'];

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof suppliersRepository>['find']>>>;

/** Issue 7: the buyer's suppliers. One supplier serves many buyers, each with its own terms here. */
export function createSuppliersService({
  db,
  audit,
  mail,
  accounts,
}: {
  db: Db;
  audit: AuditService;
  mail: MailService;
  accounts: Pick<AuthenticationService, 'provisionAccount' | 'hashPassword'>;
}) {
  function managed(principal: Principal) {
    const buyerId = currentOrganisation(principal);
    if (!hasRole(principal.grants, SUPPLIER_MANAGERS, buyerId)) {
      throw new AppError('forbidden', message('supplier.managers'));
    }
    return buyerId;
  }

  async function views(rows: Row[]) {
    const names = await suppliersRepository(db).categoryNames([
      ...new Set(rows.flatMap((r) => r.link.categoryIds)),
    ]);
    return rows.map((row) => ({
      id: row.link.supplierId,
      name: row.name,
      email: row.email,
      phone: row.phone,
      country: row.country,
      tax_pin: row.taxPin,
      status: row.link.status,
      categories: row.link.categoryIds.flatMap((id) => names.filter((n) => n.id === id)),
      payment_terms_days: row.link.paymentTermsDays,
      added_at: row.link.createdAt.toISOString(),
    }));
  }

  async function checkCategories(tx: Tx, ids: number[]) {
    const known = await suppliersRepository(tx).existingCategories(ids);
    if (known.length !== new Set(ids).size) throw fieldError('category_ids', message('supplier.categories'));
  }

  return {
    async list(
      principal: Principal,
      filter: { status?: 'active' | 'blocked'; categoryId?: number; search?: string },
      page: PageRequest,
    ) {
      const { count, rows } = await suppliersRepository(db).page(
        currentOrganisation(principal),
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: await views(rows) };
    },

    async get(principal: Principal, supplierId: number) {
      const row = await suppliersRepository(db).find(currentOrganisation(principal), supplierId);
      if (!row) throw notFound(message('supplier.not_found'));
      return (await views([row]))[0]!;
    },

    /**
     * Adds a supplier by its contact's email. A new address gets a supplier organisation, its first user
     * (supplier_admin) and a link to choose a password; a supplier's existing user links that supplier.
     */
    async invite(principal: Principal, form: SupplierInvitation, ip: string | null) {
      const buyerId = managed(principal);
      const placeholder = await accounts.hashPassword(crypto.randomUUID());
      const { supplierId, mailId } = await db.transaction(async (tx) => {
        const repository = suppliersRepository(tx);
        await checkCategories(tx, form.category_ids);
        const known = await repository.supplierOfEmail(form.email);
        if (known.exists && known.supplierId === null)
          throw fieldError('email', message('supplier.not_supplier'));
        const supplierId =
          known.exists && known.supplierId !== null
            ? known.supplierId
            : await repository.createSupplier({
                kind: 'supplier',
                name: form.name,
                countryIso2: form.country,
                taxPin: form.tax_pin || null,
                email: form.email,
                phone: form.phone || null,
                contactPerson: `${form.first_name} ${form.last_name}`,
              });
        const account = await accounts.provisionAccount(tx, form, placeholder);
        // A new contact becomes the supplier's administrator.
        if (account.isNew) await repository.addSupplierAdmin(account.userId, supplierId);
        await repository.link({
          buyerId,
          supplierId,
          categoryIds: form.category_ids,
          paymentTermsDays: form.payment_terms_days,
        });
        const buyer = await repository.organisationName(buyerId);
        const supplierName = (await repository.find(buyerId, supplierId))!.name;
        await audit.record(tx, {
          action: 'supplier.added',
          actorUserId: principal.userId,
          organisationId: buyerId,
          ip,
          detail: { supplier_id: supplierId, new_account: account.isNew },
        });
        const about = {
          name: account.firstName,
          inviter: `${principal.firstName} ${principal.lastName}`,
          buyer,
          supplier: supplierName,
        };
        const mailId = await mail.enqueue(
          tx,
          account.isNew
            ? {
                to: form.email,
                template: 'supplier_invited',
                language: account.language,
                params: { ...about, link: account.link, hours: account.hours },
              }
            : {
                to: form.email,
                template: 'supplier_added',
                language: account.language,
                params: { ...about, link: account.link.replace(/\/login$/, '/portal') },
              },
        );
        return { supplierId, mailId };
      });
      await mail.dispatch([mailId]);
      return this.get(principal, supplierId);
    },

    async update(
      principal: Principal,
      supplierId: number,
      change: { status?: 'active' | 'blocked'; category_ids?: number[]; payment_terms_days?: number },
      ip: string | null,
    ) {
      const buyerId = managed(principal);
      await db.transaction(async (tx) => {
        if (change.category_ids) await checkCategories(tx, change.category_ids);
        const updated = await suppliersRepository(tx).update(buyerId, supplierId, {
          status: change.status,
          categoryIds: change.category_ids,
          paymentTermsDays: change.payment_terms_days,
        });
        if (!updated) throw notFound(message('supplier.not_found'));
        await audit.record(tx, {
          action: 'supplier.updated',
          actorUserId: principal.userId,
          organisationId: buyerId,
          ip,
          detail: { supplier_id: supplierId, ...change },
        });
      });
      return this.get(principal, supplierId);
    },

    /** The supplier for a new purchase order: on the list and not blocked. */
    async orderable(tx: Tx, buyerId: number, supplierId: number) {
      const row = await suppliersRepository(tx).find(buyerId, supplierId);
      if (!row) throw fieldError('supplier_id', message('supplier.not_listed'));
      if (row.link.status === 'blocked') throw fieldError('supplier_id', message('supplier.blocked'));
      return row;
    },
  };
}
export type SuppliersService = ReturnType<typeof createSuppliersService>;
