import { describe, expect, it } from 'vitest';
import { normalisePrice, readProductPage } from './product-page';

const page = (head: string) => `<!doctype html><html><head>${head}</head><body></body></html>`;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('reading a product page', () => {
  it('reads a Product at the top of a JSON-LD block, images made absolute and http(s) only', () => {
    const read = readProductPage(
      page(
        ld({
          '@type': 'Product',
          name: 'Shoe',
          image: [
            '//cdn.example.com/a.jpg',
            'b.jpg',
            'data:image/png;base64,xx',
            'b.jpg',
            `https://cdn.example.com/${'x'.repeat(500)}.jpg`,
          ],
          brand: 'Peak',
          description: '<b>Light</b> &amp; <i>warm</i>',
          offers: { price: 19.9, priceCurrency: 'usd' },
          url: 'https://shop.example.com/shoe',
        }),
      ),
      'https://shop.example.com/p/1',
    );
    expect(read).toEqual({
      title: 'Shoe',
      images: ['https://cdn.example.com/a.jpg', 'https://shop.example.com/p/b.jpg'],
      price: '19.90',
      currency: 'USD',
      brand: 'Peak',
      description: 'Light & warm',
      url: 'https://shop.example.com/shoe',
      variants: { attributes: [], items: [] },
    });
  });

  it("reads a Product's hasVariant without variesBy: the properties its variants differ by", () => {
    const read = readProductPage(
      page(
        ld({
          '@type': 'Product',
          name: 'Mug',
          offers: { price: '9', priceCurrency: 'EUR' },
          hasVariant: [
            {
              '@type': 'Product',
              sku: 'M-1',
              material: 'Stoneware',
              additionalProperty: [{ '@type': 'PropertyValue', name: 'Capacity', value: '300 ml' }],
              image: 'small.jpg',
              offers: { price: '9' },
            },
            {
              '@type': 'Product',
              sku: 'M-2',
              material: 'Stoneware',
              additionalProperty: [{ '@type': 'PropertyValue', name: 'Capacity', value: '450 ml' }],
              offers: { price: '11.5' },
            },
          ],
        }),
      ),
      'https://shop.example.com/p/mug',
    );
    // Material is the same for both: not an attribute.
    expect(read?.variants).toEqual({
      attributes: [{ name: 'Capacity', values: ['300 ml', '450 ml'] }],
      items: [
        {
          options: { Capacity: '300 ml' },
          price: '9.00',
          sku: 'M-1',
          image: 'https://shop.example.com/p/small.jpg',
        },
        { options: { Capacity: '450 ml' }, price: '11.50', sku: 'M-2', image: '' },
      ],
    });
    // One offer, or offers without names, are no variants.
    const single = readProductPage(
      page(ld({ '@type': 'Product', name: 'Cup', offers: [{ price: 1 }, { price: 2 }] })),
    );
    expect(single?.variants).toEqual({ attributes: [], items: [] });
  });

  it('finds the Product in @graph or in a list, with offers as a list and ImageObjects', () => {
    const graph = readProductPage(
      page(
        ld({
          '@graph': [
            { '@type': 'BreadcrumbList' },
            {
              '@type': ['Product', 'Thing'],
              name: 'Mug',
              image: [{ '@type': 'ImageObject', contentUrl: 'https://x.example/m.png' }],
              offers: [
                { '@type': 'Offer', priceSpecification: { price: '7', priceCurrency: 'EUR' } },
              ],
            },
          ],
        }),
      ),
    );
    expect(graph).toMatchObject({
      title: 'Mug',
      images: ['https://x.example/m.png'],
      price: '7.00',
    });
    expect(graph?.currency).toBe('EUR');
    const listed = readProductPage(
      page(
        ld([
          { '@type': 'Organization', name: 'Shop' },
          { '@type': 'Product', name: 'Cup' },
        ]),
      ),
    );
    expect(listed).toMatchObject({ title: 'Cup', price: '0', currency: '', images: [] });
  });

  it('skips a broken JSON-LD block and falls back to Open Graph for what JSON-LD leaves out', () => {
    const read = readProductPage(
      page(
        `<script type="application/ld+json">{ broken</script>${ld({ '@type': 'Product', name: 'Lamp' })}
        <meta property="og:image" content="https://x.example/lamp.jpg">
        <meta property="product:price:amount" content="45">
        <meta property="product:price:currency" content="GBP">`,
      ),
    );
    expect(read).toMatchObject({
      title: 'Lamp',
      images: ['https://x.example/lamp.jpg'],
      price: '45.00',
      currency: 'GBP',
    });
  });

  it('reads Open Graph alone, and nothing from a page that names no product', () => {
    expect(
      readProductPage(
        page(`<meta property="og:type" content="product">
          <meta property="og:title" content="Tea &amp; Cup">
          <meta name="description" content="Porcelain">`),
      ),
    ).toMatchObject({ title: 'Tea & Cup', description: 'Porcelain' });
    // Open Graph of a page about no product (a blog post): not read as a product at 0.00.
    expect(
      readProductPage(
        page(`<meta property="og:title" content="Spring lookbook">
          <meta property="og:type" content="article">`),
      ),
    ).toBeNull();
    expect(readProductPage(page('<title>About</title>'))).toBeNull();
    expect(readProductPage('')).toBeNull();
  });

  it('keeps prices exact with two places', () => {
    expect(normalisePrice('1,299.5')).toBe('1299.50');
    expect(normalisePrice(' 20 ')).toBe('20.00');
    expect(normalisePrice('0.129')).toBe('0.12');
    expect(normalisePrice('12e3')).toBe('');
    expect(normalisePrice('-3')).toBe('');
    expect(normalisePrice(null)).toBe('');
  });
});
