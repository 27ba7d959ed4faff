import { it } from 'vitest';
import { z } from '@fretio/core';
import { fixtures, routeFixtures } from '../fixtures.ts';
import { createHarness, needsFixture, paramNames, isUidParam, routeKey, isZod } from '../support/harness.ts';
it('list', async () => {
  const h = await createHarness();
  for (const r of h.resources.filter(needsFixture)) {
    console.log('ALL', r.path, !!fixtures[r.path]); if (fixtures[r.path]) continue;
    const body = (r.routes.create?.schema.body ?? r.routes.update?.schema.body ?? r.def.input) as z.ZodType;
    const js = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as any;
    console.log('RES', r.path, r.def.recurso, Object.keys(r.routes).filter((k) => (r.routes as any)[k]).join(','), '\n   ', JSON.stringify({ req: js.required, props: js.properties }));
  }
  const resourceRoute = (url: string) => h.resources.some((r) => r.item === url || (r.nested && r.collection === url));
  for (const rt of h.routes.filter((rt) => rt.url.startsWith('/api/v1/') && !rt.config.public && paramNames(rt.url).some((p) => isUidParam(rt, p)) && !resourceRoute(rt.url))) {
    if (routeFixtures[routeKey(rt)]) continue;
    console.log('ROUTE', routeKey(rt), JSON.stringify(rt.config.permission), isZod(rt.schema.body) ? JSON.stringify((z.toJSONSchema(rt.schema.body as any, { io: 'input', unrepresentable: 'any' }) as any).properties) : '');
  }
  await h.close();
}, 60000);
