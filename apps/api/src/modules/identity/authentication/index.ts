// The front door of identity/authentication: other modules and the app import this module only from here.

export { authenticationRoutes } from './authentication.routes.ts';
export { createAuthenticationService } from './authentication.service.ts';
export type { AuthenticationService } from './authentication.service.ts';
