import { authState } from './auth-state.ts';

/**
 * SPEC §4: logout removes the session cookie and resets the whole auth state to status 0. The advertise
 * page is then loaded afresh, so nothing of the signed-in user stays in memory (cached lists, forms).
 */
export async function logout() {
  await fetch('/api/v1/authentication/logout/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  }).catch(() => undefined);
  authState.reset();
  window.location.assign('/advertise');
}
