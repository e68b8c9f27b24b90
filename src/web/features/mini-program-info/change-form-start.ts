import type { AccountState, InfoBody } from '../../../shared/mini-program';

/** A change of the info as its list gives it. */
export type InfoChange = InfoBody & { id: number; status: string };

/**
 * What the change form starts from: the change the platform rejected last, as it was submitted,
 * to be corrected (not the live info, which may be empty); else the live info.
 */
export function changeFormStart(
  live: Pick<AccountState, 'name' | 'avatar' | 'intro' | 'categories'>,
  latest: InfoChange | null,
): InfoBody {
  const from = latest?.status === 'rejected' ? latest : live;
  return {
    name: from.name,
    avatar: from.avatar,
    intro: from.intro,
    categories: from.categories as InfoBody['categories'],
  };
}
