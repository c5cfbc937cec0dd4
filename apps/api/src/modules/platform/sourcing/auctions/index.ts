// The front door of platform/sourcing/auctions: other modules and the app import this module only from here.

export { auctionApprovalAdapter } from './auctions.approval.ts';
export { createAuctionLive, type AuctionLive } from './auctions.live.ts';
export { auctionsRoutes } from './auctions.routes.ts';
export { createAuctionsService, AUCTION_ROLES } from './auctions.service.ts';
export type { AuctionsService } from './auctions.service.ts';
