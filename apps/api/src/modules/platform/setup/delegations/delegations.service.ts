import { message, type DelegationForm } from '@zabuni/contracts';
import { hasRole, mayBeDelegate, nairobiDate } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import { delegationsRepository } from './delegations.repository.ts';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Who approves for whom while they are away. Anyone sets their own; an organisation administrator sets
 * and removes anyone's. Both people must be members of the current organisation.
 */
export function createDelegationsService({
  db,
  audit,
  clock,
  isMember,
}: {
  db: Db;
  audit: AuditService;
  clock: Clock;
  isMember: (tx: Executor, userId: number, organisationId: number) => Promise<boolean>;
}) {
  const isAdmin = (principal: Principal, organisationId: number) =>
    hasRole(principal.grants, ['org_admin'], organisationId);

  return {
    async list(principal: Principal, currentOnly: boolean, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const today = nairobiDate(clock.now());
      const { count, rows } = await delegationsRepository(db).page(
        organisationId,
        {
          involving: isAdmin(principal, organisationId) ? undefined : principal.userId,
          notBefore: currentOnly ? today : undefined,
        },
        page.offset,
        page.pageSize,
      );
      return {
        count,
        results: rows.map(({ delegation: d, ...names }) => ({
          id: d.id,
          delegator: { id: d.delegatorUserId, name: `${names.delegatorFirst} ${names.delegatorLast}` },
          delegate: { id: d.delegateUserId, name: `${names.delegateFirst} ${names.delegateLast}` },
          starts_on: d.startsOn,
          ends_on: d.endsOn,
          reason: d.reason,
          active: d.startsOn <= today && today <= d.endsOn,
        })),
      };
    },

    async create(principal: Principal, form: DelegationForm, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const delegatorId = form.delegator_id ?? principal.userId;
      if (delegatorId !== principal.userId && !isAdmin(principal, organisationId)) {
        throw new AppError('forbidden', message('delegation.others_only_admin'));
      }
      if (form.delegate_id === delegatorId) throw fieldError('delegate_id', message('delegation.self'));
      const today = nairobiDate(clock.now());
      if (form.ends_on < today) throw fieldError('ends_on', message('delegation.past'));
      if (form.ends_on > addDays(form.starts_on, 366))
        throw fieldError('ends_on', message('delegation.too_long'));
      const id = await db.transaction(async (tx) => {
        if (!(await isMember(tx, delegatorId, organisationId))) {
          throw fieldError('delegator_id', message('delegation.not_member'));
        }
        if (!(await isMember(tx, form.delegate_id, organisationId))) {
          throw fieldError('delegate_id', message('delegation.not_member'));
        }
        // Segregation of duties: the delegate decides in the absent approver's place, so they must hold a
        // role that decides documents; someone who only raises requests never approves.
        if (!mayBeDelegate(await delegationsRepository(tx).rolesOf(organisationId, form.delegate_id))) {
          throw fieldError('delegate_id', message('delegation.delegate_cannot_approve'));
        }
        const id = await delegationsRepository(tx).insert({
          organisationId,
          delegatorUserId: delegatorId,
          delegateUserId: form.delegate_id,
          startsOn: form.starts_on,
          endsOn: form.ends_on,
          reason: form.reason,
          createdByUserId: principal.userId,
        });
        await audit.record(tx, {
          action: 'delegation.created',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: {
            delegation_id: id,
            delegator_user_id: delegatorId,
            delegate_user_id: form.delegate_id,
            starts_on: form.starts_on,
            ends_on: form.ends_on,
          },
        });
        return id;
      });
      const { results } = await this.list(principal, false, { page: 1, pageSize: 100, offset: 0 });
      return results.find((d) => d.id === id)!;
    },

    async remove(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = delegationsRepository(tx);
        const found = await repository.find(organisationId, id);
        if (!found) throw notFound(message('delegation.not_found'));
        if (found.delegatorUserId !== principal.userId && !isAdmin(principal, organisationId)) {
          throw new AppError('forbidden', message('delegation.not_yours'));
        }
        await repository.delete(id);
        await audit.record(tx, {
          action: 'delegation.removed',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { delegation_id: id, delegator_user_id: found.delegatorUserId },
        });
      });
    },
  };
}
export type DelegationsService = ReturnType<typeof createDelegationsService>;
