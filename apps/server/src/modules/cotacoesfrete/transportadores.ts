import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type CotacaoTransportador,
  conviteTransportadorInput,
  cotacaoTransportador,
  formatarData,
  listaDe,
  respostaCotacaoInput,
  statusLabel,
  z,
} from '@fretio/core';
import { cotacaoTransportadores, cotacoesFrete, transportadores, usuarios } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { created, ok, okEmpty, reply, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { estaVinculado } from '../transportadores/repository.ts';
import { COTACAO, RECURSO_COTACAO, cotacaoParaAlterar, cotacaoVisivel, ehTransportador, fluxoCotacao, travarCotacao } from './acesso.ts';
import { precoDoMotor } from './motor.ts';
import { notificarConvite, notificarResposta } from './notificacoes.ts';

// The carriers of a quotation: invite and remove (shipper, while Rascunho/Aberta), the answer (the
// carrier's own user, or the shipper on its behalf, while Aberta and before the deadline) and the
// comparison (shipper: every answer with the engine's price; carrier: its own answer only).

registerUniqueConstraint('cotacao_transportadores_uq', 'transportadorUid', 'Este transportador já foi convidado.');

const tags = ['Cotação de frete'];
const pai = z.object({ uid: zUidParam });
const um = z.object({ uid: zUidParam, transportadorUid: zUidParam });
const num = (v: string | null) => (v === null ? null : Number(v));

async function linhas(db: DbOrTx, cotacaoUid: string, transportadorUid?: string | null) {
  return db
    .select({ ct: cotacaoTransportadores, transportadorNome: transportadores.nome, respondidoPorNome: usuarios.nome, vencedorUid: cotacoesFrete.vencedorTransportadorUid })
    .from(cotacaoTransportadores)
    .innerJoin(transportadores, eq(transportadores.uid, cotacaoTransportadores.transportadorUid))
    .innerJoin(cotacoesFrete, eq(cotacoesFrete.uid, cotacaoTransportadores.cotacaoUid))
    .leftJoin(usuarios, eq(usuarios.uid, cotacaoTransportadores.respondidoPor))
    .where(
      and(
        eq(cotacaoTransportadores.cotacaoUid, cotacaoUid),
        transportadorUid ? eq(cotacaoTransportadores.transportadorUid, transportadorUid) : undefined,
      ),
    )
    .orderBy(asc(transportadores.nome));
}

function item(r: Awaited<ReturnType<typeof linhas>>[number]): CotacaoTransportador {
  const c = r.ct;
  return {
    uid: c.transportadorUid,
    cotacaoUid: c.cotacaoUid,
    transportadorUid: c.transportadorUid,
    transportadorNome: r.transportadorNome,
    convidadoEm: c.convidadoEm,
    respondidoEm: c.respondidoEm,
    respondidoPorNome: r.respondidoPorNome,
    valorTotal: num(c.valorTotal),
    valorKg: num(c.valorKg),
    valorVeiculo: num(c.valorVeiculo),
    valorFrete: num(c.valorFrete),
    prazoDiasUteis: c.prazoDiasUteis,
    validade: c.validade,
    horasLivresCarregamento: c.horasLivresCarregamento,
    valorDiaria: num(c.valorDiaria),
    observacao: c.observacao,
    vencedor: r.vencedorUid === c.transportadorUid,
    valorMotor: null,
    tabelaMotorNome: null,
    maisBarato: false,
    maisRapido: false,
  };
}

/** Marks the cheapest and the fastest answers (ties: all of them). */
export function marcarMelhores(itens: CotacaoTransportador[]) {
  const resp = itens.filter((i) => i.valorFrete !== null);
  const menorValor = Math.min(...resp.map((i) => i.valorFrete as number));
  const menorPrazo = Math.min(...resp.filter((i) => i.prazoDiasUteis !== null).map((i) => i.prazoDiasUteis as number));
  for (const i of resp) {
    i.maisBarato = i.valorFrete === menorValor;
    i.maisRapido = i.prazoDiasUteis === menorPrazo;
  }
  return itens;
}

export default async function transportadoresCotacaoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/cotacoesfrete/:uid/transportadores';

  r.get(
    base,
    {
      config: { permission: [RECURSO_COTACAO, 'ler'] },
      schema: {
        tags,
        summary: 'Transportadores convidados e suas respostas (comparação com o preço do motor de frete)',
        description: 'Usuários de transportadoras veem só a própria resposta, sem o preço do motor.',
        params: pai,
        response: ok(listaDe(cotacaoTransportador)),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      if (!(await cotacaoVisivel(app.db, ctx, req.params.uid))) throw AppError.notFound();
      if (ehTransportador(ctx)) {
        const data = (await linhas(app.db, req.params.uid, ctx.transportadorUid)).map(item);
        return reply.ok({ data, totalRecords: data.length });
      }
      const data = marcarMelhores((await linhas(app.db, req.params.uid)).map(item));
      const precos = await precoDoMotor(app.db, ctx, req.params.uid, data.map((d) => d.transportadorUid));
      for (const d of data) {
        const p = precos.get(d.transportadorUid);
        if (p) Object.assign(d, { valorMotor: p.total, tabelaMotorNome: p.tabelaNome });
      }
      return reply.ok({ data, totalRecords: data.length });
    },
  );

  r.post(
    base,
    {
      config: { permission: [RECURSO_COTACAO, 'alterar'] },
      schema: { tags, summary: 'Convida um transportador (vinculado ao embarcador) para a cotação', params: pai, body: conviteTransportadorInput, response: created(cotacaoTransportador) },
    },
    async (req, res) => {
      const ctx = req.contexto;
      const uid = await app.db.transaction(async (tx) => {
        const c = await cotacaoParaAlterar(tx, ctx, req.params.uid);
        if (!(await estaVinculado(tx, req.body.transportadorUid, c.embarcadorUid))) {
          throw AppError.field('transportadorUid', 'Transportador não encontrado');
        }
        const [novo] = await tx.insert(cotacaoTransportadores).values({ cotacaoUid: c.uid, transportadorUid: req.body.transportadorUid }).returning();
        await registrarAuditoria(tx, ctx, RECURSO_COTACAO, c.uid, 'convidar', null, { transportadorUid: novo.transportadorUid });
        if (c.status === COTACAO.ABERTA) await notificarConvite(tx, ctx, c, [novo.transportadorUid]);
        return novo.transportadorUid;
      });
      const [row] = await linhas(app.db, req.params.uid, uid);
      return res.status(201).send(reply.saved(item(row)));
    },
  );

  r.delete(
    `${base}/:transportadorUid`,
    {
      config: { permission: [RECURSO_COTACAO, 'alterar'] },
      schema: { tags, summary: 'Retira o convite de um transportador (Rascunho ou Aberta)', params: um, response: okEmpty },
    },
    async (req) => {
      const ctx = req.contexto;
      await app.db.transaction(async (tx) => {
        const c = await cotacaoParaAlterar(tx, ctx, req.params.uid);
        const apagados = await tx
          .delete(cotacaoTransportadores)
          .where(and(eq(cotacaoTransportadores.cotacaoUid, c.uid), eq(cotacaoTransportadores.transportadorUid, req.params.transportadorUid)))
          .returning();
        if (!apagados.length) throw AppError.notFound();
        await registrarAuditoria(tx, ctx, RECURSO_COTACAO, c.uid, 'retirar-convite', { transportadorUid: req.params.transportadorUid }, null);
      });
      return reply.deleted();
    },
  );

  r.put(
    `${base}/:transportadorUid`,
    {
      // Carrier users hold only 'ler'; shipper users need 'alterar' to answer on a carrier's behalf.
      config: { permission: [RECURSO_COTACAO, 'ler'] },
      schema: {
        tags,
        summary: 'A resposta do transportador (pelo usuário do transportador ou pelo embarcador em seu nome)',
        description:
          'Um valor: total, por kg (× peso da carga) ou por veículo. Só com a cotação Aberta e antes do prazo de resposta (409). Um transportador não responde por outro (403).',
        params: um,
        body: respostaCotacaoInput,
        response: ok(cotacaoTransportador),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      const t = req.params.transportadorUid;
      fluxoCotacao.exigirParte(ctx, t);
      await app.db.transaction(async (tx) => {
        const c = await travarCotacao(tx, ctx, req.params.uid);
        if (c.status !== COTACAO.ABERTA) {
          throw AppError.conflict(`A cotação está '${statusLabel('cotacaoFrete', c.status)}' e não recebe respostas.`, undefined, 'COTACAO_NAO_ABERTA');
        }
        if (c.prazoResposta && Date.parse(c.prazoResposta) <= Date.now()) {
          throw AppError.conflict(`O prazo de resposta terminou em ${formatarData(c.prazoResposta, true)}.`, undefined, 'PRAZO_ENCERRADO');
        }
        const [convite] = await tx
          .select()
          .from(cotacaoTransportadores)
          .where(and(eq(cotacaoTransportadores.cotacaoUid, c.uid), eq(cotacaoTransportadores.transportadorUid, t)))
          .for('update');
        if (!convite) throw AppError.notFound('Transportador não convidado para esta cotação.');
        const b = req.body;
        let valorFrete: Decimal;
        if (b.valorTotal !== null) valorFrete = new Decimal(b.valorTotal);
        else if (b.valorVeiculo !== null) valorFrete = new Decimal(b.valorVeiculo);
        else {
          const [p] = await tx
            .select({
              peso: sql<string>`coalesce((select sum(peso_kg) from carga_nfes where cotacao_uid = ${c.uid}), (select sum(peso_kg) from carga_produtos where cotacao_uid = ${c.uid}), 0)`,
            })
            .from(cotacoesFrete)
            .where(eq(cotacoesFrete.uid, c.uid));
          const peso = new Decimal(p?.peso ?? 0);
          if (peso.isZero()) throw AppError.field('valorKg', 'A cotação não tem peso: informe o valor total ou por veículo');
          valorFrete = new Decimal(b.valorKg as string).times(peso).toDecimalPlaces(2);
        }
        const valores = {
          valorTotal: b.valorTotal,
          valorKg: b.valorKg,
          valorVeiculo: b.valorVeiculo,
          valorFrete: valorFrete.toFixed(2),
          prazoDiasUteis: b.prazoDiasUteis,
          validade: b.validade,
          horasLivresCarregamento: b.horasLivresCarregamento,
          valorDiaria: b.valorDiaria,
          observacao: b.observacao,
        };
        await tx
          .update(cotacaoTransportadores)
          .set({ ...valores, respondidoEm: sql`now()`, respondidoPor: ctx.usuarioUid, atualizadoEm: sql`now()` })
          .where(eq(cotacaoTransportadores.uid, convite.uid));
        await registrarAuditoria(tx, ctx, RECURSO_COTACAO, c.uid, 'resposta', { transportadorUid: t, valorFrete: convite.valorFrete }, { transportadorUid: t, ...valores });
        await notificarResposta(tx, ctx, c, t, valores.valorFrete);
      });
      const [row] = await linhas(app.db, req.params.uid, t);
      return reply.ok(item(row), 'Resposta registrada.');
    },
  );
}
