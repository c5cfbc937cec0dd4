import type { JOB_TYPES } from '@zabuni/contracts';
import type { Executor } from '../../../../infra/database.ts';
import { sourcingEventsRepository } from './events.repository.ts';

/** A sourcing event as the public site lists it (SPEC §3 available jobs). */
export interface PublicSourcingEvent {
  buyerId: number;
  countryId: number;
  title: string;
  jobType: (typeof JOB_TYPES)[number];
  closingAt: Date;
  instructions: string | null;
  advert: string | null;
  categoryIds: readonly number[];
}

/**
 * The public listing of a buyer's sourcing events (prequalifications, and the other event types as they
 * come): a sourcing module lists its published event here, in its own transaction, and hides it again.
 */
export const sourcingEvents = {
  list: (tx: Executor, { categoryIds, ...event }: PublicSourcingEvent) =>
    sourcingEventsRepository(tx).insert({ ...event, isPublic: true }, categoryIds),
  hide: (tx: Executor, buyerId: number, id: number) => sourcingEventsRepository(tx).hide(buyerId, id),
};
