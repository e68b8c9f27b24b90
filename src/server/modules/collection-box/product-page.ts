import { Parser } from 'htmlparser2';

/** What the collection box keeps of a product page. */
export interface ProductData {
  title: string;
  images: string[];
  /** A decimal string with two places; '0' when the page gives none. */
  price: string;
  /** ISO 4217 (USD), or '' when the page gives none. */
  currency: string;
  brand: string;
  description: string;
  /** The page's own address for the product (JSON-LD `url`, og:url), when it gives one. */
  url: string;
}

const MAX_IMAGES = 20;
const MAX_IMAGE_URL = 500;
const MAX_TITLE = 500;
const MAX_TEXT = 5000;

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: Json): Json[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Text cut to `max` with its spaces collapsed. */
function plain(value: Json, max = MAX_TEXT): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value).replace(/\s+/g, ' ').trim().slice(0, max);
}

/** Elements that start a line of their own: a list's items, paragraphs, breaks, headings. */
const LINE_TAGS = new Set(['li', 'p', 'br', 'div', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Text with its spaces collapsed within each line, its empty lines dropped, cut to `max`. */
function lines(text: string, max = MAX_TEXT): string {
  return text
    .split(/\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, max);
}

/**
 * A JSON-LD text as shown: shops put HTML in a description (`<p>Light &amp; grippy</p>`), so its
 * tags are dropped and its entities decoded. (A `<meta>` value arrives decoded already.) With
 * `keepLines`, a list item, paragraph or break stays a line of its own (a description's bullet
 * list is not run together into one sentence).
 */
export function textOf(value: Json, max = MAX_TEXT, keepLines = false): string {
  if (typeof value !== 'string') return plain(value, max);
  let text = '';
  const breakLine = (name: string) => {
    if (keepLines && LINE_TAGS.has(name)) text += '\n';
  };
  const parser = new Parser(
    {
      ontext: (part) => (text += keepLines ? part.replace(/\n/g, ' ') : part),
      onopentag: breakLine,
      onclosetag: breakLine,
    },
    { decodeEntities: true },
  );
  parser.write(value);
  parser.end();
  return keepLines ? lines(text, max) : plain(text, max);
}

/** `1,299.00`, `19.9`, 20 → `1299.00`, `19.90`, `20.00`; anything else → ''. */
export function normalisePrice(value: Json): string {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return '';
  const text = value.replace(/[\s,]/g, '');
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return '';
  const cents = (match[2] ?? '').padEnd(2, '0').slice(0, 2);
  return `${BigInt(match[1]!)}.${cents}`;
}

const currencyOf = (value: Json) =>
  typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : '';

/** http(s) addresses only, made absolute against the page, each once. */
function absoluteImages(sources: string[], base: string): string[] {
  const out: string[] = [];
  for (const source of sources) {
    try {
      const url = new URL(source.trim(), base || undefined);
      // (Longer addresses than a goods' form takes, 500 characters, are left out too.)
      if (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.href.length <= MAX_IMAGE_URL &&
        !out.includes(url.href)
      )
        out.push(url.href);
    } catch {
      // Not an address: left out.
    }
    if (out.length >= MAX_IMAGES) break;
  }
  return out;
}

/** `image` as a string, an ImageObject ({ url } or { contentUrl }), or a list of either. */
function imageSources(value: Json): string[] {
  return list(value).flatMap((item) =>
    typeof item === 'string'
      ? [item]
      : isObject(item)
        ? list(item.url ?? item.contentUrl).filter((u): u is string => typeof u === 'string')
        : [],
  );
}

const typesOf = (node: JsonObject) => list(node['@type']).map(String);

/** The first Product in a JSON-LD value: at its top, in a list, in `@graph`, or nested. */
function findProduct(value: Json, depth = 0): JsonObject | undefined {
  if (depth > 6) return undefined;
  for (const item of list(value)) {
    if (!isObject(item)) continue;
    if (typesOf(item).some((t) => t === 'Product' || t.endsWith('/Product'))) return item;
    for (const inner of Object.values(item)) {
      if (typeof inner !== 'object' || inner === null) continue;
      const found = findProduct(inner, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Price and currency from `offers`: an Offer, an AggregateOffer, or a list of them. */
function offerOf(product: JsonObject): { price: string; currency: string } {
  for (const offer of list(product.offers)) {
    if (!isObject(offer)) continue;
    const spec = list(offer.priceSpecification).find(isObject);
    const price = normalisePrice(offer.price ?? offer.lowPrice ?? spec?.price);
    if (price) return { price, currency: currencyOf(offer.priceCurrency ?? spec?.priceCurrency) };
  }
  return { price: '', currency: '' };
}

function fromJsonLd(product: JsonObject, base: string): ProductData {
  const brand = list(product.brand)[0];
  const { price, currency } = offerOf(product);
  return {
    title: textOf(product.name, MAX_TITLE),
    images: absoluteImages(imageSources(product.image), base),
    price: price || '0',
    currency,
    brand: textOf(isObject(brand) ? brand.name : brand, 200),
    description: textOf(product.description, MAX_TEXT, true),
    url: typeof product.url === 'string' ? product.url : '',
  };
}

/** The page's JSON-LD blocks and its `<meta>` values (property or name → contents, in order). */
function scan(html: string) {
  const blocks: string[] = [];
  const meta = new Map<string, string[]>();
  let inJsonLd = false;
  let block = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && /ld\+json/i.test(attributes.type ?? '')) {
          inJsonLd = true;
          block = '';
        } else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '')
            .trim()
            .toLowerCase();
          if (key && attributes.content !== undefined)
            meta.set(key, [...(meta.get(key) ?? []), attributes.content]);
        }
      },
      ontext(text) {
        if (inJsonLd) block += text;
      },
      onclosetag(name) {
        if (name === 'script' && inJsonLd) {
          inJsonLd = false;
          blocks.push(block);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { blocks, meta };
}

/**
 * A product page read: its schema.org Product JSON-LD first (Shopify, WooCommerce and most shops
 * have one), the Open Graph tags for what it leaves out or when it has none. Null when the page
 * names no product either way.
 */
export function readProductPage(html: string, pageUrl = ''): ProductData | null {
  const { blocks, meta } = scan(html);
  let product: JsonObject | undefined;
  for (const block of blocks) {
    try {
      product = findProduct(JSON.parse(block));
    } catch {
      // A broken block: the page's others and its Open Graph tags may still tell.
    }
    if (product) break;
  }
  const first = (key: string) => meta.get(key)?.[0]?.trim() ?? '';
  const og: ProductData = {
    title: plain(first('og:title'), MAX_TITLE),
    images: absoluteImages(meta.get('og:image') ?? meta.get('og:image:url') ?? [], pageUrl),
    price: normalisePrice(first('product:price:amount') || first('og:price:amount')) || '0',
    currency: currencyOf(first('product:price:currency') || first('og:price:currency')),
    brand: plain(first('product:brand') || first('og:brand'), 200),
    description: plain(first('og:description') || first('description')),
    url: first('og:url'),
  };
  // A page that is not about a product (an article, a shop's home page) has an og:title too: it
  // is collected only with a Product, og:type product or a product price, never as one at 0.00.
  const productPage =
    !!product ||
    /product/i.test(first('og:type')) ||
    !!(first('product:price:amount') || first('og:price:amount'));
  if (!productPage) return null;
  const ld = product ? fromJsonLd(product, pageUrl) : null;
  const read: ProductData = ld
    ? {
        title: ld.title || og.title,
        images: ld.images.length > 0 ? ld.images : og.images,
        price: ld.price !== '0' ? ld.price : og.price,
        currency: ld.currency || og.currency,
        brand: ld.brand || og.brand,
        description: ld.description || og.description,
        url: ld.url || og.url,
      }
    : og;
  return read.title ? read : null;
}
