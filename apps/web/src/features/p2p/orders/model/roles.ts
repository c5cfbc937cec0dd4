import { usePlatform } from '../../../../lib/platform-context.ts';

/**
 * What the signed-in member's roles in the current organisation let the screens offer. The server decides
 * again on every request; documents also carry their own `actions`.
 */
export function useRoles() {
  const { current } = usePlatform();
  const roles = new Set(current.roles);
  const admin = roles.has('org_admin');
  return {
    organisationId: current.organisation.id,
    admin,
    /** Adds and manages suppliers, raises, sends and cancels orders. */
    procurement: admin || roles.has('buyer'),
    /** Enters invoices, resolves exceptions, records payments. */
    finance: roles.has('finance'),
    /** Records goods received, as procurement staff do. */
    receiver: admin || roles.has('buyer') || roles.has('requester'),
  };
}
