import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AuthStatus, authState, useAuth } from '../lib/auth-state.ts';

/** Pages for signed-in users send others to the sign-in page, which brings them back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status !== AuthStatus.Authenticated) {
    // An expired session is already on its way to the advertise page (SPEC §8): do not send it to sign-in.
    if (authState.isEnding()) return null;
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return children;
}
