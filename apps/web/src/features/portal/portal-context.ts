import type { Me } from '@zabuni/contracts';
import { useOutletContext } from 'react-router';
import type { PortalBuyer } from './api.ts';

/** Roles of a supplier organisation's users: they, and only they, use the portal. */
export const SUPPLIER_ROLES = ['supplier_admin', 'supplier_user'] as const;

export type Membership = Me['organisations'][number];

/** The supplier organisation the user works for in the portal (the API takes the first one's grant too). */
export function supplierMembership(me: Me): Membership | null {
  return (
    me.organisations.find(
      (m) =>
        m.organisation.kind === 'supplier' &&
        m.roles.some((role) => (SUPPLIER_ROLES as readonly string[]).includes(role)),
    ) ?? null
  );
}

/** Does the user work for a buying organisation too (they may want the platform at /app)? */
export const isBuyerStaff = (me: Me) => me.organisations.some((m) => m.organisation.kind === 'buyer');

/** What the portal's layout hands its pages: they render only once a supplier and its buyer are known. */
export interface PortalContext {
  me: Me;
  supplier: { id: number; name: string };
  /** The buyer the session works for (the token's buyer_company_id). */
  buyer: PortalBuyer;
  buyers: PortalBuyer[];
}

export const usePortal = () => useOutletContext<PortalContext>();
