import type { Logger } from '../../../infra/logger.ts';
import type { AuditService } from './audit.service.ts';

export interface AuditSealer {
  stop(): Promise<void>;
}

/**
 * The worker's sealing loop: links committed audit entries into the hash chain every `intervalMs`, off every
 * request's critical path. Every worker process runs one; the sealer's advisory lock lets one seal at a time
 * and the others skip the round. A stored entry that no longer matches its content hash stops sealing
 * there, logged as an error until someone looks (`npm run audit:verify` names it).
 */
export function startAuditSealer({
  audit,
  logger,
  intervalMs = 500,
}: {
  audit: Pick<AuditService, 'seal'>;
  logger: Logger;
  intervalMs?: number;
}): AuditSealer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reported: number | null = null;
  const round = async () => {
    try {
      const result = await audit.seal({ wait: false });
      if (result.stoppedAt && result.stoppedAt.id !== reported) {
        reported = result.stoppedAt.id;
        logger.error(
          { entry: result.stoppedAt.id },
          'audit log: an unsealed entry no longer matches what was written; sealing stopped there',
        );
      }
    } catch (error) {
      if (!stopped) logger.error({ err: (error as Error).message }, 'audit log: sealing failed');
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = round();
      }, intervalMs);
      timer.unref();
    }
  };
  let running = round();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
