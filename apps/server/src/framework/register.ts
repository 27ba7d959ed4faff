import type { FastifyInstance, FastifyReply } from 'fastify';
import { atualizar, criar, excluir, executarAcao, listar, obter } from './crud.ts';
import type { Operation, ResourceDef } from './resource.ts';
import { childParams, created, listQuerySchema, ok, okEmpty, okList, reply, uidParams } from './schemas.ts';
import { MSG } from '@fretio/core';
import { registrarSelecao } from './selecao.ts';

// Five CRUD routes (or the subset declared) from one resource declaration.
const ALL: Operation[] = ['list', 'get', 'create', 'update', 'delete'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The resources this app registered (list export, generic test suites). Per app, not per process: a
     * process-wide list grew with every app a test worker built and kept each of them alive. */
    recursos: ResourceDef[];
  }
}

export function registerResource(app: FastifyInstance, def: ResourceDef) {
  if (!app.hasDecorator('recursos')) throw new Error('registerResource: o app não tem o registro de recursos (modules/index.ts)');
  app.recursos.push(def);
  // Untyped on purpose: the declaration is generic; zod still validates and serialises every route.
  const r = app;
  const ops = new Set(def.operations ?? ALL);
  const nested = def.path.includes(':uid');
  const base = `/api/v1${def.path}`;
  const one = nested ? `${base}/:childUid` : `${base}/:uid`;
  const params = nested ? childParams : uidParams;
  const ids = (p: { uid: string; childUid?: string }) =>
    nested ? { uid: p.childUid as string, parent: p.uid } : { uid: p.uid, parent: undefined };
  const tags = [def.nome];
  const ctx = (req: { ctx: unknown }) => req.ctx as Parameters<typeof listar>[2];
  const rangeNames = Object.entries(def.filters).filter(([, f]) => f.range).map(([k]) => k);
  // Selection lists first: their static paths ('/setor/list') sit beside ':uid'.
  for (const s of def.selecoes ?? []) registrarSelecao(app, def, s);

  if (ops.has('list')) {
    r.get(base, {
      config: { permission: [def.recurso, 'ler'] },
      schema: {
        tags,
        summary: `Lista ${def.nome}`,
        description: `Ordenável por: ${Object.keys(def.sortable).join(', ')}. Filtros ftr_ desconhecidos respondem 400.`,
        querystring: listQuerySchema(Object.keys(def.filters), rangeNames, def.listQuery),
        ...(nested ? { params: uidParams } : {}),
        response: okList(def.item),
      },
    }, async (req) => reply.ok(await listar(app.db, def, ctx(req), req.query as Record<string, unknown>, (req.params as { uid?: string })?.uid)));
  }
  if (ops.has('get')) {
    r.get(one, {
      config: { permission: [def.recurso, 'ler'] },
      schema: { tags, summary: `Consulta ${def.nome}`, params, response: ok(def.item) },
    }, async (req) => {
      const { uid, parent } = ids(req.params as { uid: string; childUid?: string });
      return reply.ok(await obter(app.db, def, ctx(req), uid, parent));
    });
  }
  if (ops.has('create')) {
    r.post(base, {
      config: { permission: [def.recurso, 'criar'] },
      schema: { tags, summary: `Inclui ${def.nome}`, body: def.input, ...(nested ? { params: uidParams } : {}), response: created(def.item) },
    }, async (req, res) => {
      const parent = nested ? (req.params as { uid: string }).uid : undefined;
      const item = await criar(app.db, def, ctx(req), req.body as Record<string, unknown>, parent);
      return res.status(201).send(reply.saved(item));
    });
  }
  if (ops.has('update')) {
    r.put(one, {
      config: { permission: [def.recurso, 'alterar'] },
      schema: { tags, summary: `Altera ${def.nome}`, params, body: def.updateInput ?? def.input, response: ok(def.item) },
    }, async (req) => {
      const { uid, parent } = ids(req.params as { uid: string; childUid?: string });
      return reply.saved(await atualizar(app.db, def, ctx(req), uid, req.body as Record<string, unknown>, parent));
    });
  }
  if (ops.has('delete')) {
    r.delete(one, {
      config: { permission: [def.recurso, 'excluir'] },
      schema: { tags, summary: `Exclui ${def.nome}`, params, response: okEmpty },
    }, async (req) => {
      const { uid, parent } = ids(req.params as { uid: string; childUid?: string });
      await excluir(app.db, def, ctx(req), uid, parent);
      return reply.deleted();
    });
  }
  for (const action of def.actions ?? []) {
    const method = action.method ?? 'POST';
    r.route({
      method,
      url: `${one}/${action.path}`,
      // Every action writes (the row is locked and the audit row written), GET ones too: refused cross-site.
      config: { permission: [def.recurso, action.permission], escrita: true },
      schema: {
        tags,
        summary: action.summary,
        ...(action.description ? { description: action.description } : {}),
        params,
        ...(action.input && method !== 'GET' ? { body: action.input } : {}),
        response: (action.status === 201 ? created : ok)(action.output ?? def.item),
      },
      handler: async (req, res) => {
        const { uid, parent } = ids(req.params as { uid: string; childUid?: string });
        const data = await executarAcao(app.db, def, action, ctx(req), uid, (req.body ?? {}) as Record<string, unknown>, parent);
        return (res as FastifyReply).status(action.status ?? 200).send(reply.ok(data, action.message ?? MSG.salvoComSucesso));
      },
    });
  }
}
