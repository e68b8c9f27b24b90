import { z } from 'zod';

/** POST /open/config/website_config (public). */
export const websiteConfig = z.object({ website_name: z.string() });
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** GET /platform-info.json, written by the build. */
export const platformInfo = z.object({ versionHash: z.string() });
export type PlatformInfo = z.infer<typeof platformInfo>;

/** The merchant's site details (website-setting). */
export const siteDetails = z.object({
  websiteName: z
    .string({ error: 'Website name is required' })
    .trim()
    .min(1, 'Website name is required')
    .max(60, 'At most 60 characters'),
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v),
      'Use an uploaded image or an http(s) address',
    )
    .default(''),
  contactPhone: z
    .string()
    .trim()
    .regex(/^[\d\s+()-]{0,20}$/, 'Not a phone number')
    .default(''),
  contactEmail: z.email('Not an email address').or(z.literal('')).default(''),
  address: z.string().trim().max(200, 'At most 200 characters').default(''),
  icpRecord: z.string().trim().max(50, 'At most 50 characters').default(''),
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
});
export type SiteDetails = z.infer<typeof siteDetails>;
