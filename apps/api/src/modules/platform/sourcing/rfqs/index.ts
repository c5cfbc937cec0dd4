// The front door of platform/sourcing/rfqs: other modules and the app import this module only from here.

import type { Executor } from '../../../../infra/database.ts';
import { rfqsRepository } from './rfqs.repository.ts';

export { rfqApprovalAdapter } from './rfqs.approval.ts';
export { RFQ_CLOSING_JOB, rfqsJobs } from './rfqs.jobs.ts';
export { limitOpeningTries, rfqsRoutes } from './rfqs.routes.ts';
export { createRfqsService, RFQ_ROLES } from './rfqs.service.ts';
export type { RfqsService } from './rfqs.service.ts';

// For tendering (issue 21): the same sealed envelopes, key splitting and personal opening keys (one opening
// passphrase per staff member serves RFQs and tenders alike).
export {
  envelopeHash,
  newKeyPair,
  openSealed,
  rebuildRfqKey as rebuildSplitKey,
  sealTo,
  unwrapPrivateKey,
} from './rfq-sealing.ts';
/** A staff member's opening key (public key and the private key wrapped under their passphrase), or null. */
export const openingKeyOf = (db: Executor, userId: number) => rfqsRepository(db).openingKey(userId);
