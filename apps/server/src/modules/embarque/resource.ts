import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { embarque, embarqueInput, statusLabel } from '@fretio/core';
import { cotacaoTransportadores, cotacoesFrete, embarques, municipios, transportadores } from '../../db/schema/index.ts';
import { type Tx, defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { numeros } from '../solicitacoesfrete/carga.ts';
import { exigirMunicipios, tipoVeiculoVisivel } from '../solicitacoesfrete/refs.ts';
import { moverSolicitacao } from '../solicitacoesfrete/efeitos.ts';
import { SOLICITACAO } from '../solicitacoesfrete/resource.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { acoesEmbarque } from './acoes.ts';
import { EMBARQUE, RECURSO_EMBARQUE, fluxoEmbarque } from './acesso.ts';

export { RECURSO_EMBARQUE };
const munO = alias(municipios, 'emb_mun_origem');
const munD = alias(municipios, 'emb_mun_destino');
// Totals of its NF-es; with none yet, of its product lines (as requests, quotations and pickup orders).
const soma = (col: string, produtos = true) =>
  sql`coalesce((select sum(n.${sql.raw(col)}) from carga_nfes n where n.embarque_uid = ${embarques.uid}),${produtos ? sql` (select sum(p.${sql.raw(col)}) from carga_produtos p where p.embarque_uid = ${embarques.uid}),` : sql``} 0)`;

// The shipment's latest pickup order (gerar-ordem-coleta makes one at a time; a refused or cancelled
// one lets it make another).
const ultimaOrdem = (col: 'uid' | 'numero' | 'status') =>
  sql`select o.${sql.raw(col)} from ordens_coleta o where o.embarque_uid = ${embarques.uid} order by o.criado_em desc limit 1`;

export const embarqueVisivel = fluxoEmbarque.visivel;

/** Locks the shipment; its data, NF-es and product lines change only while Aberto, by the shipper (409 naming the status). */
export const embarqueParaAlterar = async (tx: Tx, ctx: RequestContext, uid: string) => void (await fluxoEmbarque.paraAlterar(tx, ctx, uid));

async function cotacaoFinalizada(tx: Tx, uid: string) {
  const [c] = await tx.select({ status: cotacoesFrete.status }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, uid));
  return c?.status === 4;
}

/** From an approved quotation: places, carrier, vehicle type and the agreed freight come from it. */
async function daCotacao(tx: Tx, ctx: RequestContext, values: Record<string, unknown>) {
  const [c] = await tx
    .select()
    .from(cotacoesFrete)
    .where(and(eq(cotacoesFrete.uid, values.cotacaoUid as string), eq(cotacoesFrete.embarcadorUid, exigirEmbarcador(ctx))));
  if (!c) throw AppError.field('cotacaoUid', 'Cotação não encontrada');
  if (c.status !== 4) throw AppError.conflict(`A cotação está '${statusLabel('cotacaoFrete', c.status)}': só uma cotação finalizada gera embarque.`);
  const [ja] = await tx.select({ uid: embarques.uid }).from(embarques).where(eq(embarques.cotacaoUid, c.uid)).limit(1);
  if (ja) throw AppError.conflict('Esta cotação já gerou um embarque.', [{ field: 'cotacaoUid', message: 'Esta cotação já gerou um embarque.' }], 'DUPLICADO');
  const [prazo] = c.vencedorTransportadorUid
    ? await tx
        .select({ p: cotacaoTransportadores.prazoDiasUteis })
        .from(cotacaoTransportadores)
        .where(and(eq(cotacaoTransportadores.cotacaoUid, c.uid), eq(cotacaoTransportadores.transportadorUid, c.vencedorTransportadorUid)))
    : [];
  Object.assign(values, {
    origemCep: values.origemCep ?? c.origemCep,
    origemMunicipioIbge: values.origemMunicipioIbge ?? c.origemMunicipioIbge,
    destinoCep: values.destinoCep ?? c.destinoCep,
    destinoMunicipioIbge: values.destinoMunicipioIbge ?? c.destinoMunicipioIbge,
    tipoVeiculoUid: values.tipoVeiculoUid ?? c.tipoVeiculoUid,
    transportadorUid: c.vencedorTransportadorUid,
    freteAcordado: c.valorAprovado,
    prazoAcordadoDiasUteis: c.vencedorTransportadorUid ? (prazo?.p ?? null) : null,
  });
  return c;
}

export function criarEmbarqueResource() {
  return defineResource({
    nome: 'Embarque',
    path: '/embarque',
    recurso: RECURSO_EMBARQUE,
    table: embarques,
    uid: embarques.uid,
    scope: fluxoEmbarque.escopo,
    item: embarque,
    input: embarqueInput,
    select: {
      ...getTableColumns(embarques),
      cotacaoNumero: sql<number | null>`(select c.numero from cotacoes_frete c where c.uid = ${embarques.cotacaoUid})`,
      cotacaoStatus: sql<number | null>`(select c.status from cotacoes_frete c where c.uid = ${embarques.cotacaoUid})`,
      ordemColetaUid: sql<string | null>`(${ultimaOrdem('uid')})`,
      ordemColetaNumero: sql<number | null>`(${ultimaOrdem('numero')})`,
      ordemColetaStatus: sql<number | null>`(${ultimaOrdem('status')})`,
      tipoVeiculoNome: sql<string | null>`(select tv.nome from tipos_veiculo tv where tv.uid = ${embarques.tipoVeiculoUid})`,
      transportadorNome: transportadores.nome,
      origemMunicipioNome: munO.nome,
      origemUf: munO.uf,
      destinoMunicipioNome: munD.nome,
      destinoUf: munD.uf,
      pesoTotalKg: soma('peso_kg'),
      volumeTotalM3: soma('volume_m_3'),
      valorTotal: soma('valor'),
      volumes: sql<number>`(${soma('volumes', false)})::int`.mapWith(Number),
      quantidadeNfes: sql<number>`(select count(*)::int from carga_nfes n where n.embarque_uid = ${embarques.uid})`.mapWith(Number),
    },
    from: (q) =>
      q
        .leftJoin(transportadores, eq(transportadores.uid, embarques.transportadorUid))
        .leftJoin(munO, eq(munO.ibge, embarques.origemMunicipioIbge))
        .leftJoin(munD, eq(munD.ibge, embarques.destinoMunicipioIbge)),
    toItem: (r) => numeros(r, ['pesoTotalKg', 'volumeTotalM3', 'valorTotal', 'freteAcordado']),
    refs: { transportadorUid: transportadorVinculado, tipoVeiculoUid: tipoVeiculoVisivel },
    sortable: { numero: embarques.numero, status: embarques.status, dataEmbarque: embarques.dataEmbarque, criadoEm: embarques.criadoEm },
    defaultSort: 'numero',
    defaultOrder: 'DESC',
    filters: {
      numero: { column: embarques.numero, kind: 'int' },
      status: { column: embarques.status, kind: 'int' },
      transportadorUid: { column: embarques.transportadorUid, kind: 'uid' },
      cotacaoUid: { column: embarques.cotacaoUid, kind: 'uid' },
      dataEmbarque: { column: embarques.dataEmbarque, kind: 'date', range: true },
    },
    actions: acoesEmbarque,
    hooks: {
      async validate(tx, ctx, values, existing) {
        await exigirMunicipios(tx, values);
        if (existing) {
          await embarqueParaAlterar(tx, ctx, existing.uid as string);
          // Left out (null), the quotation stays; another one is refused.
          values.cotacaoUid = values.cotacaoUid ?? existing.cotacaoUid ?? null;
          if ((values.cotacaoUid ?? null) !== (existing.cotacaoUid ?? null)) {
            throw AppError.field('cotacaoUid', 'A cotação de um embarque não muda');
          }
          if (existing.cotacaoUid && (await cotacaoFinalizada(tx, existing.cotacaoUid as string))) {
            // Carrier and agreed freight stay those of the approved quotation; before its approval
            // (a quotation generated from this shipment) the carrier may still be typed, and the
            // approval then writes the winner here.
            values.transportadorUid = existing.transportadorUid;
            values.freteAcordado = existing.freteAcordado;
          }
        } else {
          values.criadoPor = ctx.usuarioUid;
          if (values.cotacaoUid) await daCotacao(tx, ctx, values);
        }
      },
      async afterWrite(tx, ctx, row, op) {
        if (op !== 'create' || !row.cotacaoUid) return;
        await tx.execute(sql`insert into carga_produtos (embarque_uid, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor)
          select ${row.uid}, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor from carga_produtos where cotacao_uid = ${row.cotacaoUid} order by criado_em`);
        await tx.execute(sql`insert into carga_nfes (embarque_uid, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes, frete_esperado)
          select ${row.uid}, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes, frete_esperado from carga_nfes where cotacao_uid = ${row.cotacaoUid} order by criado_em`);
        // The request the quotation came from is now carried by a shipment.
        const [c] = await tx.select({ s: cotacoesFrete.solicitacaoUid }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, row.cotacaoUid as string));
        await moverSolicitacao(tx, ctx, c?.s, { de: [SOLICITACAO.COTACAO, SOLICITACAO.PENDENCIA], para: SOLICITACAO.ANDAMENTO, origem: { embarqueUid: row.uid as string } });
      },
      async beforeDelete(_tx, _ctx, existing) {
        if (existing.status !== EMBARQUE.ABERTO) throw AppError.conflict("Só um embarque 'Aberto' pode ser excluído; cancele-o.");
      },
    },
  });
}
