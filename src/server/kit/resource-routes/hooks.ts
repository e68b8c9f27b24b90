import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ResourceDictionary } from '../../../shared/resource';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { ListKey } from '../list';

/** A row of a resource's table, as drizzle reads it. */
export type Row = Record<string, unknown> & { id: number };

/**
 * What an area adds to its derived routes (src/server/modules/<name>/hooks.ts, default export).
 * A create or an update runs, in order: `beforeWrite` (in the transaction, before the row is
 * written), `afterWrite` (in the transaction, with the row written), `afterCommit` (once the
 * change is committed); `before` is the row as it was (an update's), absent on a create.
 */
export interface ResourceHooks {
  /** Conditions every list and export adds (beyond the merchant). */
  scope?(request: FastifyRequest): (SQL | undefined)[];
  /**
   * A field's filter written by the area in place of the derived one, given the list's value for
   * it (e.g. a table beside the rows that answers it faster than the column's own index).
   */
  filters?: Record<string, (value: unknown, merchantId: number) => SQL>;
  /**
   * Whether a list with these filters finds its page's ids first (kit/list.ts idsFirst): where
   * the sort index they walk also holds another filtered column (INCLUDE, in the area's
   * migration), so that rows failing it are tested in the index, never read from the table.
   */
  idsFirst?(params: Record<string, unknown>): boolean;
  /**
   * Keys the list is ordered by, ascending, before the default sort (kit/list.ts ListKey), when
   * the list is under its default sort: rows that belong together come together (a variation
   * family's parent and its children). A sort the user picks is flat.
   */
  grouping?: readonly ListKey[];
  /**
   * How the Excel export reads beyond the list's shown columns: `key`, the field that names each
   * row in the first column in place of its ID (an order's number, for a resource never imported
   * back); `always`, fields carried whether shown or not (an order's discounts and remark);
   * `cells`, how a field's value reads in the requester's language where the list's screen
   * translates it (a ledger line "sandbox SBX…" as 沙箱充值 · 流水号 SBX…).
   */
  export?: {
    key?: string;
    always?: string[];
    cells?: Record<
      string,
      (value: unknown, dictionary: ResourceDictionary) => string | number | Date | null
    >;
  };
  /** Values about to be inserted or set; may change them (e.g. sanitise HTML) or refuse. */
  beforeWrite?(
    values: Record<string, unknown>,
    context: { request: FastifyRequest; tx: Executor; before?: Row },
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * A row just inserted or updated, in the same transaction: what the change entails elsewhere
   * (e.g. ending an account's sessions); throwing undoes the change. Not run when an update
   * changed nothing.
   */
  afterWrite?(
    row: Row,
    context: { request: FastifyRequest; tx: Executor; before?: Row },
  ): Promise<void>;
  /**
   * A row once its create or update is committed: what must not happen before (e.g. dropping
   * what this server keeps in memory about it, so that no request reads it again before the
   * commit). Its errors no longer undo the change.
   */
  afterCommit?(
    row: Row,
    context: { request: FastifyRequest; before?: Row; app: AppContext },
  ): void | Promise<void>;
  /**
   * A single-row resource's first row, made on the merchant's first `get`: values besides the
   * columns' defaults (a website's name starts as the platform's).
   */
  firstRow?(context: { request: FastifyRequest; ex: Executor }): Promise<Record<string, unknown>>;
  /** Rows about to be answered (list, detail, create, update): fills in `computed` fields. */
  decorate?(rows: Row[], context: { request: FastifyRequest; ex: Executor }): Promise<void>;
  /** Rows about to be deleted; may refuse (e.g. still in use). */
  beforeDelete?(rows: Row[], context: { request: FastifyRequest; tx: Executor }): Promise<void>;
  /**
   * Rows once their delete is committed: what goes with them outside the database (a material's
   * file). Its errors no longer undo the delete.
   */
  afterDelete?(rows: Row[], context: { request: FastifyRequest; app: AppContext }): Promise<void>;
}
