// The front door of shared/mail: other modules and the app import this module only from here.

export { mailJobs } from './mail.jobs.ts';
export { devMailRoutes } from './mail.routes.ts';
export { MAIL_SEND_BATCH_JOB, MAIL_SEND_JOB, createMailService } from './mail.service.ts';
export type { MailRequest, MailService } from './mail.service.ts';
export { renderMail } from './mail.templates.ts';
export type {
  ApprovalRequestTemplate,
  MailTemplates,
  TemplateName,
  TemplateParams,
} from './mail.templates.ts';
