import type { RouteObject } from 'react-router';
import { ComingSoonPage } from '../features/site/pages/ComingSoonPage.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';

/** Linked from the menus and footer; each gets its real page in a later release. */
const COMING_SOON: ReadonlyArray<readonly [path: string, titleKey: string]> = [
  ['about', 'pages.about'],
  ['supplier-directory', 'pages.directory'],
  ['prequalified-suppliers', 'pages.prequalified'],
  ['tender-bulletin', 'pages.bulletin'],
  ['advertise', 'pages.advertise'],
  ['tenders', 'pages.tenders'],
  ['tenders-subscribe', 'pages.subscribe'],
  ['clients', 'pages.clients'],
  ['demo', 'pages.demo'],
  ['portal', 'pages.portal'],
  ['webinars', 'pages.webinars'],
  ['contact', 'pages.contact'],
];

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, lazy: () => import('../features/site/pages/HomePage.tsx') },
      { path: 'jobs', lazy: () => import('../features/jobs/pages/AvailableJobsPage.tsx') },
      ...COMING_SOON.map(([path, titleKey]) => ({ path, element: <ComingSoonPage titleKey={titleKey} /> })),
      { path: '*', lazy: () => import('../features/site/pages/NotFoundPage.tsx') },
    ],
  },
];
