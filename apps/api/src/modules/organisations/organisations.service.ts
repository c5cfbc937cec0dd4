import { toPrefixTsQuery, type Grant, type OrganisationKind, type Role } from '@zabuni/domain';
import type { Executor } from '../../infra/database.ts';
import type { PageRequest } from '../../infra/pagination.ts';
import {
  organisationsRepository,
  type NewOrganisation,
  type OrganisationsRepository,
} from './organisations.repository.ts';

export interface Membership {
  organisation: { id: number; name: string; kind: OrganisationKind };
  roles: Role[];
}

export function createOrganisationsService({ repository }: { repository: OrganisationsRepository }) {
  return {
    async listBuyers(search: string | undefined, page: PageRequest) {
      const { count, rows } = await repository.listBuyers({
        tsQuery: toPrefixTsQuery(search),
        offset: page.offset,
        limit: page.pageSize,
      });
      return { count, results: rows.map((row) => ({ id: row.id, company_name: row.name })) };
    },

    /** Creates an organisation inside the caller's transaction. */
    create: (tx: Executor, organisation: NewOrganisation) => organisationsRepository(tx).insert(organisation),
    addMember: (tx: Executor, userId: number, organisationId: number, role: Role) =>
      organisationsRepository(tx).addMembership(userId, organisationId, role),
    addToSupplierList: (tx: Executor, buyerId: number, supplierId: number) =>
      organisationsRepository(tx).addToSupplierList(buyerId, supplierId),

    /** The user's roles, flat (for tokens) and grouped by organisation (for `me`). */
    async accessOf(userId: number, tx?: Executor) {
      const rows = await (tx ? organisationsRepository(tx) : repository).grantsOf(userId);
      const grants: Grant[] = rows.map((row) => ({
        organisationId: row.organisationId,
        role: row.role as Role,
      }));
      const byOrganisation = new Map<number, Membership>();
      for (const row of rows) {
        const entry = byOrganisation.get(row.organisationId) ?? {
          organisation: { id: row.organisationId, name: row.name, kind: row.kind },
          roles: [],
        };
        entry.roles.push(row.role as Role);
        byOrganisation.set(row.organisationId, entry);
      }
      const memberships = [...byOrganisation.values()];
      const supplierIds = memberships
        .filter((m) => m.organisation.kind === 'supplier')
        .map((m) => m.organisation.id);
      const buyerIds = memberships
        .filter((m) => m.organisation.kind === 'buyer')
        .map((m) => m.organisation.id);
      const listedBy = await (tx ? organisationsRepository(tx) : repository).buyersListing(supplierIds);
      return { grants, memberships, buyerIds, supplierBuyerIds: listedBy };
    },

    async members(scope: number[], page: PageRequest) {
      const { count, rows } = await repository.members(scope, page.offset, page.pageSize);
      return {
        count,
        results: rows.map((row) => ({
          user_id: row.userId,
          first_name: row.firstName,
          last_name: row.lastName,
          email: row.email,
          organisation: { id: row.organisationId, name: row.organisationName },
          role: row.role,
        })),
      };
    },
  };
}
export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
