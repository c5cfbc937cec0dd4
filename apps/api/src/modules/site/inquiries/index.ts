// The front door of site/inquiries: other modules and the app import this module only from here.

export { inquiriesRoutes, INQUIRY_LIMITS } from './inquiries.routes.ts';
export { createInquiriesService } from './inquiries.service.ts';
export type { InquiriesService } from './inquiries.service.ts';
