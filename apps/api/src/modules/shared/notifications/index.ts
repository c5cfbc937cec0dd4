// The front door of shared/notifications: other modules and the app import this module only from here.

export { notificationsRoutes } from './notifications.routes.ts';
export { createNotificationsService } from './notifications.service.ts';
export type { AnnouncedMail, Announcement, NotificationsService } from './notifications.service.ts';
