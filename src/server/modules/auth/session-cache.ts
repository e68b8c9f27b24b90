import type { ChannelListener } from '../../db/client';

/** The channel the triggers of migration 0008 notify on. */
export const AUTH_CHANNEL = 'auth_changed';
/** Entries kept at most; the oldest goes first. */
const MAX_ENTRIES = 10_000;
/** A bound on an entry's age, for the case of a notification lost without the connection. */
const MAX_AGE_MS = 30_000;

/** The columns of a session that the cache keeps and answers. */
export interface CachedSession {
  sessionId: number;
  adminId: number;
  merchantId: number;
  lastSeenAt: Date;
}

interface Entry<T extends CachedSession> {
  row: T;
  at: number;
}

/**
 * Signed-in sessions by token hash, so that an API call runs its own statement and not also the
 * session's. An entry goes as soon as its session, account or merchant changes: the database's
 * triggers (migration 0008) notify every server on commit, whoever made the change (this server,
 * another one, or SQL by hand), and this server's own revocations also drop entries at once. While
 * the server is not listening (not yet connected, or the connection lost) nothing is cached or
 * answered from the cache.
 *
 * A row read before a change but stored after its notification would be stale: a row is stored
 * only if no notification arrived since its read began (`generation`).
 */
export class SessionCache<T extends CachedSession> {
  private readonly byToken = new Map<string, Entry<T>>();
  private readonly bySession = new Map<number, string>();
  private generation = 0;
  private listening = false;
  private barriers = new Map<string, () => void>();
  private nextBarrier = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get live(): boolean {
    return this.listening;
  }

  /** The number a read starts with; pass it to `put`. */
  begin(): number {
    return this.generation;
  }

  get(tokenHash: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.at > MAX_AGE_MS) {
      this.drop(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  put(tokenHash: string, row: T, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    this.drop(tokenHash);
    this.byToken.set(tokenHash, { row, at: this.now() });
    this.bySession.set(row.sessionId, tokenHash);
    if (this.byToken.size > MAX_ENTRIES) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
  }

  /** Drops what a notification names: `s12` a session, `a3` an account, `m1` a merchant, `*` all. */
  forget(payload: string): void {
    if (payload.startsWith('~')) {
      // A barrier (caughtUp): this server's own, or another's to ignore.
      this.barriers.get(payload)?.();
      this.barriers.delete(payload);
      return;
    }
    this.generation++;
    const kind = payload[0];
    const id = Number(payload.slice(1));
    if (kind === 's' && Number.isInteger(id)) {
      // The common one (a session seen again after a minute): found without a scan.
      const token = this.bySession.get(id);
      if (token !== undefined) this.drop(token);
    } else if ((kind === 'a' || kind === 'm') && Number.isInteger(id)) {
      const key = kind === 'a' ? 'adminId' : 'merchantId';
      for (const [token, entry] of this.byToken) if (entry.row[key] === id) this.drop(token);
    } else {
      this.byToken.clear();
      this.bySession.clear();
    }
  }

  private drop(tokenHash: string): void {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return;
    this.byToken.delete(tokenHash);
    this.bySession.delete(entry.row.sessionId);
  }

  /** The listener to give `listen`. */
  readonly listener: ChannelListener = {
    message: (payload) => this.forget(payload),
    live: (listening) => {
      this.listening = listening;
      this.generation++;
      for (const release of this.barriers.values()) release();
      this.barriers.clear();
      this.byToken.clear();
      this.bySession.clear();
    },
  };

  /**
   * Resolves once every change committed before the call has reached the cache: `notify` sends a
   * notification of its own, delivered after those. For tests and tools that change sessions in
   * SQL and act on the change at once.
   */
  caughtUp(notify: (payload: string) => Promise<unknown>): Promise<void> {
    if (!this.listening) return Promise.resolve();
    const payload = `~${this.nextBarrier++}`;
    const arrived = new Promise<void>((resolve) => this.barriers.set(payload, resolve));
    return notify(payload).then(() => arrived);
  }
}
