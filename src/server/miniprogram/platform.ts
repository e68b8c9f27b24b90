/**
 * The mini-program platform, as the product sees it: one interface, one implementation per
 * provider, chosen by configuration (MINIPROGRAM_PLATFORM). The sandbox (./sandbox.ts) ships and
 * is the default. Everything the platform decides arrives later: as a signed callback (possibly
 * twice, possibly late), or by asking (`query`); the product applies either once.
 */

export type TaskKind = 'registration' | 'info' | 'audit';

/**
 * A task as the platform says it stands. A registration is `submitted` → `confirming` (awaiting
 * the legal person) → `success` (with its appid) or `failed`; a review (`info`, `audit`) is
 * `reviewing` → `approved` or `rejected`; `reason` says why it failed or was rejected.
 */
export interface PlatformTask {
  taskId: string;
  kind: TaskKind;
  status: string;
  reason: string;
  appid: string | null;
}

/** A callback, verified: a task's state as the platform sent it. */
export interface PlatformEvent extends PlatformTask {
  /** The platform's id of the callback (the same on each retry of it). */
  eventId: string;
}

export interface RegistrationInput {
  merchantId: number;
  kind: string;
  companyName: string;
  creditCode: string;
  legalName: string;
  legalWechat: string;
  contactPhone: string;
  /** Where the platform sends its callbacks: a path of this server or an absolute URL. */
  notifyUrl: string;
}

export interface InfoInput {
  merchantId: number;
  appid: string;
  name: string;
  avatar: string;
  intro: string;
  categories: string[];
  notifyUrl: string;
}

export interface MiniProgramPlatform {
  readonly name: string;
  /** Submits a registration application; the platform answers it later. */
  register(input: RegistrationInput): Promise<PlatformTask>;
  /** Submits a change of the basic info for review. */
  changeInfo(input: InfoInput): Promise<PlatformTask>;
  /** Uploads code from a template as the app's experience version; answers its QR code's link. */
  commit(input: {
    appid: string;
    templateId: string;
    version: string;
    description: string;
  }): Promise<{ experienceUrl: string }>;
  /** Submits the app's experience version for review. */
  submitAudit(input: {
    merchantId: number;
    appid: string;
    version: string;
    notifyUrl: string;
  }): Promise<PlatformTask>;
  /** Releases an approved review's version; throws PlatformRefused otherwise. */
  release(input: { appid: string; taskId: string }): Promise<void>;
  /** Brings back the version live before the current one; throws PlatformRefused without one. */
  rollback(input: { appid: string }): Promise<{ version: string }>;
  /** A task as it stands now; null when the platform does not know it. */
  query(taskId: string): Promise<PlatformTask | null>;
  /** Checks a callback's signature and reads it; throws InvalidCallback when it is not the platform's. */
  verifyCallback(callback: {
    headers: Record<string, unknown>;
    body: unknown;
  }): Promise<PlatformEvent>;
  /**
   * Where a person acts on a task outside the product (the legal person confirms, the reviewer
   * decides): the sandbox's own page; null for a real provider (it happens in WeChat).
   */
  actionUrl(taskId: string): string | null;
  /** What a QR code holds to open `path` in the mini-program (the sandbox's page for it). */
  pageUrl(appid: string | null, path: string): string;
  /** What a callback endpoint answers once it has taken a callback in, so it is not sent again. */
  readonly ack: { contentType: string; body: string };
}

/** Not the platform's callback (a bad signature, a stale one, unreadable). */
export class InvalidCallback extends Error {}

/** The platform said no (the message is its reason). */
export class PlatformRefused extends Error {}
