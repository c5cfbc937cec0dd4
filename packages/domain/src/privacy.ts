/**
 * Masking of personal data on pages that open without signing in (Kenya Data Protection Act 2019): enough
 * for the owner to recognise their details, too little for anyone else to learn them.
 */

/** `jane.doe@example.com` → `j***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** `Jane Wanjiru Doe` → `J*** W*** D***`. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ');
}

/**
 * `Savannah Office Supplies` → `S******* O***** S*******`: the first letter of each word, a star for every
 * other character, so the owner recognises their company and nobody else learns it.
 */
export function maskCompanyName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const [first, ...rest] = [...word];
      return `${first}${'*'.repeat(rest.length)}`;
    })
    .join(' ');
}

/** `254712345678` → `2547******78`: the network prefix and the last two digits stay. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '***';
  return `${phone.trim().startsWith('+') ? '+' : ''}${digits.slice(0, 4)}${'*'.repeat(digits.length - 6)}${digits.slice(-2)}`;
}
