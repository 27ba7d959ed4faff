import type { ModuleSeed } from './demo.ts';

// The demo data of each module, in dependency order. A module adds its seed file here (one line).
export const moduleSeeds: ModuleSeed[] = [];
