import type { RouteObject } from 'react-router';

/** The free supplier portal under /portal: replaced by the portal's real pages. */
export const portalRoutes: RouteObject[] = [];
