import type { PublicClient } from '@zabuni/contracts';

/** "Umoja Commercial Bank" → "UC": the initials shown when a client has no logo. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A client's logo, or its initials on the brand colour when it has none (the name is shown beside it). */
export function ClientBadge({ client, size = 56 }: { client: PublicClient; size?: number }) {
  if (client.logo_url) {
    return (
      <img
        src={client.logo_url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        style={{ objectFit: 'contain', borderRadius: 8, flexShrink: 0 }}
      />
    );
  }
  // A plain element rather than Mantine's Avatar: its code would double this component's weight.
  return (
    <span
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        flexShrink: 0,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 8,
        fontWeight: 700,
        fontSize: Math.round(size * 0.36),
        color: 'var(--mantine-color-brand-8)',
        background: 'var(--mantine-color-brand-0)',
      }}
    >
      {initialsOf(client.company_name)}
    </span>
  );
}
