import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../lib/i18n.ts';

const page = <T,>(load: () => Promise<T>) => withNamespaces(['sourcing-auctions', 'errors'], load);

/** Live eAuctions and asset disposals, under /app/sourcing. */
export const auctionRoutes: RouteObject[] = [
  { path: 'auctions', lazy: page(() => import('./pages/AuctionsPage.tsx')) },
  { path: 'auctions/new', lazy: page(() => import('./pages/AuctionFormPage.tsx')) },
  { path: 'auctions/:id', lazy: page(() => import('./pages/AuctionPage.tsx')) },
  { path: 'disposals', lazy: page(() => import('./pages/DisposalsPage.tsx')) },
  { path: 'disposals/new', lazy: page(() => import('./pages/DisposalFormPage.tsx')) },
  { path: 'disposals/:id', lazy: page(() => import('./pages/DisposalPage.tsx')) },
];
