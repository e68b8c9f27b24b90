import { z } from 'zod';

/** POST /open/config/website_config (public). */
export const websiteConfig = z.object({ website_name: z.string() });
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** GET /platform-info.json, written by the build. */
export const platformInfo = z.object({ versionHash: z.string() });
export type PlatformInfo = z.infer<typeof platformInfo>;
