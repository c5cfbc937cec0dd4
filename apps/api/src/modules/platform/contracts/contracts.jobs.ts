import type { JobDefinition } from '../../../infra/jobs.ts';
import type { ContractsService } from './contracts.service.ts';

export const CONTRACT_ALERTS_JOB = 'contracts.alerts';

/**
 * Every morning at 06:00 in Nairobi (03:00 UTC), and once when a worker starts: contracts past their end
 * renew or expire, and expiry, notice and obligation alerts go out once per threshold.
 */
export const contractsJobs = (contracts: ContractsService): JobDefinition[] => [
  {
    name: CONTRACT_ALERTS_JOB,
    cron: '0 3 * * *',
    runAtStart: true,
    handle: async () => {
      await contracts.runAlerts();
    },
  },
];
