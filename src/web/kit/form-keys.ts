import type { KeyboardEvent } from 'react';

/**
 * A form's key handler: Enter in a date picker picks the date typed, and no more. Left alone, the
 * browser's implicit submission sent the whole form with it (a drawer's Save is the form's
 * submit button): a merchant confirming a date saved a project, then saved it again.
 */
export function keepEnterInDatePickers(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter') return;
  const target = event.target as HTMLElement | null;
  if (target?.closest?.('.ant-picker')) event.preventDefault();
}
