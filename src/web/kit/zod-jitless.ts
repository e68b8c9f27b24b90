/**
 * zod compiles object parsers with `new Function` where it may, probing for it when the first
 * object schema is made; the CSP forbids eval, so the probe is a reported violation. Turned off
 * before any schema exists, from the app's entry: zod keeps its settings on globalThis (its own
 * `config()` would bring zod into the login page), so this sets that object's `jitless` flag.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
