/** The demo organisation most e2e files work for. */
export const HARAMBEE_NAME = 'Harambee Savings Sacco';

/**
 * Puts a demo user to work for Harambee and gives the token that speaks for it. A user's chosen buyer is kept
 * between sign-ins, and the files run one after another on one database: an earlier file (the procure-to-pay
 * acceptance files work for Umoja) may have left the user on another organisation, and the browser's
 * sign-in would land there too.
 */
export async function workForHarambee(baseUrl: string, token: string): Promise<string> {
  const headers = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    Authorization: `Bearer ${token}`,
  };
  const me = (await (await fetch(`${baseUrl}/api/v1/authentication/me/`, { headers })).json()) as {
    buyer_company_id: number | null;
    organisations?: Array<{ organisation: { id: number; name: string } }>;
  };
  const harambee = me.organisations?.find((m) => m.organisation.name === HARAMBEE_NAME)?.organisation.id;
  if (harambee === undefined || me.buyer_company_id === harambee) return token;
  const switched = await fetch(`${baseUrl}/api/v1/authentication/switch-buyer/`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ buyer_company_id: harambee }),
  });
  if (!switched.ok) throw new Error(`switch to Harambee: ${switched.status} ${await switched.text()}`);
  return ((await switched.json()) as { access: string }).access;
}
