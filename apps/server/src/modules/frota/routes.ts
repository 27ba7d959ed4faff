import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, MSG_CNH_VENCIDA, type Motorista, motorista, motoristaInput } from '@fretio/core';
import { atualizar, criar } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { childParams, created, ok, uidParams } from '../../framework/schemas.ts';
import { motoristasResource } from './motoristas.resource.ts';
import { tiposVeiculoResource } from './tipos-veiculo.resource.ts';
import { veiculosResource } from './veiculos.resource.ts';

// Fleet: vehicle types, and each carrier's drivers and vehicles (nested under /transportadores/{uid},
// visibility of the carrier reused from the carriers module); the selection lists are declared in selecoes.ts.
const mensagemMotorista = (m: Motorista) => (m.cnhVencida ? MSG_CNH_VENCIDA : MSG.salvoComSucesso);

export default async function frotaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, tiposVeiculoResource);
  registerResource(app, motoristasResource);
  registerResource(app, veiculosResource);

  // Drivers: create/update reply with a warning (not an error) when the CNH is expired.
  const tagsM = [motoristasResource.nome];
  const cnhDesc = "CNH vencida é aceita: a resposta traz cnhVencida=true e a mensagem 'Registro salvo com sucesso. Atenção: CNH vencida.'";
  r.post(
    '/api/v1/transportadores/:uid/motoristas',
    {
      config: { permission: ['transportadores', 'criar'] },
      schema: {
        tags: tagsM,
        summary: 'Inclui Motorista',
        description: cnhDesc,
        params: uidParams,
        body: motoristaInput,
        response: created(motorista),
      },
    },
    async (req, res) => {
      const m = (await criar(app.db, motoristasResource, req.contexto, req.body, req.params.uid)) as Motorista;
      return res.status(201).send({ success: true, message: mensagemMotorista(m), data: m });
    },
  );
  r.put(
    '/api/v1/transportadores/:uid/motoristas/:childUid',
    {
      config: { permission: ['transportadores', 'alterar'] },
      schema: {
        tags: tagsM,
        summary: 'Altera Motorista',
        description: cnhDesc,
        params: childParams,
        body: motoristaInput,
        response: ok(motorista),
      },
    },
    async (req) => {
      const m = (await atualizar(app.db, motoristasResource, req.contexto, req.params.childUid, req.body, req.params.uid)) as Motorista;
      return { success: true, message: mensagemMotorista(m), data: m };
    },
  );
}
