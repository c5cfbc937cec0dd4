import { ROLES_BY_KIND } from '@zabuni/domain';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/platform.json';
import { locate, moduleEntry, PLATFORM_MODULES } from './modules.ts';

describe('platform modules', () => {
  it('lists SPEC’s four modules in order; sourcing and procure-to-pay are in this release, with their screens', () => {
    expect(PLATFORM_MODULES.map((m) => [m.key, m.release])).toEqual([
      ['sourcing', 'current'],
      ['contracts', 'current'],
      ['p2p', 'current'],
      ['risk', 'current'],
    ]);
    expect(PLATFORM_MODULES.find((m) => m.key === 'p2p')!.screens.map((s) => s.path)).toEqual([
      '/app/p2p/requisitions',
      '/app/p2p/approvals',
      '/app/p2p/purchase-orders',
      '/app/p2p/invoices',
      '/app/p2p/payments',
      '/app/p2p/suppliers',
      '/app/p2p/reports',
      '/app/p2p/budgets',
      '/app/p2p/approval-workflows',
      '/app/p2p/organisation-setup',
      '/app/p2p/matching-settings',
    ]);
  });

  it('sends a module’s tile to its first screen, or to its own page when it has none yet', () => {
    const entries = Object.fromEntries(PLATFORM_MODULES.map((m) => [m.key, moduleEntry(m)]));
    expect(entries).toEqual({
      sourcing: '/app/sourcing/prequalifications',
      contracts: '/app/contracts/dashboard',
      p2p: '/app/p2p/requisitions',
      risk: '/app/risk/dashboard',
    });
  });

  it.each([
    ['/app', null, null],
    ['/app/', null, null],
    ['/app/sourcing', 'sourcing', null],
    ['/app/sourcing/', 'sourcing', null],
    ['/app/sourcing/prequalifications/3/evaluation', 'sourcing', 'prequalifications'],
    ['/app/p2p', 'p2p', null],
    ['/app/p2p/requisitions', 'p2p', 'requisitions'],
    ['/app/p2p/requisitions/42', 'p2p', 'requisitions'],
    ['/app/p2p/approval-workflows', 'p2p', 'approvalWorkflows'],
    ['/app/p2p/approvals', 'p2p', 'approvals'],
    // An order's own pages (detail, edit) and the exception queue belong to their screens.
    ['/app/p2p/purchase-orders/7/edit', 'p2p', 'purchaseOrders'],
    ['/app/p2p/invoices/12', 'p2p', 'invoices'],
    ['/app/p2p/matching-settings', 'p2p', 'matchingSettings'],
    ['/app/contracts/archive', 'contracts', 'contractsArchive'],
    ['/app/contracts/42', 'contracts', null],
    // A path that only starts like a module's is not in it.
    ['/app/risks', null, null],
    ['/app/p2p/approvalsx', 'p2p', null],
    ['/app/p2p/invoices-archive', 'p2p', null],
  ])('locates %s in module %s, screen %s', (path, module, screen) => {
    const place = locate(path);
    expect(place?.module.key ?? null).toBe(module);
    expect(place?.screen?.key ?? null).toBe(screen);
  });

  it('has a name for every module, screen and buyer role', () => {
    for (const module of PLATFORM_MODULES) {
      expect(en.modules[module.key].name).toBeTruthy();
      expect(en.modules[module.key].summary).toBeTruthy();
      for (const screen of module.screens) expect(en.screens[screen.key].body).toBeTruthy();
    }
    expect(Object.keys(en.roles).sort()).toEqual([...ROLES_BY_KIND.buyer].sort());
  });
});
