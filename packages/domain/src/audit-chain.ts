/**
 * The audit log is a hash chain: each entry's hash covers its own content and the previous entry's hash,
 * so altering, removing or reordering any stored entry breaks every hash after it.
 */
export interface AuditEntryContent {
  id: number;
  occurredAt: string;
  actorUserId: number | null;
  organisationId: number | null;
  action: string;
  ip: string | null;
  detail: Record<string, unknown>;
}

export const GENESIS_HASH = '0'.repeat(64);

/** Deterministic JSON: object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The text that is hashed for an entry (the caller applies SHA-256). */
export function chainInput(previousHash: string, entry: AuditEntryContent): string {
  return `${previousHash}\n${canonicalJson(entry)}`;
}

export interface ChainBreak {
  id: number;
  reason: 'hash' | 'link';
}

/**
 * Walks entries in id order and reports the first one whose stored hash or link does not match.
 * `sha256` is injected to keep this module free of I/O and platform APIs.
 */
export function verifyChain(
  entries: ReadonlyArray<AuditEntryContent & { previousHash: string; hash: string }>,
  sha256: (text: string) => string,
  startHash = GENESIS_HASH,
): ChainBreak | null {
  let previous = startHash;
  for (const entry of entries) {
    if (entry.previousHash !== previous) return { id: entry.id, reason: 'link' };
    const { previousHash: _p, hash, ...content } = entry;
    if (sha256(chainInput(previous, content)) !== hash) return { id: entry.id, reason: 'hash' };
    previous = hash;
  }
  return null;
}
