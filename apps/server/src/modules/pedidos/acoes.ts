import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { cotacaoFrete, definirNfeInput, definirTransportadorInput, listaDe, pedidoSimulacao, selecionarCalculoInput } from '@fretio/core';
import { cargaProdutos, cotacoesFrete, nfes, pedidoSimulacoes, pedidos } from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { type ActionDef, type DbOrTx, type ResourceDef, SEM_MUDANCA, type Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { partesDoPedido } from '../calculadora/documentos-carga.ts';
import { calcular } from '../calculadora/service.ts';
import { criarCotacaoDe } from '../cotacoesfrete/criacao.ts';
import { recalcularPrazosAcordados } from '../tracking/service.ts';
import { estaVinculado } from '../transportadores/repository.ts';
import { PEDIDO, exigirNaoFaturado } from './resource.ts';

type Row = Record<string, unknown>;
type Sim = typeof pedidoSimulacoes.$inferSelect;

export const simulacaoItem = (s: Sim, selecionadaUid: unknown) => ({
  uid: s.uid,
  pedidoUid: s.pedidoUid,
  lote: s.lote,
  posicao: s.posicao,
  transportadorUid: s.transportadorUid,
  transportadorNome: s.transportadorNome,
  tabelaUid: s.tabelaUid ?? '',
  tabelaNome: s.tabelaNome,
  total: Number(s.total),
  prazoDiasUteis: s.prazoDiasUteis,
  dataPrevistaEntrega: s.dataPrevistaEntrega,
  selecionada: s.uid === selecionadaUid,
  calculo: s.calculo as never,
  criadoEm: s.criadoEm,
});

const local = (cep: unknown, ibge: unknown) => (ibge ? { municipioIbge: ibge as string } : cep ? { cep: cep as string } : null);

/** simular-frete: the engine over every valid table of the shipper; one ranked line per quote (cheapest first). */
const simularFrete: ActionDef = {
  path: 'simular-frete',
  method: 'GET',
  permission: 'alterar',
  summary: 'Simula o frete do pedido nas tabelas vigentes (origem, destino, peso, m³, valor) e guarda o resultado ordenado',
  description: 'Cada linha é o cálculo de uma tabela de um transportador, do mais barato ao mais caro (empate: menor prazo). Lista vazia: nenhuma tabela cobre o pedido (gere uma cotação).',
  output: listaDe(pedidoSimulacao),
  message: 'Simulação concluída.',
  async run(tx, ctx, row) {
    const origem = local(row.origemCep, row.origemMunicipioIbge);
    const destino = local(row.destinoCep, row.destinoMunicipioIbge);
    if (!origem) throw AppError.field('origemCep', 'Informe a origem do pedido para simular o frete');
    if (!destino) throw AppError.field('destinoCep', 'Informe o destino do pedido para simular o frete');
    // As of the planned shipping date; the customer (else the NF-e's recipient) and the NF-e's items for restrictions.
    const doc = await partesDoPedido(tx, (row.nfeUid as string | null) ?? null);
    const resultado = await calcular(tx, ctx, {
      origem: origem as never,
      destino: destino as never,
      pesoKg: Number(row.pesoKg),
      m3: row.volumeM3 === null || row.volumeM3 === undefined ? undefined : Number(row.volumeM3),
      valorMercadoria: Number(row.valor),
      volumes: row.volumes as number,
      documentos: 1,
      tipoVeiculoUid: (row.tipoVeiculoUid as string | null) ?? undefined,
      ...(row.dataPrevista ? { data: row.dataPrevista as string } : {}),
      remetente: doc.remetente,
      destinatario: (row.clienteUid as string | null) ?? doc.destinatario,
      produtos: doc.produtos,
    }, { ncms: doc.ncms, produtosDesconhecidos: 'ignorar' });
    const ordenadas = [...resultado.cotacoes].sort((a, b) => a.total - b.total || a.prazoDiasUteis - b.prazoDiasUteis);
    if (!ordenadas.length) return { data: [], totalRecords: 0 };
    const lote = randomUUID();
    const linhas = await tx
      .insert(pedidoSimulacoes)
      .values(
        ordenadas.map((c, i) => ({
          pedidoUid: row.uid as string,
          lote,
          posicao: i + 1,
          transportadorUid: c.transportadorUid,
          transportadorNome: c.transportadorNome,
          tabelaUid: c.tabelaUid,
          tabelaNome: c.tabelaNome,
          total: String(c.total),
          prazoDiasUteis: c.prazoDiasUteis,
          dataPrevistaEntrega: c.dataPrevistaEntrega,
          calculo: c,
          criadoPor: ctx.usuarioUid,
        })),
      )
      .returning();
    linhas.sort((a, b) => a.posicao - b.posicao);
    return { data: linhas.map((s) => simulacaoItem(s, row.simulacaoFreteUid)), totalRecords: linhas.length };
  },
};

/** selecionar-calculo: the chosen line fixes carrier, expected freight and deadline (Frete Definido). */
const selecionarCalculo: ActionDef = {
  path: 'selecionar-calculo',
  method: 'POST',
  permission: 'alterar',
  summary: 'Seleciona uma linha da simulação: fixa transportador, frete esperado e prazo (Frete Definido)',
  input: selecionarCalculoInput,
  auditoria: 'selecionar-calculo',
  async run(tx, _ctx, row, input) {
    if (row.status !== PEDIDO.FRETE_DEFINIDO) exigirTransicao('pedido', row.status as number, PEDIDO.FRETE_DEFINIDO);
    const [s] = await tx
      .select()
      .from(pedidoSimulacoes)
      .where(and(eq(pedidoSimulacoes.uid, input.simulacaoFreteUid as string), eq(pedidoSimulacoes.pedidoUid, row.uid as string)));
    if (!s) throw AppError.field('simulacaoFreteUid', 'Simulação não encontrada neste pedido');
    if (row.status === PEDIDO.FRETE_DEFINIDO && row.simulacaoFreteUid === s.uid) return SEM_MUDANCA;
    await tx
      .update(pedidos)
      .set({
        status: PEDIDO.FRETE_DEFINIDO,
        simulacaoFreteUid: s.uid,
        transportadorUid: s.transportadorUid,
        freteEsperado: s.total,
        prazoDiasUteis: s.prazoDiasUteis,
        atualizadoEm: sql`now()`,
      })
      .where(eq(pedidos.uid, row.uid as string));
    return undefined;
  },
};

const definirTransportador: ActionDef = {
  path: 'definir-transportador',
  method: 'POST',
  permission: 'alterar',
  summary: 'Define o transportador do pedido (outro que o da simulação selecionada desfaz a seleção)',
  input: definirTransportadorInput,
  async run(tx, ctx, row, input) {
    exigirNaoFaturado(row);
    const t = input.transportadorUid as string;
    if (!(await estaVinculado(tx, t, exigirEmbarcador(ctx)))) throw AppError.field('transportadorUid', 'Transportador não vinculado ao embarcador');
    const mesmo = t === row.transportadorUid;
    await tx
      .update(pedidos)
      .set({
        transportadorUid: t,
        ...(mesmo ? {} : { simulacaoFreteUid: null, freteEsperado: null, prazoDiasUteis: null }),
        ...(!mesmo && row.status === PEDIDO.FRETE_DEFINIDO ? { status: PEDIDO.ABERTO } : {}),
        atualizadoEm: sql`now()`,
      })
      .where(eq(pedidos.uid, row.uid as string));
    return undefined;
  },
};

const definirNfe: ActionDef = {
  path: 'definir-nfe',
  method: 'POST',
  permission: 'alterar',
  summary: 'Vincula a NF-e emitida para o pedido (Faturado)',
  input: definirNfeInput,
  async run(tx, ctx, row, input) {
    exigirTransicao('pedido', row.status as number, PEDIDO.FATURADO);
    const [n] = await tx
      .select({ uid: nfes.uid, cancelada: nfes.cancelada })
      .from(nfes)
      .where(and(eq(nfes.uid, input.nfeUid as string), eq(nfes.embarcadorUid, exigirEmbarcador(ctx))));
    if (!n) throw AppError.field('nfeUid', 'NF-e não encontrada');
    if (n.cancelada) throw AppError.field('nfeUid', 'A NF-e está cancelada');
    if (row.status === PEDIDO.FATURADO && row.nfeUid === n.uid) return SEM_MUDANCA;
    const [outro] = await tx
      .select({ numero: pedidos.numero })
      .from(pedidos)
      .where(and(eq(pedidos.nfeUid, n.uid), ne(pedidos.uid, row.uid as string)));
    if (outro) throw AppError.conflict(`Esta NF-e já está vinculada ao pedido ${outro.numero}.`, [{ field: 'nfeUid', message: `Esta NF-e já está vinculada ao pedido ${outro.numero}.` }]);
    await tx.update(pedidos).set({ nfeUid: n.uid, status: PEDIDO.FATURADO, atualizadoEm: sql`now()` }).where(eq(pedidos.uid, row.uid as string));
    await recalcularPrazosAcordados(tx, ctx, { pedidoUid: row.uid as string }); // tracking: the selected simulation's deadline
    return undefined;
  },
};

function gerarCotacao(defCotacao: () => ResourceDef): ActionDef {
  return {
    path: 'gerar-cotacao',
    method: 'GET',
    permission: 'alterar',
    summary: 'Cria uma cotação spot (Rascunho) com os locais e a carga do pedido (Em Cotação)',
    description: 'Para quando nenhuma tabela cobre o pedido. Um pedido gera uma cotação (409 na segunda).',
    status: 201,
    output: cotacaoFrete,
    message: 'Cotação criada.',
    async run(tx: Tx, ctx, row: Row) {
      if (row.cotacaoUid) {
        const [c] = await tx.select({ numero: cotacoesFrete.numero }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, row.cotacaoUid as string));
        if (c) throw AppError.conflict(`Este pedido já gerou a cotação nº ${c.numero}.`, undefined, 'DUPLICADO');
      }
      exigirTransicao('pedido', row.status as number, PEDIDO.COTACAO);
      const cot = await criarCotacaoDe(
        tx,
        ctx,
        defCotacao(),
        {
          origemCep: row.origemCep as string | null,
          origemMunicipioIbge: row.origemMunicipioIbge as string | null,
          destinoCep: row.destinoCep as string | null,
          destinoMunicipioIbge: row.destinoMunicipioIbge as string | null,
          destinatarioUid: row.clienteUid as string | null,
          dataColetaDesejada: row.dataPrevista as string | null,
          tipoVeiculoUid: row.tipoVeiculoUid as string | null,
          observacao: `Pedido ${row.numero}`,
        },
        async (t, cotacaoUid) => {
          await t.insert(cargaProdutos).values({
            cotacaoUid,
            descricao: `Pedido ${row.numero}`,
            quantidade: '1',
            pesoKg: String(row.pesoKg),
            volumeM3: row.volumeM3 === null ? null : String(row.volumeM3),
            valor: String(row.valor),
          });
        },
        { pedidoUid: row.uid },
      );
      await tx.update(pedidos).set({ cotacaoUid: cot.uid, status: PEDIDO.COTACAO, atualizadoEm: sql`now()` }).where(eq(pedidos.uid, row.uid as string));
      return cot;
    },
  };
}

export const acoesPedido = (defCotacao: () => ResourceDef): ActionDef[] => [simularFrete, selecionarCalculo, definirTransportador, definirNfe, gerarCotacao(defCotacao)];

export async function simulacoesDo(tx: DbOrTx, pedidoUid: string, selecionada: unknown) {
  const rows = await tx
    .select()
    .from(pedidoSimulacoes)
    .where(eq(pedidoSimulacoes.pedidoUid, pedidoUid))
    .orderBy(sql`${pedidoSimulacoes.criadoEm} desc`, asc(pedidoSimulacoes.posicao))
    .limit(500);
  return rows.map((s) => simulacaoItem(s, selecionada));
}
