import { message } from '@zabuni/contracts';
import type { Principal } from '../../../infra/auth.ts';
import type { Db } from '../../../infra/database.ts';
import { notFound } from '../../../infra/errors.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import { clientListingRepository } from './client-listing.repository.ts';

/**
 * Issue 17: which buying organisations the public site shows as its clients, and their sector. The
 * operator decides (moderation area); each change is audited against the organisation.
 */
export function createClientListingService({ db, audit }: { db: Db; audit: AuditService }) {
  return {
    async change(
      principal: Principal,
      id: number,
      change: { shownAsClient?: boolean; sector?: string | null },
      ip: string | null,
    ) {
      return db.transaction(async (tx) => {
        const row = await clientListingRepository(tx).change(id, change);
        if (!row) throw notFound(message('organisation.not_found'));
        await audit.record(tx, {
          action: 'client_listing.changed',
          actorUserId: principal.userId,
          organisationId: id,
          ip,
          detail: { shown_as_client: row.shownAsClient, sector: row.sector },
        });
        return row;
      });
    },
  };
}
export type ClientListingService = ReturnType<typeof createClientListingService>;
