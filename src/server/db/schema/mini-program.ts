import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { INFO_STATUSES } from '../../../shared/resources/mini-program-info';
import {
  REGISTRATION_KINDS,
  REGISTRATION_STATUSES,
} from '../../../shared/resources/mini-program-registration';
import { VERSION_STATUSES } from '../../../shared/resources/mini-program-version';
import { at, id, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex, merchants } from './merchant';

/**
 * The merchant's mini-program (one per merchant): its appid once a registration succeeded, and the
 * basic info live on the platform (an approved change writes it).
 */
export const miniPrograms = pgTable('mini_programs', {
  merchantId: ref('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  appid: text('appid'),
  name: text('name').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  intro: text('intro').notNull().default(''),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Applications to register the mini-program (/mini-program-register-list). */
export const miniProgramRegistrations = pgTable(
  'mini_program_registrations',
  {
    ...merchantKeys(),
    kind: text('kind', { enum: REGISTRATION_KINDS }).notNull(),
    companyName: text('company_name').notNull(),
    creditCode: text('credit_code').notNull(),
    legalName: text('legal_name').notNull(),
    legalWechat: text('legal_wechat').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull().default('submitted'),
    appid: text('appid').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** The platform's task for it. */
    taskId: text('task_id'),
    /** The failed application this one submits again. */
    resubmitOf: ref('resubmit_of'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('mini_program_registrations_list_created_idx', t, t.createdAt),
    uniqueIndex('mini_program_registrations_task_key').on(t.taskId),
  ],
);

/** Changes of the mini-program's basic info, each through the platform's review (/xcxbase/info). */
export const miniProgramInfoChanges = pgTable(
  'mini_program_info_changes',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    intro: text('intro').notNull(),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: INFO_STATUSES }).notNull().default('reviewing'),
    reason: text('reason').notNull().default(''),
    taskId: text('task_id'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('mini_program_info_changes_list_created_idx', t, t.createdAt),
    uniqueIndex('mini_program_info_changes_task_key').on(t.taskId),
  ],
);

/** The mini-program's code versions (/mini-program-publish). */
export const miniProgramVersions = pgTable(
  'mini_program_versions',
  {
    ...merchantKeys(),
    templateId: text('template_id').notNull(),
    version: text('version').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: VERSION_STATUSES }).notNull().default('uploaded'),
    reason: text('reason').notNull().default(''),
    /** What its experience QR code opens. */
    experienceUrl: text('experience_url').notNull().default(''),
    /** The platform's review task (the latest submission's). */
    taskId: text('task_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    submittedAt: at('submitted_at'),
    releasedAt: at('released_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    merchantListIndex('mini_program_versions_list_created_idx', t, t.createdAt),
    uniqueIndex('mini_program_versions_task_key').on(t.taskId),
  ],
);

/**
 * Every task the platform was given for a row (a version submitted twice has two): a callback
 * about an earlier one is known, acknowledged and moves nothing.
 */
export const miniProgramTasks = pgTable('mini_program_tasks', {
  taskId: text('task_id').primaryKey(),
  merchantId: ref('merchant_id')
    .notNull()
    .references(() => merchants.id),
  subject: text('subject', { enum: ['registration', 'info', 'version'] }).notNull(),
  subjectId: ref('subject_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The history of each application, info change and version: every state it reached, and why. */
export const miniProgramEvents = pgTable(
  'mini_program_events',
  {
    ...merchantKeys(),
    subject: text('subject', { enum: ['registration', 'info', 'version'] }).notNull(),
    subjectId: ref('subject_id').notNull(),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** The account's name, `platform` or `system`. */
    actor: text('actor').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('mini_program_events_subject_idx').on(t.subject, t.subjectId, t.id)],
);

/**
 * The sandbox mini-program platform's own books (miniprogram/sandbox): what the real platform
 * keeps on its side. Tasks (registrations, info reviews, code reviews) by id, each app's code
 * (its experience, live and previous versions), and the signing key.
 */
export const miniProgramSandboxTasks = pgTable(
  'mini_program_sandbox_tasks',
  {
    id: id(),
    taskId: text('task_id').notNull(),
    kind: text('kind', { enum: ['registration', 'info', 'audit'] }).notNull(),
    /** The product's merchant it is for (shown on the sandbox's pages). */
    merchantId: ref('merchant_id').notNull(),
    appid: text('appid'),
    /** What was submitted (the application, the info, the version). */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    notifyUrl: text('notify_url').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('mini_program_sandbox_tasks_task_key').on(t.taskId)],
);

export const miniProgramSandboxApps = pgTable('mini_program_sandbox_apps', {
  appid: text('appid').primaryKey(),
  merchantId: ref('merchant_id').notNull(),
  /** The version uploaded last (the experience version). */
  experience: text('experience'),
  /** The version live now, and the one live before it (what a rollback brings back). */
  released: text('released'),
  previous: text('previous'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const miniProgramSandboxKeys = pgTable('mini_program_sandbox_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
