import { message } from '@zabuni/contracts';
import {
  hasRole,
  roleFitsKind,
  toPrefixTsQuery,
  type Grant,
  type OrganisationKind,
  type Role,
} from '@zabuni/domain';
import type { CallerRecord, Principal } from '../../../infra/auth.ts';
import type { Db, Executor } from '../../../infra/database.ts';
import { AppError, fieldError } from '../../../infra/errors.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import {
  organisationsRepository,
  type NewOrganisation,
  type OrganisationsRepository,
} from './organisations.repository.ts';

export interface Membership {
  organisation: { id: number; name: string; kind: OrganisationKind };
  roles: Role[];
}

/** Who administers an organisation's members: its own admins, and the operator's super admins. */
const ADMIN_ROLES: Role[] = ['org_admin', 'supplier_admin', 'super_admin'];

export interface RoleChange {
  organisationId: number;
  userId: number;
  role: Role;
}

export function createOrganisationsService({
  db,
  repository,
  audit,
}: {
  db: Db;
  repository: OrganisationsRepository;
  audit: AuditService;
}) {
  /** The caller must administer this organisation; the role must exist for its kind; the user must belong. */
  async function checkRoleChange(principal: Principal, change: RoleChange, tx: Executor) {
    const administers =
      hasRole(principal.grants, ['super_admin']) ||
      hasRole(principal.grants, ADMIN_ROLES, change.organisationId);
    if (!administers) throw new AppError('forbidden', message('organisation.not_admin'));
    const kind = await organisationsRepository(tx).kindOf(change.organisationId);
    if (!kind) throw new AppError('not_found', message('organisation.not_found'));
    if (!roleFitsKind(change.role, kind)) {
      throw fieldError('role', message('organisation.role_not_in_kind', { role: change.role, kind }));
    }
    if (!(await organisationsRepository(tx).isMember(change.userId, change.organisationId))) {
      throw new AppError('not_found', message('organisation.not_member'));
    }
  }

  return {
    /** Grants or revokes a role of a member of the caller's organisation, audited in the same transaction. */
    async changeRole(
      principal: Principal,
      change: RoleChange,
      operation: 'grant' | 'revoke',
      ip: string | null,
    ) {
      await db.transaction(async (tx) => {
        await checkRoleChange(principal, change, tx);
        const repository = organisationsRepository(tx);
        if (operation === 'grant') {
          await repository.addMembership(change.userId, change.organisationId, change.role);
        } else {
          if (change.userId === principal.userId && ADMIN_ROLES.includes(change.role)) {
            throw new AppError('conflict', message('organisation.own_admin_role'));
          }
          await repository.removeMembership(change.userId, change.organisationId, change.role);
        }
        await audit.record(tx, {
          action: operation === 'grant' ? 'role.granted' : 'role.revoked',
          actorUserId: principal.userId,
          organisationId: change.organisationId,
          ip,
          detail: { user_id: change.userId, role: change.role },
        });
      });
    },

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
    /** Issue 18: a supplier's corrections and erasure change its name and contact fields (nothing else). */
    updateContact: (
      tx: Executor,
      organisationId: number,
      patch: Partial<Pick<NewOrganisation, 'name' | 'email' | 'phone' | 'contactPerson'>>,
    ) => organisationsRepository(tx).updateContact(organisationId, patch),
    profileOf: (organisationId: number) => organisationsRepository(db).profileOf(organisationId),
    findByKindAndName: (tx: Executor, kind: OrganisationKind, name: string) =>
      organisationsRepository(tx).findByKindAndName(kind, name),
    isMember: (tx: Executor, userId: number, organisationId: number) =>
      organisationsRepository(tx).isMember(userId, organisationId),
    /** Pending invitations of existing accounts (issue 13): see the authentication service's inviteMember. */
    invitations: (tx: Executor) => {
      const repository = organisationsRepository(tx);
      return {
        retire: repository.retireInvitations,
        insert: repository.insertInvitation,
        forUpdate: repository.invitationForUpdate,
        markAccepted: repository.markInvitationAccepted,
      };
    },
    addToSupplierList: (tx: Executor, buyerId: number, supplierId: number) =>
      organisationsRepository(tx).addToSupplierList(buyerId, supplierId),

    /** The caller as the database knows them now (checked on every authenticated request). */
    async callerRecord(userId: number): Promise<CallerRecord | null> {
      const rows = await repository.callerRecord(userId);
      const [first] = rows;
      if (!first) return null;
      return {
        active: first.active,
        grants: rows.flatMap((row) =>
          row.organisationId === null || row.role === null
            ? []
            : [{ organisationId: row.organisationId, role: row.role as Role }],
        ),
        sessionsValidAfter: first.sessionsValidAfter,
      };
    },

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
