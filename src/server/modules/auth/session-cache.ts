import { randomBytes } from 'node:crypto';
import type { ChannelListener } from '../../db/client';

/** The channel the triggers of migration 0008 notify on. */
export const AUTH_CHANNEL = 'auth_changed';
/** Entries kept at most; the oldest goes first. */
const MAX_ENTRIES = 10_000;
/** A bound on an entry's age, for the case of a notification lost without the connection. */
const MAX_AGE_MS = 30_000;
/** How often the cache sends itself a notification through the database (`heartbeat`)… */
export const HEARTBEAT_EVERY_MS = 10_000;
/** …how long it waits for it… */
const HEARTBEAT_TIMEOUT_MS = 5_000;
/** …and how long after the last one heard it goes on answering (two missed, and it stops). */
const HEARD_FOR_MS = 2 * HEARTBEAT_EVERY_MS + HEARTBEAT_TIMEOUT_MS;

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
 * another one, or SQL by hand), and this server's own revocations also drop entries at once.
 * Nothing is cached or answered from the cache unless the server is listening and has heard its
 * own heartbeat (a notification it sends itself through the database every 10 s) within the last
 * 25 s: a connection that listens but hears nothing (a pooler that drops LISTEN, say) turns the
 * cache off instead of leaving it stale.
 *
 * A row read before a change but stored after its notification would be stale: a row is stored
 * only if no notification arrived since its read began (`generation`).
 */
export class SessionCache<T extends CachedSession> {
  private readonly byToken = new Map<string, Entry<T>>();
  private readonly bySession = new Map<number, string>();
  private generation = 0;
  private listening = false;
  /** When the last heartbeat heard was sent: every change committed before then has been heard. */
  private heardUpTo = Number.NEGATIVE_INFINITY;
  private barriers = new Map<string, (heard: boolean) => void>();
  private nextBarrier = 0;
  /** Tells this cache's barriers from other servers' on the same channel. */
  private readonly id = randomBytes(6).toString('base64url');

  constructor(private readonly now: () => number = Date.now) {}

  /** Listening, and hearing: only then is anything kept or answered. */
  get live(): boolean {
    return this.listening && this.now() - this.heardUpTo <= HEARD_FOR_MS;
  }

  /** The number a read starts with; pass it to `put`. */
  begin(): number {
    return this.generation;
  }

  get(tokenHash: string): T | undefined {
    if (!this.live) return undefined;
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.at > MAX_AGE_MS) {
      this.drop(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  put(tokenHash: string, row: T, generation: number): void {
    if (!this.live || generation !== this.generation) return;
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
      // A barrier (caughtUp, heartbeat): this server's own, or another's to ignore.
      this.barriers.get(payload)?.(true);
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
      // Heard again only once a heartbeat sent from now on comes back.
      this.heardUpTo = Number.NEGATIVE_INFINITY;
      for (const release of this.barriers.values()) release(false);
      this.barriers.clear();
      this.clear();
    },
  };

  private clear(): void {
    this.generation++;
    this.byToken.clear();
    this.bySession.clear();
  }

  /**
   * Sends a notification through the database and waits for it to come back (5 s at most): heard,
   * the cache answers for the next 25 s; not heard, it empties and stops answering.
   */
  async heartbeat(notify: (payload: string) => Promise<unknown>): Promise<boolean> {
    const sentAt = this.now();
    const heard = await this.caughtUp(notify, HEARTBEAT_TIMEOUT_MS);
    if (heard) this.heardUpTo = Math.max(this.heardUpTo, sentAt);
    else {
      this.heardUpTo = Number.NEGATIVE_INFINITY;
      this.clear();
    }
    return heard;
  }

  /**
   * Answers true once every change committed before the call has reached the cache: `notify`
   * sends a notification of the cache's own, delivered after those. False if it did not come back
   * in `timeoutMs`, or the server is not listening. Tests and tools that change sessions in SQL
   * wait on it before acting on the change.
   */
  async caughtUp(
    notify: (payload: string) => Promise<unknown>,
    timeoutMs = HEARTBEAT_TIMEOUT_MS,
  ): Promise<boolean> {
    if (!this.listening) return false;
    const payload = `~${this.id}.${this.nextBarrier++}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.barriers.set(payload, resolve);
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
    });
    try {
      await notify(payload);
      return await arrived;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(payload);
    }
  }
}
