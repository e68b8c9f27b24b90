import { and, eq, ne, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { PrinterBrand } from '../../../shared/resources/printer';
import { printers as printerRows } from '../../db/schema/printer';
import { AppError, fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { unregisterLater, wakeWaitingPrints } from '../../printer';

/**
 * A printer's status is its adapter's: a new sandbox printer is online, a brand with no adapter
 * offline. Only the sandbox is switched by hand (setOffline / setOnline); back online, what waits
 * for it prints at once. A printer of a connected real brand is added to the provider's account
 * when it is saved with its key (new, another SN or brand, a new key): a refusal keeps it unsaved
 * with the provider's words; without a key it must be on the account already (the console). The
 * account is the platform's: a device one store has added is not another's to add. A device no
 * printer has any more (deleted, or saved with another SN or brand) is taken off the account.
 * An SN is kept as printed on the label, upper-case and without spaces, and compared in any case
 * (sn-abc and SN-ABC are one printer; rows saved before may still hold lower case).
 */
/** An SN as the label prints it: upper case, no surrounding spaces. */
const normalSerial = (serial: string) => serial.trim().toUpperCase();

export default {
  async beforeWrite(values, { before, tx, request }) {
    const transition = before && Object.keys(values).length === 1 && 'status' in values;
    if (transition) {
      if (before.brand !== 'sandbox')
        throw new AppError(ResultCode.CONFLICT, message('printer:errors.sandboxOnly'));
      if (values.status === 'online') await wakeWaitingPrints(tx, before.id);
      return values;
    }
    const next = { ...values };
    if (typeof next.serial === 'string') next.serial = normalSerial(next.serial);
    const merchantId = Number(before?.merchantId ?? request.auth?.merchantId ?? 0);
    if (typeof next.serial === 'string') {
      const [same] = await tx
        .select({ name: printerRows.name })
        .from(printerRows)
        .where(
          and(
            eq(printerRows.merchantId, merchantId),
            sql`upper(${printerRows.serial}) = ${next.serial}`,
            before ? ne(printerRows.id, before.id as number) : undefined,
          ),
        )
        .limit(1);
      if (same)
        throw fieldError(
          'serial',
          message('printer:rules.serialTaken', { serial: next.serial, name: same.name }),
          ResultCode.CONFLICT,
        );
    }
    const brand = (next.brand ?? before?.brand ?? 'sandbox') as PrinterBrand;
    const moved =
      !before ||
      brand !== before.brand ||
      normalSerial(String(next.serial ?? before.serial)) !== normalSerial(String(before.serial));
    if (moved) next.status = brand === 'sandbox' ? 'online' : 'offline';
    const printers = request.server.printers;
    const serial = String(next.serial ?? before?.serial ?? '');
    if (moved && brand !== 'sandbox') {
      const [elsewhere] = await tx
        .select({ id: printerRows.id })
        .from(printerRows)
        .where(
          and(
            eq(printerRows.brand, brand),
            sql`upper(${printerRows.serial}) = ${normalSerial(serial)}`,
            ne(printerRows.merchantId, merchantId),
          ),
        )
        .limit(1);
      if (elsewhere) throw fieldError('serial', message('printer:errors.elsewhere'));
    }
    if (moved && before) await unregisterLater(tx, request.server.jobs, printers, before as never);
    if (brand === 'sandbox' || !printers.connected(brand)) return next;

    const adapter = printers.adapterFor(brand);
    const secretKey = String(next.secretKey || before?.secretKey || '');
    if (secretKey && (moved || next.secretKey) && adapter.register) {
      const added = await adapter.register({
        serial,
        secretKey,
        name: String(next.name ?? before?.name ?? ''),
      });
      if (!added.ok)
        throw fieldError(
          'serial',
          message('printer:errors.refused', {
            brand: message(`printer:enums.brand.${brand}`),
            reason: added.error ?? '',
          }),
        );
    }
    if (moved) {
      // What the provider says now; one it cannot be asked stays offline until a print asks again.
      const device = {
        id: Number(before?.id ?? 0),
        merchantId: Number(before?.merchantId ?? request.auth?.merchantId ?? 0),
        brand,
        serial,
        secretKey,
        status: 'offline' as const,
      };
      const status = await adapter.status(device, tx).catch(() => ({ online: false }));
      next.status = status.online ? 'online' : 'offline';
    }
    return next;
  },

  async beforeDelete(rows, { request, tx }) {
    for (const row of rows)
      await unregisterLater(tx, request.server.jobs, request.server.printers, row as never);
  },
} satisfies ResourceHooks;
