/**
 * An http(s) address as the box keeps it (`#fragment` dropped), or null: the list links to it,
 * so a pasted `javascript:` address must never be kept.
 */
export function normalised(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The site of an address (`shop.example.com:8080`), or '' for a pasted page's `pasted:` key. */
export const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return '';
  }
};
