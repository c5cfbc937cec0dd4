/**
 * The audit log is a hash chain: each sealed entry's hash covers its own content and the previous sealed
 * entry's hash, so altering, removing or reordering any sealed entry breaks every hash after it.
 *
 * Entries are written in two steps. The writer stores the entry in the business transaction with a hash of
 * its content only (no link, so no writer waits for another); one sealer later links the committed entries
 * into the chain, in the order it finds them committed, after checking each one still matches its content
 * hash. The chain hash is the same formula as before sealing existed, so older entries verify unchanged.
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

/** The text that is hashed for an entry's chain link (the caller applies SHA-256). */
export function chainInput(previousHash: string, entry: AuditEntryContent): string {
  return `${previousHash}\n${canonicalJson(entry)}`;
}

/**
 * The text hashed into an entry's content hash when it is written. The id is left out: the writer stores
 * the entry in one statement and learns its id only from the database; the chain hash covers the id.
 */
export function contentInput(entry: Omit<AuditEntryContent, 'id'> & { id?: number }): string {
  const { id: _id, ...content } = entry;
  return canonicalJson(content);
}

export interface ChainBreak {
  id: number;
  /** hash: content altered; link: an entry removed, inserted or reordered; content: not what was written. */
  reason: 'hash' | 'link' | 'content';
}

export type SealedEntry = AuditEntryContent & {
  previousHash: string;
  hash: string;
  /** Null on entries written before sealing existed. */
  contentHash?: string | null;
};

/**
 * Walks sealed entries in chain order and reports the first one whose stored link, hash or content hash
 * does not match. `sha256` is injected to keep this module free of I/O and platform APIs.
 */
export function verifyChain(
  entries: ReadonlyArray<SealedEntry>,
  sha256: (text: string) => string,
  startHash = GENESIS_HASH,
): ChainBreak | null {
  let previous = startHash;
  for (const entry of entries) {
    if (entry.previousHash !== previous) return { id: entry.id, reason: 'link' };
    const { previousHash: _p, hash, contentHash, ...content } = entry;
    if (sha256(chainInput(previous, content)) !== hash) return { id: entry.id, reason: 'hash' };
    if (contentHash !== null && contentHash !== undefined && sha256(contentInput(content)) !== contentHash) {
      return { id: entry.id, reason: 'content' };
    }
    previous = hash;
  }
  return null;
}

/** Unsealed entries that no longer match the content hash their writer stored (altered before sealing). */
export function firstUnsealedMismatch(
  entries: ReadonlyArray<AuditEntryContent & { contentHash: string | null }>,
  sha256: (text: string) => string,
): ChainBreak | null {
  for (const { contentHash, ...content } of entries) {
    if (contentHash === null || sha256(contentInput(content)) !== contentHash) {
      return { id: content.id, reason: 'content' };
    }
  }
  return null;
}

export interface ChainLink {
  id: number;
  previousHash: string;
  hash: string;
}

/**
 * Links committed, unsealed entries (in the order given) after the chain's last hash. Stops before the
 * first entry that does not match its content hash: that entry is left unsealed, and everything after it
 * waits, so the tampering is reported (by verification) instead of being sealed into the chain.
 */
export function linkEntries(
  lastHash: string,
  entries: ReadonlyArray<AuditEntryContent & { contentHash: string | null }>,
  sha256: (text: string) => string,
): { links: ChainLink[]; stoppedAt: ChainBreak | null } {
  const links: ChainLink[] = [];
  let previous = lastHash;
  for (const { contentHash, ...content } of entries) {
    if (contentHash === null || sha256(contentInput(content)) !== contentHash) {
      return { links, stoppedAt: { id: content.id, reason: 'content' } };
    }
    const hash = sha256(chainInput(previous, content));
    links.push({ id: content.id, previousHash: previous, hash });
    previous = hash;
  }
  return { links, stoppedAt: null };
}
