import { processKeyedHash } from './secrets';

export interface CacheEntry {
  identityKey: number;
  /** What the verification rested on (the stored password hash, or the API key's id): it must still hold. */
  stamp: string;
  expiresAt: number;
  /** Token and session handed to this credential's requests, reused until they stop being valid. */
  token?: string;
  /** The token's SHA-256, as the person's row stores it: compared on each request without hashing again. */
  tokenHash?: string;
  sessionId?: string;
  /** A token being issued for this credential, shared by the requests that arrive meanwhile. */
  issuing?: Promise<string>;
}

/**
 * Remembers verified basic-auth credentials so that bcrypt runs once per credential and TTL instead
 * of once per request. Keys are keyed hashes: no plaintext password is kept.
 */
export class CredentialCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly keyOf = processKeyedHash();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  key(login: string, password: string): string {
    return this.keyOf(`${login.toLowerCase()}\u0000${password}`);
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, identityKey: number, stamp: string): CacheEntry {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry: CacheEntry = { identityKey, stamp, expiresAt: Date.now() + this.ttlMs };
    this.entries.set(key, entry);
    return entry;
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}
