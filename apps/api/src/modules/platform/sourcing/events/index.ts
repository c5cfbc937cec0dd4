// The front door of platform/sourcing/events: other modules and the app import this module only from here.

export { sourcingEvents, type PublicSourcingEvent } from './events.service.ts';
