import { config } from 'zod';

// zod compiles object parsers with `new Function` where it may, and probes for it: the CSP
// forbids eval, so each probe is a reported violation. The browser checks a form's fields only.
config({ jitless: true });
