import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { routeCatalog, walkRoutes } from '../../shared/routes';
import { hasScreen, screens } from './screens';

describe('screens', () => {
  it('has a screen for every screen route of the catalog', () => {
    for (const { route } of walkRoutes(routeCatalog))
      if (route.name && !route.children?.length)
        expect(hasScreen(route.name), route.name).toBe(true);
  });

  it("derives a resource's screen, which loads with the resource's dictionaries in the UI's language", async () => {
    const { i18n } = await import('../i18n');
    for (const resource of resources) {
      const screen = screens[resource.route];
      expect(screen, resource.route).toBeDefined();
      await screen!.preload();
      expect(i18n.hasResourceBundle('zh', resource.name)).toBe(true);
      expect(i18n.hasResourceBundle('en', resource.name)).toBe(false);
    }
    // Loading the kit's list and form code on a busy machine can take a while.
  }, 60_000);

  it('shares one chunk between the ten article lists', () => {
    expect(screens['article-news']).toBe(screens['compliance-observe']);
  });
});
