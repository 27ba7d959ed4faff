// Worker threads do not inherit the tsx loader of the server (npm start, vitest): register it here,
// then load the TypeScript worker. Plain .mjs so Node can start it with no loader at all.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
