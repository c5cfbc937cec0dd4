// The front door of shared/ocds (issue 21): OCDS 1.1 publication that the sourcing modules feed.

export { createOcdsService } from './ocds.service.ts';
export type { OcdsCursor, OcdsFilter, OcdsService, OcdsSource } from './ocds.service.ts';
export { ocdsRoutes } from './ocds.routes.ts';
export { releasesOf, compiledRelease } from './ocds-release.ts';
export type { OcdsProcess, OcdsRelease } from './ocds-release.ts';
export { OCDS_RELEASE_SCHEMA } from './ocds-release-schema.ts';
