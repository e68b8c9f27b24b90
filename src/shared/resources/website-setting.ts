import { datetime, defineResource, image, longText, text } from '../resource';

/** zod's own email pattern (z.email), here as plain data: this file loads no zod. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * /website-setting: the merchant's website as the app names it (the browser title and the
 * sidebar follow a new name at once) and the details shown with it: logo, contact phone and
 * email, address, ICP filing number, description. One per merchant, starting from the platform's
 * name (modules/website-setting/hooks.ts); the platform's own row, without a merchant, names the
 * site before sign-in (POST /open/config/website_config).
 */
export const websiteSetting = defineResource({
  name: 'website-setting',
  route: 'website-setting',
  titles: {
    zh: { title: '网站设置', edit: '网站设置' },
    en: { title: 'Website', edit: 'Website' },
  },
  table: 'site_settings',
  menu: { group: '/setting', order: 1 },
  fields: {
    websiteName: text({ required: true, max: 60 }),
    logoUrl: image({}),
    contactPhone: text({
      max: 20,
      pattern: { regex: /^[\d\s+()-]*$/, message: 'website-setting:rules.contactPhone' },
    }),
    contactEmail: text({ max: 254, pattern: { regex: EMAIL, message: 'validation.email' } }),
    address: text({ max: 200 }),
    icpRecord: text({ max: 50 }),
    description: longText({ max: 500 }),
    updatedAt: datetime({ readOnly: true }),
  },
  titleField: 'websiteName',
  actions: ['detail', 'update'],
  defaultSort: 'updatedAt',
  single: true,
});

export default websiteSetting;
