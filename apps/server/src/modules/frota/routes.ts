import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  MSG_CNH_VENCIDA,
  type Motorista,
  frotaListaQuery,
  formatarDocumento,
  motorista,
  motoristaInput,
  motoristaOpcao,
  somenteDigitos,
  tipoVeiculoOpcao,
  veiculoOpcao,
  veiculosListaQuery,
  z,
} from '@fretio/core';
import { motoristas, tiposVeiculo, transportadores, veiculos } from '../../db/schema/index.ts';
import { atualizar, criar } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { childParams, created, ok, reply, uidParams } from '../../framework/schemas.ts';
import { transportadorVisivel } from '../transportadores/repository.ts';
import { dadosPessoaisVisiveis } from '../transportadores/propriedade.ts';
import { mascararCpf, mascararRespostasDeMotoristas } from './dados-pessoais.ts';
import { cnhVencidaSql, motoristasResource } from './motoristas.resource.ts';
import { tipoVisivel } from './repository.ts';
import { comCapacidades, formatarPlaca } from './service.ts';
import { tiposVeiculoResource } from './tipos-veiculo.resource.ts';
import { veiculosResource } from './veiculos.resource.ts';
import { contem, escapeLike } from '../../framework/sql.ts';

// Fleet: vehicle types, and each carrier's drivers and vehicles (nested under /transportadores/{uid},
// visibility of the carrier reused from the carriers module), plus the flat selection lists.
const LIMITE = 100;
const mensagemMotorista = (m: Motorista) => (m.cnhVencida ? MSG_CNH_VENCIDA : MSG.salvoComSucesso);

export default async function frotaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, tiposVeiculoResource);
  mascararRespostasDeMotoristas(app);
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

  // Vehicle types for selects: /list the active ones, /list-all every one (global and own).
  const listaTipos = (todos: boolean) => async (req: { contexto: import('../../plugins/auth/context.ts').RequestContext }) => {
    const rows = await app.db
      .select({
        uid: tiposVeiculo.uid,
        nome: tiposVeiculo.nome,
        capacidadeKg: tiposVeiculo.capacidadeKg,
        capacidadeM3: tiposVeiculo.capacidadeM3,
        eixos: tiposVeiculo.eixos,
        tipoCarroceria: tiposVeiculo.tipoCarroceria,
        global: sql<boolean>`(${tiposVeiculo.embarcadorUid} is null)`,
        ativo: tiposVeiculo.ativo,
      })
      .from(tiposVeiculo)
      .where(and(tipoVisivel(req.contexto), todos ? undefined : eq(tiposVeiculo.ativo, true)))
      .orderBy(asc(tiposVeiculo.capacidadeKg), asc(tiposVeiculo.nome));
    return reply.ok(rows.map((t) => ({ ...comCapacidades(t), value: t.uid, label: t.nome }) as z.infer<typeof tipoVeiculoOpcao>));
  };
  const tagsT = [tiposVeiculoResource.nome];
  r.get(
    '/api/v1/tiposveiculo/list',
    {
      config: { permission: ['tiposveiculo', 'ler'] },
      schema: {
        tags: tagsT,
        summary: 'Tipos de veículo ativos (catálogo global e próprios) para seleção',
        response: ok(z.array(tipoVeiculoOpcao)),
      },
    },
    listaTipos(false),
  );
  r.get(
    '/api/v1/tiposveiculo/list-all',
    {
      config: { permission: ['tiposveiculo', 'ler'] },
      schema: {
        tags: tagsT,
        summary: 'Todos os tipos de veículo (ativos e inativos) para seleção',
        response: ok(z.array(tipoVeiculoOpcao)),
      },
    },
    listaTipos(true),
  );

  r.get(
    '/api/v1/motoristas/list',
    {
      config: { permission: ['transportadores', 'ler'] },
      schema: {
        tags: tagsM,
        summary: `Motoristas ativos dos transportadores visíveis, para seleção (até ${LIMITE})`,
        description:
          "label 'Nome - 000.000.000-00 (Transportador)'; q: trecho do nome ou dígitos do CPF. O CPF de motorista que o embarcador não cadastrou nem mantém vem mascarado (***.456.789-**) e não é buscado.",
        querystring: frotaListaQuery,
        response: ok(z.array(motoristaOpcao)),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      const { q, transportadorUid } = req.query;
      const termo = q?.trim();
      const digitos = somenteDigitos(termo);
      // The CPF is searched only where ctx may read it (dados-pessoais.ts).
      const porCpf = and(sql`${motoristas.cpf} like ${`${digitos}%`}`, dadosPessoaisVisiveis(ctx, motoristas.transportadorUid, motoristas.cadastradoPorEmbarcadorUid));
      const busca = termo ? or(contem(motoristas.nome, termo), digitos.length >= 3 ? porCpf : undefined) : undefined;
      const rows = await app.db
        .select({
          uid: motoristas.uid,
          nome: motoristas.nome,
          cpf: motoristas.cpf,
          cnhCategoria: motoristas.cnhCategoria,
          cnhVencida: cnhVencidaSql,
          transportadorUid: motoristas.transportadorUid,
          transportadorNome: transportadores.nome,
          cadastradoPorEmbarcadorUid: motoristas.cadastradoPorEmbarcadorUid,
          cpfVisivel: sql<boolean>`${dadosPessoaisVisiveis(ctx, motoristas.transportadorUid, motoristas.cadastradoPorEmbarcadorUid) ?? sql`true`}`,
        })
        .from(motoristas)
        .innerJoin(transportadores, eq(transportadores.uid, motoristas.transportadorUid))
        .where(
          and(
            transportadorVisivel(ctx, motoristas.transportadorUid),
            eq(motoristas.ativo, true),
            transportadorUid ? eq(motoristas.transportadorUid, transportadorUid) : undefined,
            busca,
          ),
        )
        .orderBy(asc(motoristas.nome), asc(motoristas.uid))
        .limit(LIMITE);
      return reply.ok(
        rows.map(({ cpfVisivel, cadastradoPorEmbarcadorUid: _c, ...m }) => {
          const cpf = cpfVisivel ? formatarDocumento(m.cpf) : mascararCpf(m.cpf);
          return { ...m, cpf: cpfVisivel ? m.cpf : cpf, value: m.uid, label: `${m.nome} - ${cpf} (${m.transportadorNome})` };
        }),
      );
    },
  );

  r.get(
    '/api/v1/veiculos/list',
    {
      config: { permission: ['transportadores', 'ler'] },
      schema: {
        tags: [veiculosResource.nome],
        summary: `Veículos ativos dos transportadores visíveis, para seleção (até ${LIMITE}); tp filtra pelo tipo`,
        description: "label 'ABC1D23 - Truck (Transportador)'; q: trecho da placa.",
        querystring: veiculosListaQuery,
        response: ok(z.array(veiculoOpcao)),
      },
    },
    async (req) => {
      const { q, tp, transportadorUid } = req.query;
      const termo = q
        ?.trim()
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '');
      const rows = await app.db
        .select({
          uid: veiculos.uid,
          placa: veiculos.placa,
          tipoVeiculoUid: veiculos.tipoVeiculoUid,
          tipoVeiculoNome: tiposVeiculo.nome,
          capacidadeKg: veiculos.capacidadeKg,
          capacidadeM3: veiculos.capacidadeM3,
          transportadorUid: veiculos.transportadorUid,
          transportadorNome: transportadores.nome,
        })
        .from(veiculos)
        .innerJoin(tiposVeiculo, eq(tiposVeiculo.uid, veiculos.tipoVeiculoUid))
        .innerJoin(transportadores, eq(transportadores.uid, veiculos.transportadorUid))
        .where(
          and(
            transportadorVisivel(req.contexto, veiculos.transportadorUid),
            eq(veiculos.ativo, true),
            tp ? eq(veiculos.tipoVeiculoUid, tp) : undefined,
            transportadorUid ? eq(veiculos.transportadorUid, transportadorUid) : undefined,
            termo ? sql`${veiculos.placa} like ${`%${escapeLike(termo)}%`}` : undefined,
          ),
        )
        .orderBy(asc(veiculos.placa), asc(veiculos.uid))
        .limit(LIMITE);
      return reply.ok(
        rows.map(
          (v) =>
            ({
              ...comCapacidades(v),
              value: v.uid,
              label: `${formatarPlaca(v.placa)} - ${v.tipoVeiculoNome} (${v.transportadorNome})`,
            }) as z.infer<typeof veiculoOpcao>,
        ),
      );
    },
  );
}
