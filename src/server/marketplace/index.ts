import type { Config } from '../config';
import type { Marketplace } from './marketplace';
import { SandboxMarketplace } from './sandbox';

export type { Marketplace } from './marketplace';

/** The marketplace MARKETPLACE names (the sandbox is the one that ships). */
export function createMarketplace(config: Config): Marketplace {
  return new SandboxMarketplace({
    chaos: config.MARKETPLACE_SANDBOX_CHAOS,
    batchMs: config.MARKETPLACE_SANDBOX_BATCH_MS,
    parallel: config.MARKETPLACE_SANDBOX_PARALLEL,
  });
}
