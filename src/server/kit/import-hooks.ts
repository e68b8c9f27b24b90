import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Message } from '../../shared/messages';
import type { Config } from '../config';
import type { Executor } from '../db/client';

/** A column of an import file that is not one of the resource's own fields. */
export interface ImportColumn {
  /** The key its value has in a row's values. */
  field: string;
  /** What the template writes as its header (each is accepted in either language's file). */
  header: { zh: string; en: string };
  required?: boolean;
  /** The template formats the column as text: codes whose leading zeros Excel would drop. */
  asText?: boolean;
  /** The template's notes: what to write, and a value it might hold. */
  rule: { zh: string; en: string };
  example: { zh: string; en: string };
}

/** A row that passed its row schema: its row number, checked values, and the fields it gave. */
export interface ImportRow {
  row: number;
  values: Record<string, unknown>;
  given: string[];
}

/** A problem with one row's cell, by field; said in the request's language when answered. */
export interface ImportProblem {
  row: number;
  field: string;
  message: Message;
}

/** What an area's `prepare` did before the write. */
export interface ImportPrepared {
  /** Problems with rows, as the checks' are. */
  problems: ImportProblem[];
  /** Handed to `write` as `prepared` (the images fetched, by their address). */
  value?: unknown;
  /** Once the import is over, its write committed or not: what to undo or let go (files). */
  finish(committed: boolean): Promise<void>;
}

/**
 * An area's own import (`modules/<name>/import.ts`), for what the kit's one-row-one-record import
 * cannot say alone: cells beyond the resource's fields (a goods' variant columns), several rows
 * that make one record with its child rows (a goods and its variants), checks against the
 * merchant's data, and the writing of such records. The kit still reads the file (size,
 * unpacked size, row limit, .xlsx or CSV), answers the report, the file of bad rows and the
 * template, and runs the write in one transaction with its operation-log row.
 */
export interface ImportHooks {
  /** Columns beyond the resource's importable fields. */
  columns?: ImportColumn[];
  /** Checks one row's values (every column's, by field) in place of the resource's row schema. */
  rowSchema?: z.ZodType<Record<string, unknown>>;
  /**
   * Rows with the same group make one record (a goods' variant rows): they stand or fall
   * together, so a record with a bad row is never written in part. Reads the row's cells as
   * given (trimmed text, by field), so a row its schema refused still finds its group.
   */
  groupOf?(cells: Record<string, unknown>): string;
  /**
   * Checks the rows against one another and the merchant's data (only rows whose group passed
   * its row checks): problems, and how many rows are already there by the area's key.
   */
  check?(
    rows: ImportRow[],
    context: { db: Executor; merchantId: number },
  ): Promise<{ problems: ImportProblem[]; existing: number }>;
  /** The column that finds a row already there (a variant's seller SKU), by field. */
  keyField?: string;
  /**
   * Work a commit does on the valid rows before its transaction, outside it: what takes the
   * network (fetching the images a row names). Its problems are row errors as the checks' are: a
   * row with one holds its group back, and the import stops unless only the valid rows were asked
   * for. Not run by a validation, which writes nothing.
   */
  prepare?(
    rows: ImportRow[],
    context: { request: FastifyRequest; merchantId: number; config: Config },
  ): Promise<ImportPrepared>;
  /**
   * Writes the valid rows (whole groups) in the import's transaction, in place of the kit's
   * insert: rows already there are skipped or updated as asked. Answers rows added and updated.
   */
  write?(
    rows: ImportRow[],
    context: {
      tx: Executor;
      request: FastifyRequest;
      merchantId: number;
      existing: 'skip' | 'update';
      /** What `prepare` handed on. */
      prepared?: unknown;
    },
  ): Promise<{ imported: number; updated: number }>;
  /** Rows the template's example sheet shows (by field), never imported: not on sheet 1. */
  exampleRows?(language: 'zh' | 'en'): Record<string, string>[];
}
