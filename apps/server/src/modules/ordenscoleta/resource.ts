import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { ordemColeta, ordemColetaInput, statusLabel } from '@fretio/core';
import { cotacoesFrete, motoristas, municipios, ordensColeta, pessoas, tiposVeiculo, transportadores, usuarios, veiculos } from '../../db/schema/index.ts';
import { type Tx, defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { removerAnexosDe } from '../anexos/service.ts';
import { numeros } from '../solicitacoesfrete/carga.ts';
import { moverSolicitacao } from '../solicitacoesfrete/efeitos.ts';
import { exigirMunicipios, refsDaCarga } from '../solicitacoesfrete/refs.ts';
import { SOLICITACAO } from '../solicitacoesfrete/resource.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { ORDEM, RECURSO_ORDEM, escopoOrdem, exigirUsuarioEmbarcador, ordemParaAlterar } from './acesso.ts';
import { acoesOrdem } from './acoes.ts';

const munO = alias(municipios, 'oc_mun_origem');
const munD = alias(municipios, 'oc_mun_destino');
const rem = alias(pessoas, 'oc_remetente');
const dest = alias(pessoas, 'oc_destinatario');
const respondente = alias(usuarios, 'oc_respondente');

const soma = (col: string) =>
  sql`coalesce((select sum(n.${sql.raw(col)}) from carga_nfes n where n.ordem_coleta_uid = ${ordensColeta.uid}), (select sum(p.${sql.raw(col)}) from carga_produtos p where p.ordem_coleta_uid = ${ordensColeta.uid}), 0)`;
const contar = (filtro: string) =>
  sql<number>`((select count(*) from carga_produtos p where p.ordem_coleta_uid = ${ordensColeta.uid}${sql.raw(filtro ? ` and p.${filtro}` : '')})
    + (select count(*) from carga_nfes n where n.ordem_coleta_uid = ${ordensColeta.uid}${sql.raw(filtro ? ` and n.${filtro}` : '')}))::int`.mapWith(Number);

/** From an approved quotation: places, parties, vehicle type and the winner come from it; the cargo is copied after the insert. */
async function daCotacao(tx: Tx, ctx: RequestContext, values: Record<string, unknown>) {
  const [c] = await tx
    .select()
    .from(cotacoesFrete)
    .where(and(eq(cotacoesFrete.uid, values.cotacaoUid as string), eq(cotacoesFrete.embarcadorUid, exigirEmbarcador(ctx))));
  if (!c) throw AppError.field('cotacaoUid', 'Cotação não encontrada');
  if (c.status !== 4) {
    const m = `A cotação está '${statusLabel('cotacaoFrete', c.status)}': só uma cotação finalizada gera ordem de coleta.`;
    throw AppError.conflict(m, [{ field: 'cotacaoUid', message: m }]);
  }
  for (const k of ['origemCep', 'origemMunicipioIbge', 'destinoCep', 'destinoMunicipioIbge', 'remetenteUid', 'destinatarioUid', 'dataColetaDesejada', 'tipoVeiculoUid'] as const) {
    values[k] = values[k] ?? c[k];
  }
  values.transportadorUid = c.vencedorTransportadorUid;
}

/**
 * Pickup orders. Shipper users run them (create, edit and delete while Rascunho); carrier users read
 * the ones sent to their carrier and answer through confirmar/recusar (any other write: 403).
 */
export function criarOrdensResource(app: FastifyInstance) {
  return defineResource({
    nome: 'Ordem de coleta',
    path: '/ordenscoleta',
    recurso: RECURSO_ORDEM,
    table: ordensColeta,
    uid: ordensColeta.uid,
    scope: escopoOrdem,
    item: ordemColeta,
    input: ordemColetaInput,
    select: {
      ...getTableColumns(ordensColeta),
      transportadorNome: transportadores.nome,
      cotacaoNumero: sql<number | null>`(select c.numero from cotacoes_frete c where c.uid = ${ordensColeta.cotacaoUid})`,
      embarqueNumero: sql<number | null>`(select e.numero from embarques e where e.uid = ${ordensColeta.embarqueUid})`,
      origemMunicipioNome: munO.nome,
      origemUf: munO.uf,
      destinoMunicipioNome: munD.nome,
      destinoUf: munD.uf,
      remetenteNome: rem.nome,
      destinatarioNome: dest.nome,
      tipoVeiculoNome: tiposVeiculo.nome,
      veiculoPlaca: veiculos.placa,
      motoristaNome: motoristas.nome,
      respondidoPorNome: respondente.nome,
      pesoTotalKg: soma('peso_kg'),
      volumeTotalM3: soma('volume_m_3'),
      valorTotal: soma('valor'),
      quantidadeNfes: sql<number>`(select count(*)::int from carga_nfes n where n.ordem_coleta_uid = ${ordensColeta.uid})`.mapWith(Number),
      itensTotal: contar(''),
      itensLiberados: contar('liberado_em is not null'),
    },
    from: (q) =>
      q
        .leftJoin(transportadores, eq(transportadores.uid, ordensColeta.transportadorUid))
        .leftJoin(munO, eq(munO.ibge, ordensColeta.origemMunicipioIbge))
        .leftJoin(munD, eq(munD.ibge, ordensColeta.destinoMunicipioIbge))
        .leftJoin(rem, eq(rem.uid, ordensColeta.remetenteUid))
        .leftJoin(dest, eq(dest.uid, ordensColeta.destinatarioUid))
        .leftJoin(tiposVeiculo, eq(tiposVeiculo.uid, ordensColeta.tipoVeiculoUid))
        .leftJoin(veiculos, eq(veiculos.uid, ordensColeta.veiculoUid))
        .leftJoin(motoristas, eq(motoristas.uid, ordensColeta.motoristaUid))
        .leftJoin(respondente, eq(respondente.uid, ordensColeta.respondidoPor)),
    toItem: (r) => numeros(r, ['pesoTotalKg', 'volumeTotalM3', 'valorTotal']),
    refs: { ...refsDaCarga, transportadorUid: transportadorVinculado },
    sortable: {
      numero: ordensColeta.numero,
      status: ordensColeta.status,
      dataColetaDesejada: ordensColeta.dataColetaDesejada,
      dataColetaPrevista: ordensColeta.dataColetaPrevista,
      enviadoEm: ordensColeta.enviadoEm,
      criadoEm: ordensColeta.criadoEm,
      atualizadoEm: ordensColeta.atualizadoEm,
    },
    defaultSort: 'numero',
    defaultOrder: 'DESC',
    filters: {
      numero: { column: ordensColeta.numero, kind: 'int' },
      status: { column: ordensColeta.status, kind: 'int' },
      transportadorUid: { column: ordensColeta.transportadorUid, kind: 'uid' },
      embarqueUid: { column: ordensColeta.embarqueUid, kind: 'uid' },
      cotacaoUid: { column: ordensColeta.cotacaoUid, kind: 'uid' },
      remetenteUid: { column: ordensColeta.remetenteUid, kind: 'uid' },
      destinatarioUid: { column: ordensColeta.destinatarioUid, kind: 'uid' },
      dataColetaDesejada: { column: ordensColeta.dataColetaDesejada, kind: 'date', range: true },
      criadoEm: { column: ordensColeta.criadoEm, kind: 'date', range: true },
    },
    actions: acoesOrdem,
    hooks: {
      async validate(tx, ctx, values, existing) {
        exigirUsuarioEmbarcador(ctx);
        if (existing) {
          await ordemParaAlterar(tx, ctx, existing.uid as string);
          // The quotation is set at creation only: an edit without it keeps it; naming another is 400.
          if (values.cotacaoUid && values.cotacaoUid !== existing.cotacaoUid) {
            throw AppError.field('cotacaoUid', 'A cotação de uma ordem de coleta não muda');
          }
          values.cotacaoUid = existing.cotacaoUid ?? null;
        } else {
          values.criadoPor = ctx.usuarioUid;
          if (values.cotacaoUid) await daCotacao(tx, ctx, values);
        }
        await exigirMunicipios(tx, values);
      },
      async afterWrite(tx, ctx, row, op) {
        if (op !== 'create' || !row.cotacaoUid) return;
        // The request the quotation came from is now carried by a pickup order.
        const [c] = await tx.select({ s: cotacoesFrete.solicitacaoUid }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, row.cotacaoUid as string));
        await moverSolicitacao(tx, ctx, c?.s, { de: [SOLICITACAO.COTACAO, SOLICITACAO.PENDENCIA], para: SOLICITACAO.ANDAMENTO, origem: { ordemColetaUid: row.uid as string } });
        await tx.execute(sql`insert into carga_produtos (ordem_coleta_uid, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor)
          select ${row.uid}, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor from carga_produtos where cotacao_uid = ${row.cotacaoUid} order by criado_em`);
        await tx.execute(sql`insert into carga_nfes (ordem_coleta_uid, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes, frete_esperado)
          select ${row.uid}, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes, frete_esperado from carga_nfes where cotacao_uid = ${row.cotacaoUid} order by criado_em`);
      },
      async beforeDelete(tx, ctx, existing) {
        exigirUsuarioEmbarcador(ctx);
        if (existing.status !== ORDEM.RASCUNHO) {
          throw AppError.conflict(`Só uma ordem de coleta em 'Rascunho' pode ser excluída (esta está '${statusLabel('ordemColeta', existing.status as number)}'); cancele-a.`);
        }
        await removerAnexosDe(app, tx, { embarcadorUid: exigirEmbarcador(ctx), entidade: RECURSO_ORDEM, entidadeUid: existing.uid as string });
      },
    },
  });
}
