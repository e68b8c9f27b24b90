import type { LoginBody, LoginResult, MenuEntry, Profile } from '../../shared/auth';
import type { WebsiteConfig } from '../../shared/site';
import { request } from './request';

/** The calls of spec §7 the session needs. */
export const sessionApi = {
  login: (body: LoginBody) => request<LoginResult>('/admin/auth/login', body),
  logout: () => request<null>('/admin/auth/loginOut', {}),
  menu: () => request<MenuEntry[]>('/admin/menu/index', {}),
  profile: () => request<Profile>('/admin/user/detail', {}),
  websiteConfig: () => request<WebsiteConfig>('/open/config/website_config', {}, { silent: true }),
};
