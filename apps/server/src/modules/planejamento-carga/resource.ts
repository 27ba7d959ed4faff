import Decimal from 'decimal.js';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { embarque, moverDocumentosInput, planejamentoCarga, planejamentoCargaInput, statusLabel, type z } from '@fretio/core';
import { embarques, municipios, nfes, pedidos, planejamentoDocumentos, planejamentosCarga, tiposVeiculo, transportadores } from '../../db/schema/index.ts';
import { TRANSICAO_INVALIDA } from '../../framework/acoes.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { type ActionDef, type ResourceDef, type Tx, defineResource, doEmbarcador } from '../../framework/resource.ts';
import { reler } from '../../framework/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { exigirMunicipios, tipoVeiculoVisivel } from '../solicitacoesfrete/refs.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { documentoItem, documentosDoPlano } from './documentos.ts';
import { travarDocumentosDoEmbarcador } from './service.ts';

// Load planning (planejamento-carga): a session groups unshipped NF-es and orders with a vehicle type; the
// item carries the totals and the capacity warnings; finish creates one shipment (embarque) with the
// documents and closes the session (STATUS.planejamentoCarga: Aberto → Finalizado).

export const RECURSO_PLANEJAMENTO = 'planejamento-carga';
const munO = alias(municipios, 'plc_mun_origem');
const munD = alias(municipios, 'plc_mun_destino');
const fmt = (d: Decimal, casas: number) => d.toNumber().toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });

/** Totals and capacity warnings, exact (decimal.js). */
export function totaisDoPlano(docs: ReturnType<typeof documentoItem>[], capacidadeKg: number | null, capacidadeM3: number | null) {
  let peso = new Decimal(0);
  let m3 = new Decimal(0);
  let valor = new Decimal(0);
  let volumes = 0;
  for (const d of docs) {
    peso = peso.plus(d.pesoKg);
    m3 = m3.plus(d.volumeM3 ?? 0);
    valor = valor.plus(d.valor);
    volumes += d.volumes;
  }
  const avisos: string[] = [];
  if (capacidadeKg && peso.gt(capacidadeKg)) {
    avisos.push(`Peso total de ${fmt(peso, 3)} kg excede a capacidade do veículo (${fmt(new Decimal(capacidadeKg), 2)} kg) em ${fmt(peso.minus(capacidadeKg), 3)} kg.`);
  }
  if (capacidadeM3 && m3.gt(capacidadeM3)) {
    avisos.push(`Volume total de ${fmt(m3, 3)} m³ excede a capacidade do veículo (${fmt(new Decimal(capacidadeM3), 2)} m³).`);
  }
  return {
    pesoTotalKg: peso.toDecimalPlaces(3).toNumber(),
    volumeTotalM3: m3.toDecimalPlaces(6).toNumber(),
    valorTotal: valor.toDecimalPlaces(2).toNumber(),
    volumes,
    ocupacaoPesoPct: capacidadeKg ? peso.div(capacidadeKg).times(100).toDecimalPlaces(1).toNumber() : null,
    ocupacaoVolumePct: capacidadeM3 ? m3.div(capacidadeM3).times(100).toDecimalPlaces(1).toNumber() : null,
    avisos,
  };
}

// The documents of a PUT/POST body travel beside the row values (they are not columns).
const documentosPendentes = new WeakMap<RequestContext, { nfeUid: string | null; pedidoUid: string | null }[]>();

const emLista = (us: string[]) => (us.length ? sql`in (${sql.join(
  us.map((u) => sql`${u}`),
  sql`, `,
)})` : sql`in (null)`);

async function gravarDocumentos(tx: Tx, ctx: RequestContext, planejamentoUid: string, docs: { nfeUid: string | null; pedidoUid: string | null }[]) {
  const embarcadorUid = exigirEmbarcador(ctx);
  await travarDocumentosDoEmbarcador(tx, embarcadorUid);
  const nfeUids = [...new Set(docs.map((d) => d.nfeUid).filter((u): u is string => !!u))];
  const pedidoUids = [...new Set(docs.map((d) => d.pedidoUid).filter((u): u is string => !!u))];
  const erros: { field: string; message: string }[] = [];
  if (nfeUids.length) {
    const achadas = await tx
      .select({ uid: nfes.uid, numero: nfes.numero, cancelada: nfes.cancelada })
      .from(nfes)
      .where(and(eq(nfes.embarcadorUid, embarcadorUid), inArray(nfes.uid, nfeUids)));
    const m = new Map(achadas.map((n) => [n.uid, n]));
    nfeUids.forEach((u) => {
      const i = docs.findIndex((d) => d.nfeUid === u);
      const n = m.get(u);
      if (!n) erros.push({ field: `documentos.${i}.nfeUid`, message: 'NF-e não encontrada' });
      else if (n.cancelada) erros.push({ field: `documentos.${i}.nfeUid`, message: `A NF-e ${n.numero} está cancelada` });
    });
  }
  if (pedidoUids.length) {
    const achados = await tx
      .select({ uid: pedidos.uid, numero: pedidos.numero, status: pedidos.status })
      .from(pedidos)
      .where(and(eq(pedidos.embarcadorUid, embarcadorUid), inArray(pedidos.uid, pedidoUids)));
    const m = new Map(achados.map((p) => [p.uid, p]));
    pedidoUids.forEach((u) => {
      const i = docs.findIndex((d) => d.pedidoUid === u);
      if (!m.get(u)) erros.push({ field: `documentos.${i}.pedidoUid`, message: 'Pedido não encontrado' });
    });
  }
  if (erros.length) throw AppError.validation(erros, erros[0].message);
  // A document belongs to one plan at a time.
  const ocupados = (await tx.execute(sql`select coalesce(pd.nfe_uid, pd.pedido_uid) as uid, p.numero from planejamento_documentos pd
      join planejamentos_carga p on p.uid = pd.planejamento_uid
      where pd.planejamento_uid <> ${planejamentoUid} and (pd.nfe_uid ${emLista(nfeUids)} or pd.pedido_uid ${emLista(pedidoUids)}) limit 1`)) as unknown as {
    rows: { uid: string; numero: number }[];
  };
  if (ocupados.rows.length) {
    const m = `Um dos documentos já está no planejamento nº ${ocupados.rows[0].numero}.`;
    throw AppError.conflict(m, [{ field: 'documentos', message: m }]);
  }
  await tx.delete(planejamentoDocumentos).where(eq(planejamentoDocumentos.planejamentoUid, planejamentoUid));
  const linhas = [...nfeUids.map((nfeUid) => ({ planejamentoUid, nfeUid })), ...pedidoUids.map((pedidoUid) => ({ planejamentoUid, pedidoUid }))];
  for (let i = 0; i < linhas.length; i += 1000) await tx.insert(planejamentoDocumentos).values(linhas.slice(i, i + 1000));
}

const exigirAberto = (row: Record<string, unknown>, campo: string, oQue: string) => {
  if (row.status === 1) return;
  const m = `${oQue} está '${statusLabel('planejamentoCarga', row.status as number)}': só um planejamento 'Aberto' muda de documentos.`;
  throw AppError.conflict(m, [{ field: campo, message: m }], TRANSICAO_INVALIDA);
};

/** mover: documents of this plan go to another open plan of the shipper (both rows locked). */
const mover: ActionDef = {
  path: 'mover',
  method: 'POST',
  permission: 'alterar',
  summary: 'Move documentos deste planejamento para outro planejamento Aberto',
  input: moverDocumentosInput,
  message: 'Documentos movidos.',
  async run(tx, ctx, row, input) {
    const { destinoUid, documentos } = input as z.infer<typeof moverDocumentosInput>;
    if (destinoUid === row.uid) throw AppError.field('destinoUid', 'Escolha outro planejamento como destino');
    exigirAberto(row, 'status', 'O planejamento');
    const [destino] = await tx
      .select({ uid: planejamentosCarga.uid, status: planejamentosCarga.status, numero: planejamentosCarga.numero })
      .from(planejamentosCarga)
      .where(and(eq(planejamentosCarga.uid, destinoUid), eq(planejamentosCarga.embarcadorUid, exigirEmbarcador(ctx))))
      .for('update');
    if (!destino) throw AppError.field('destinoUid', 'Planejamento de destino não encontrado');
    exigirAberto(destino, 'destinoUid', `O planejamento nº ${destino.numero}`);
    await travarDocumentosDoEmbarcador(tx, exigirEmbarcador(ctx));
    const doPlano = await tx
      .select({ uid: planejamentoDocumentos.uid, nfeUid: planejamentoDocumentos.nfeUid, pedidoUid: planejamentoDocumentos.pedidoUid })
      .from(planejamentoDocumentos)
      .where(eq(planejamentoDocumentos.planejamentoUid, row.uid as string));
    const linhas = documentos.map((d, i) => {
      const l = doPlano.find((x) => (d.nfeUid ? x.nfeUid === d.nfeUid : x.pedidoUid === d.pedidoUid));
      if (!l) throw AppError.field(`documentos.${i}`, 'O documento não está neste planejamento');
      return l.uid;
    });
    await tx
      .update(planejamentoDocumentos)
      .set({ planejamentoUid: destinoUid, atualizadoEm: sql`now()` })
      .where(inArray(planejamentoDocumentos.uid, [...new Set(linhas)]));
    await registrarAuditoria(tx, ctx, RECURSO_PLANEJAMENTO, destinoUid, 'receber-documentos', null, { origemUid: row.uid, documentos });
    return undefined;
  },
};

/** finish: one shipment with the plan's documents (NF-es of the register and orders as virtual lines). */
function finalizar(defEmbarque: () => ResourceDef): ActionDef {
  return {
    path: 'finish',
    method: 'GET',
    permission: 'alterar',
    summary: 'Finaliza o planejamento: cria o embarque com os documentos (NF-es e pedidos) e fecha a sessão',
    status: 201,
    output: embarque,
    message: 'Planejamento finalizado: embarque criado.',
    auditoria: 'finish',
    async run(tx, ctx, row) {
      if (row.status !== 1) {
        const m = `O planejamento está '${statusLabel('planejamentoCarga', row.status as number)}': só um planejamento 'Aberto' pode ser finalizado.`;
        throw AppError.conflict(m, [{ field: 'status', message: m }], TRANSICAO_INVALIDA);
      }
      const docs = row.documentos as unknown[];
      if (!docs.length) throw AppError.field('documentos', 'Inclua ao menos um documento antes de finalizar o planejamento');
      const [e] = await tx
        .insert(embarques)
        .values({
          embarcadorUid: exigirEmbarcador(ctx),
          origemCep: row.origemCep as string | null,
          origemMunicipioIbge: row.origemMunicipioIbge as string | null,
          destinoCep: row.destinoCep as string | null,
          destinoMunicipioIbge: row.destinoMunicipioIbge as string | null,
          tipoVeiculoUid: row.tipoVeiculoUid as string | null,
          transportadorUid: row.transportadorUid as string | null,
          dataEmbarque: row.dataEmbarque as string | null,
          observacao: `Planejamento de carga nº ${row.numero}: ${row.descricao}`,
          criadoPor: ctx.usuarioUid,
        })
        .returning({ uid: embarques.uid });
      // NF-es: the expected freight of the order they invoice (selected simulation), when there is one.
      await tx.execute(sql`insert into carga_nfes (embarque_uid, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volumes, frete_esperado)
        select ${e.uid}, n.uid, n.chave, n.numero, n.serie, case when length(n.emitente_documento) = 14 then n.emitente_documento end,
          coalesce(n.valor_total, 0), coalesce(n.peso_bruto, 0), coalesce(n.volumes, 0)::int,
          (select p.frete_esperado from pedidos p where p.nfe_uid = n.uid limit 1)
        from planejamento_documentos pd join nfes n on n.uid = pd.nfe_uid where pd.planejamento_uid = ${row.uid} order by n.numero`);
      // Orders not invoiced yet: a virtual line (number = the order's digits), replaced when the NF-e comes.
      await tx.execute(sql`insert into carga_nfes (embarque_uid, numero, serie, valor, peso_kg, volume_m_3, volumes, frete_esperado)
        select ${e.uid}, coalesce(nullif(right(regexp_replace(p.numero, '\\D', '', 'g'), 9), '')::int, 0), 0, p.valor, p.peso_kg, p.volume_m_3, p.volumes, p.frete_esperado
        from planejamento_documentos pd join pedidos p on p.uid = pd.pedido_uid where pd.planejamento_uid = ${row.uid} order by p.numero`);
      await tx
        .update(planejamentosCarga)
        .set({ status: 2, embarqueUid: e.uid, atualizadoEm: sql`now()` })
        .where(eq(planejamentosCarga.uid, row.uid as string));
      const novo = await reler(tx, defEmbarque(), ctx, e.uid);
      await registrarAuditoria(tx, ctx, 'embarque', e.uid, 'criar', null, { ...(novo as object), planejamentoUid: row.uid });
      return novo;
    },
  };
}

export function criarPlanejamentoResource(defEmbarque: () => ResourceDef) {
  return defineResource({
    nome: 'Planejamento de carga',
    path: '/planejamento-carga',
    recurso: RECURSO_PLANEJAMENTO,
    table: planejamentosCarga,
    uid: planejamentosCarga.uid,
    scope: doEmbarcador(planejamentosCarga.embarcadorUid),
    item: planejamentoCarga,
    input: planejamentoCargaInput,
    select: {
      ...getTableColumns(planejamentosCarga),
      tipoVeiculoNome: tiposVeiculo.nome,
      capacidadeKg: tiposVeiculo.capacidadeKg,
      capacidadeM3: tiposVeiculo.capacidadeM3,
      transportadorNome: transportadores.nome,
      origemMunicipioNome: munO.nome,
      origemUf: munO.uf,
      destinoMunicipioNome: munD.nome,
      destinoUf: munD.uf,
      embarqueNumero: sql<number | null>`(select e.numero from embarques e where e.uid = ${planejamentosCarga.embarqueUid})`,
      documentos: documentosDoPlano(sql`${planejamentosCarga.uid}`),
    },
    from: (q) =>
      q
        .leftJoin(tiposVeiculo, eq(tiposVeiculo.uid, planejamentosCarga.tipoVeiculoUid))
        .leftJoin(transportadores, eq(transportadores.uid, planejamentosCarga.transportadorUid))
        .leftJoin(munO, eq(munO.ibge, planejamentosCarga.origemMunicipioIbge))
        .leftJoin(munD, eq(munD.ibge, planejamentosCarga.destinoMunicipioIbge)),
    toItem: (r) => {
      const docs = ((r.documentos as Record<string, unknown>[] | null) ?? []).map(documentoItem);
      const capKg = r.capacidadeKg === null || r.capacidadeKg === undefined ? null : Number(r.capacidadeKg);
      const capM3 = r.capacidadeM3 === null || r.capacidadeM3 === undefined ? null : Number(r.capacidadeM3);
      return { ...r, capacidadeKg: capKg, capacidadeM3: capM3, documentos: docs, quantidadeDocumentos: docs.length, ...totaisDoPlano(docs, capKg, capM3) };
    },
    refs: { transportadorUid: transportadorVinculado, tipoVeiculoUid: tipoVeiculoVisivel },
    sortable: { numero: planejamentosCarga.numero, status: planejamentosCarga.status, dataEmbarque: planejamentosCarga.dataEmbarque, criadoEm: planejamentosCarga.criadoEm },
    defaultSort: 'numero',
    defaultOrder: 'DESC',
    filters: {
      numero: { column: planejamentosCarga.numero, kind: 'int' },
      status: { column: planejamentosCarga.status, kind: 'int' },
      descricao: { column: planejamentosCarga.descricao, kind: 'text' },
      dataEmbarque: { column: planejamentosCarga.dataEmbarque, kind: 'date', range: true },
    },
    actions: [finalizar(defEmbarque), mover],
    hooks: {
      async validate(tx, ctx, values, existing) {
        await exigirMunicipios(tx, values);
        const docs = values.documentos as { nfeUid: string | null; pedidoUid: string | null }[] | undefined;
        delete values.documentos;
        if (existing) {
          if (existing.status !== 1) {
            const m = `O planejamento está '${statusLabel('planejamentoCarga', existing.status as number)}' e não pode ser alterado.`;
            throw AppError.conflict(m, [{ field: 'status', message: m }]);
          }
          // Update: written now, so the reply (read before afterWrite) shows them.
          if (docs) await gravarDocumentos(tx, ctx, existing.uid as string, docs);
        } else {
          values.criadoPor = ctx.usuarioUid;
          if (docs) documentosPendentes.set(ctx, docs);
        }
      },
      async afterWrite(tx, ctx, row, op) {
        if (op !== 'create') return;
        const docs = documentosPendentes.get(ctx);
        documentosPendentes.delete(ctx);
        if (docs) await gravarDocumentos(tx, ctx, row.uid as string, docs);
      },
      async beforeDelete(_tx, _ctx, existing) {
        if (existing.status !== 1) throw AppError.conflict("Só um planejamento 'Aberto' pode ser excluído.");
      },
    },
  });
}
