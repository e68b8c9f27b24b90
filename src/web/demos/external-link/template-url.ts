/** Where the template's external link entry points (the catalog's route path, spec §2). */
export const TEMPLATE_URL = 'https://github.com/PanJiaChen/vue-element-admin';
