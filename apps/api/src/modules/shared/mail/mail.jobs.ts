import type { JobDefinition } from '../../../infra/jobs.ts';
import { MAIL_SEND_BATCH_JOB, MAIL_SEND_JOB, type MailService } from './mail.service.ts';

export const mailJobs = (mail: MailService): JobDefinition[] => [
  { name: MAIL_SEND_JOB, handle: (data) => mail.deliver((data as { id: number }).id) },
  { name: MAIL_SEND_BATCH_JOB, handle: (data) => mail.deliverBatch((data as { ids: number[] }).ids) },
  // Safety net: a mail written but whose job was never enqueued (a crash right after the commit).
  { name: 'mail.sweep', cron: '* * * * *', handle: () => mail.sweep() },
];
