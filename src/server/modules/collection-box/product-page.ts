import { Parser } from 'htmlparser2';
import {
  COLLECTED_ATTRIBUTES_MAX,
  COLLECTED_VALUES_MAX,
  COLLECTED_VARIANTS_MAX,
  type CollectedVariants,
  NO_VARIANTS,
} from '../../../shared/collected-variants';

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
  /** Its variants, each image still the page's address (kit/remote-images.ts stores them). */
  variants: CollectedVariants;
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

const isType = (node: JsonObject, name: string) =>
  typesOf(node).some((t) => t === name || t.endsWith(`/${name}`));

/**
 * The first ProductGroup or Product in a JSON-LD value: at its top, in a list, in `@graph`, or
 * nested. A group comes before its variants (each a Product inside it).
 */
function findProduct(value: Json, depth = 0): JsonObject | undefined {
  if (depth > 6) return undefined;
  for (const item of list(value)) {
    if (!isObject(item)) continue;
    if (isType(item, 'ProductGroup') || isType(item, 'Product')) return item;
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

/** Properties of schema.org's Product a variant differs by, as a `variesBy` names them. */
const VARYING = ['color', 'size', 'material', 'pattern', 'suggestedGender', 'suggestedAge'];

/** `https://schema.org/color` or `color` → `color`. */
const propertyOf = (value: Json) =>
  typeof value === 'string' ? (value.split(/[/#]/).pop() ?? '').trim() : '';

/** An attribute's name as the grid shows it: `color` → `Color`, `suggestedGender` → `Suggested Gender`. */
const attributeName = (property: string) =>
  (property.charAt(0).toUpperCase() + property.slice(1))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .slice(0, 20);

/** A variant's value of a property: a text, a number, or a thing with a name (SizeSpecification). */
function variantValue(variant: JsonObject, property: string): string {
  const direct = list(variant[property])[0];
  const found =
    direct !== undefined
      ? isObject(direct)
        ? (direct.name ?? direct.value)
        : direct
      : list(variant.additionalProperty)
          .filter(isObject)
          .find(
            (p) => typeof p.name === 'string' && p.name.toLowerCase() === property.toLowerCase(),
          )?.value;
  return plain(found, 30);
}

/** What a variant is told apart by: its `additionalProperty` names, its Product properties. */
const propertiesOf = (variant: JsonObject) => [
  ...VARYING.filter((p) => variant[p] !== undefined),
  ...list(variant.additionalProperty)
    .filter(isObject)
    .map((p) => (typeof p.name === 'string' ? p.name.trim() : ''))
    .filter(Boolean),
];

interface RawVariant {
  options: Record<string, string>;
  price: string;
  sku: string;
  images: string[];
}

/**
 * A variant list made the grid's way: attributes in the page's order with their values in the
 * order met, at most COLLECTED_ATTRIBUTES_MAX of COLLECTED_VALUES_MAX values, each combination
 * once. Fewer than two variants is a product of one kind.
 */
function gridOf(names: string[], raw: RawVariant[], base: string): CollectedVariants {
  const attributes = names.slice(0, COLLECTED_ATTRIBUTES_MAX).map((name) => ({
    name: attributeName(name),
    key: name,
    values: [] as string[],
  }));
  const items: CollectedVariants['items'] = [];
  const seen = new Set<string>();
  for (const variant of raw) {
    const options: Record<string, string> = {};
    let fits = true;
    for (const a of attributes) {
      const value = variant.options[a.key];
      if (!value) {
        fits = false;
        break;
      }
      if (!a.values.includes(value)) {
        if (a.values.length >= COLLECTED_VALUES_MAX) {
          fits = false;
          break;
        }
        a.values.push(value);
      }
      options[a.name] = value;
    }
    const key = JSON.stringify(attributes.map((a) => options[a.name]));
    if (!fits || seen.has(key)) continue;
    seen.add(key);
    items.push({
      options,
      price: variant.price || '0',
      sku: variant.sku,
      image: absoluteImages(variant.images, base)[0] ?? '',
    });
    if (items.length >= COLLECTED_VARIANTS_MAX) break;
  }
  const kept = attributes.filter((a) => a.values.length > 0);
  if (items.length < 2 || kept.length === 0) return NO_VARIANTS;
  return { attributes: kept.map(({ name, values }) => ({ name, values })), items };
}

/**
 * A ProductGroup's (or a Product's) `hasVariant`: each variant a Product with its values (the
 * properties `variesBy` names, else those that differ between the variants), its offer's price,
 * its SKU and its image.
 */
function variantsOf(product: JsonObject, base: string): CollectedVariants {
  const variants = list(product.hasVariant).filter(isObject);
  if (variants.length > 0) {
    let names = list(product.variesBy).map(propertyOf).filter(Boolean);
    if (names.length === 0) {
      const all = [...new Set(variants.flatMap(propertiesOf))];
      names = all.filter((p) => new Set(variants.map((v) => variantValue(v, p))).size > 1);
    }
    return gridOf(
      names,
      variants.map((v) => ({
        options: Object.fromEntries(names.map((n) => [n, variantValue(v, n)])),
        price: offerOf(v).price,
        sku: plain(v.sku, 40),
        images: imageSources(v.image),
      })),
      base,
    );
  }
  // A Product with an offer per kind, each named (Red / M): one attribute, its names the values.
  const offers = list(product.offers).filter(
    (o): o is JsonObject => isObject(o) && typeof o.name === 'string' && !!o.name.trim(),
  );
  if (offers.length < 2) return NO_VARIANTS;
  return gridOf(
    ['option'],
    offers.map((o) => ({
      options: { option: plain(o.name, 30) },
      price: normalisePrice(o.price),
      sku: plain(o.sku, 40),
      images: imageSources(o.image),
    })),
    base,
  );
}

/** The lowest of the variants' prices above 0, or ''. */
const lowestPrice = (variants: CollectedVariants) =>
  variants.items
    .map((v) => v.price)
    .filter((p) => Number(p) > 0)
    .sort((a, b) => Number(a) - Number(b))[0] ?? '';

function fromJsonLd(product: JsonObject, base: string): ProductData {
  const brand = list(product.brand)[0];
  const variants = variantsOf(product, base);
  let { price, currency } = offerOf(product);
  // A group gives its price and currency on its variants' offers.
  if (!price) price = lowestPrice(variants);
  if (!currency)
    currency =
      list(product.hasVariant)
        .filter(isObject)
        .map((v) => offerOf(v).currency)
        .find(Boolean) ?? '';
  let images = absoluteImages(imageSources(product.image), base);
  if (images.length === 0)
    images = absoluteImages(variants.items.map((v) => v.image).filter(Boolean), base);
  return {
    title: textOf(product.name, MAX_TITLE),
    images,
    price: price || '0',
    currency,
    brand: textOf(isObject(brand) ? brand.name : brand, 200),
    description: textOf(product.description, MAX_TEXT, true),
    url: typeof product.url === 'string' ? product.url : '',
    variants,
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
    variants: NO_VARIANTS,
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
        variants: ld.variants,
      }
    : og;
  return read.title ? read : null;
}
