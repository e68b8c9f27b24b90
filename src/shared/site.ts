import { z } from 'zod';
import { messageKey as m } from './messages';

/** POST /open/config/website_config (public). */
export const websiteConfig = z.object({ website_name: z.string() });
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** GET /platform-info.json, written by the build. */
export const platformInfo = z.object({ versionHash: z.string() });
export type PlatformInfo = z.infer<typeof platformInfo>;

/** The merchant's site details (website-setting). */
export const siteDetails = z.object({
  websiteName: z
    .string({ error: m('site.nameRequired') })
    .trim()
    .min(1, m('site.nameRequired'))
    .max(60, m('validation.maxLength')),
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v), m('validation.imageUrl'))
    .default(''),
  contactPhone: z
    .string()
    .trim()
    .regex(/^[\d\s+()-]{0,20}$/, m('site.phone'))
    .default(''),
  contactEmail: z.email(m('validation.email')).or(z.literal('')).default(''),
  address: z.string().trim().max(200, m('validation.maxLength')).default(''),
  icpRecord: z.string().trim().max(50, m('validation.maxLength')).default(''),
  description: z.string().trim().max(500, m('validation.maxLength')).default(''),
});
export type SiteDetails = z.infer<typeof siteDetails>;
