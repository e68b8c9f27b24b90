import type { ResourceOverrides } from '../../kit/resource-overrides';
import { useApp } from '../../stores/app';

/** The website settings: the browser title and the sidebar follow a saved name at once. */
export default {
  onSaved: (row) => useApp.getState().setWebsiteName(String(row.websiteName)),
} satisfies ResourceOverrides;
