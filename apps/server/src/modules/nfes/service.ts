import { and, eq, isNull } from 'drizzle-orm';
import type { EventoLido, NfeLida } from '@fretio/core/fiscal';
import { cteNfes, nfeItens, nfes } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { fatias } from '../../lib/lotes.ts';
import { type CacheVinculos, type QuemGrava, type ResultadoDocumento, corta, guardarXml, instante, transportadorPorDocumento, unidadePorDocumentos } from './vinculos.ts';
import { atualizarRastreio } from '../tracking/service.ts';
import { vincularNfeImportada } from '../solicitacoesfrete/vinculo-tardio.ts';

// Saving one imported NF-e (or applying its cancellation event), inside the task item's transaction:
// the record, its items, its XML and its links are all written or none is.

export type NfeImportada = { lida: NfeLida; assinaturaValida: boolean; xml: Uint8Array; xmlGz?: Uint8Array; nome: string };

export function colunasNfe(l: NfeLida, assinaturaValida: boolean) {
  return {
    chave: l.chave,
    versao: l.versao,
    numero: l.numero ?? 0,
    serie: l.serie ?? 0,
    modelo: l.modelo ?? 55,
    emissao: instante(l.emissao) as string,
    emissaoTexto: l.emissao as string,
    tipoAmbiente: l.tipoAmbiente,
    tipoOperacao: l.tipoOperacao,
    naturezaOperacao: corta(l.naturezaOperacao, 255),
    emitenteDocumento: corta(l.emitente.documento, 20),
    emitenteNome: corta(l.emitente.nome, 255),
    emitenteUf: corta(l.emitente.uf, 2),
    emitenteMunicipioIbge: corta(l.emitente.municipioIbge, 7),
    emitenteMunicipio: corta(l.emitente.municipio, 120),
    destinatarioDocumento: corta(l.destinatario?.documento, 20),
    destinatarioIdEstrangeiro: corta(l.destinatario?.idEstrangeiro, 20),
    destinatarioNome: corta(l.destinatario?.nome, 255),
    destinatarioUf: corta(l.destinatario?.uf, 2),
    destinatarioMunicipioIbge: corta(l.destinatario?.municipioIbge, 7),
    destinatarioMunicipio: corta(l.destinatario?.municipio, 120),
    valorTotal: l.valorTotal,
    valorProdutos: l.valorProdutos,
    valorFrete: l.valorFrete,
    pesoBruto: l.pesoBruto,
    pesoLiquido: l.pesoLiquido,
    volumes: l.volumes,
    modalidadeFrete: l.modalidadeFrete,
    transportadorDocumento: corta(l.transportador?.documento, 20),
    transportadorNome: corta(l.transportador?.nome, 255),
    protocolo: l.protocolo,
    dataAutorizacao: instante(l.dataAutorizacao),
    quantidadeItens: l.quantidadeItens,
    cancelada: l.cancelada,
    cancelamentoProtocolo: l.cancelamento?.protocolo ?? null,
    canceladaEm: instante(l.cancelamento?.data ?? null),
    chaveValida: l.chaveValida,
    assinaturaValida,
  };
}

export const resultadoNfe = (uid: string, avisos: string[], base?: string): ResultadoDocumento =>
  avisos.length ? { situacao: 'aviso', registroUid: uid, mensagem: [base, ...avisos].filter(Boolean).join('; ') } : { situacao: 'ok', registroUid: uid, ...(base ? { mensagem: base } : {}) };

/** What a note needs before anything is written (an item error otherwise). */
export function validarNfe(l: NfeLida) {
  if (!instante(l.emissao)) throw AppError.field('emissao', 'NF-e sem data de emissão válida');
  if (l.numero === null || l.serie === null) throw AppError.field('numero', 'NF-e sem número ou série');
}

export async function salvarNfe(tx: Tx, quem: QuemGrava, doc: NfeImportada, cache?: CacheVinculos): Promise<ResultadoDocumento> {
  const l = doc.lida;
  validarNfe(l);
  const avisos = [...l.avisos];
  if (!doc.assinaturaValida) avisos.push('assinatura digital ausente ou inválida');
  const [existente] = await tx.select().from(nfes).where(and(eq(nfes.embarcadorUid, quem.embarcadorUid), eq(nfes.chave, l.chave))).for('update');
  if (existente) return atualizarExistente(tx, quem, existente, doc);

  const transportador = await transportadorPorDocumento(tx, quem.embarcadorUid, l.transportador?.documento ?? null, cache);
  if (l.transportador?.documento && !transportador) avisos.push(`transportador ${l.transportador.documento} não está cadastrado/vinculado ao embarcador`);
  const unidade = await unidadePorDocumentos(tx, quem.embarcadorUid, [l.emitente.documento, l.destinatario?.documento ?? null], cache);
  if (!unidade) avisos.push('nenhuma unidade do embarcador tem o CNPJ do emitente ou do destinatário');
  const [nova] = await tx
    .insert(nfes)
    .values({ ...colunasNfe(l, doc.assinaturaValida), embarcadorUid: quem.embarcadorUid, transportadorUid: transportador?.uid ?? null, unidadeEmbarcadorUid: unidade, avisos })
    .returning({ uid: nfes.uid });
  const itens = l.itens.map((i) => linhaDoItem(nova.uid, i));
  for (const lote of fatias(itens, 500)) await tx.insert(nfeItens).values(lote);
  await guardarXml(tx, { documentoUid: nova.uid, embarcadorUid: quem.embarcadorUid, tipo: 'nfe', nome: doc.nome, xml: doc.xml, xmlGz: doc.xmlGz });
  const substituida = await substituirVirtual(tx, quem.embarcadorUid, nova.uid, l);
  // CT-es imported before this note cite its key: link them now.
  await tx.update(cteNfes).set({ nfeUid: nova.uid }).where(and(eq(cteNfes.embarcadorUid, quem.embarcadorUid), eq(cteNfes.chave, l.chave), isNull(cteNfes.nfeUid)));
  await vincularNfeImportada(tx, quem, nova.uid); // typed cargo lines, and the replaced virtual note's orders/plans
  await atualizarRastreio(tx, nova.uid); // tracking: promised date, public token, events that came first
  await registrarAuditoria(tx, quem, 'nfes', nova.uid, 'importar', null, { chave: l.chave, numero: l.numero, serie: l.serie });
  return resultadoNfe(nova.uid, avisos, substituida ? 'substituiu a NF-e virtual de mesmo emitente, série e número' : undefined);
}

/** Same key again: nothing changes, unless the new file brings the authorisation or the cancellation. */
async function atualizarExistente(tx: Tx, quem: QuemGrava, existente: typeof nfes.$inferSelect, doc: NfeImportada): Promise<ResultadoDocumento> {
  const l = doc.lida;
  const set: Partial<typeof nfes.$inferInsert> = {};
  const o_que: string[] = [];
  if (!existente.protocolo && l.protocolo) {
    Object.assign(set, { protocolo: l.protocolo, dataAutorizacao: instante(l.dataAutorizacao) });
    o_que.push('protocolo de autorização');
  }
  if (!existente.cancelada && l.cancelada) {
    Object.assign(set, { cancelada: true, cancelamentoProtocolo: l.cancelamento?.protocolo ?? null, canceladaEm: instante(l.cancelamento?.data ?? null) });
    o_que.push('cancelamento');
  }
  if (!o_que.length) return { situacao: 'ignorado', registroUid: existente.uid, mensagem: 'NF-e já importada' };
  if (doc.assinaturaValida && !existente.assinaturaValida) set.assinaturaValida = true;
  await tx.update(nfes).set({ ...set, atualizadoEm: new Date().toISOString() }).where(eq(nfes.uid, existente.uid));
  await guardarXml(tx, { documentoUid: existente.uid, embarcadorUid: quem.embarcadorUid, tipo: 'nfe', nome: doc.nome, xml: doc.xml, xmlGz: doc.xmlGz });
  await registrarAuditoria(tx, quem, 'nfes', existente.uid, 'importar', { protocolo: existente.protocolo, cancelada: existente.cancelada }, set);
  return { situacao: 'ok', registroUid: existente.uid, mensagem: `NF-e já importada; atualizada com ${o_que.join(' e ')}` };
}

/** An open virtual note of the same issuer, series and number hands its links to the real one and closes. */
async function substituirVirtual(tx: Tx, embarcadorUid: string, realUid: string, l: NfeLida) {
  if (!l.emitente.documento) return false;
  const [v] = await tx
    .select({ uid: nfes.uid })
    .from(nfes)
    .where(and(eq(nfes.embarcadorUid, embarcadorUid), eq(nfes.virtual, true), isNull(nfes.substituidaPorUid), eq(nfes.emitenteDocumento, l.emitente.documento), eq(nfes.serie, l.serie ?? -1), eq(nfes.numero, l.numero ?? -1)))
    .for('update');
  if (!v) return false;
  await tx.update(cteNfes).set({ nfeUid: realUid }).where(eq(cteNfes.nfeUid, v.uid));
  await tx.update(nfes).set({ substituidaPorUid: realUid, atualizadoEm: new Date().toISOString() }).where(eq(nfes.uid, v.uid));
  return true;
}

/** A cancellation event file (procEventoNFe 110111) for a note already imported. */
export async function aplicarEventoNfe(tx: Tx, quem: QuemGrava, e: EventoLido, xml: Uint8Array, nome: string): Promise<ResultadoDocumento> {
  if (e.tipoEvento !== '110111') return { situacao: 'ignorado', mensagem: `evento ${e.tipoEvento} (${e.descricao ?? 'sem descrição'}) não é tratado; só o cancelamento (110111)` };
  if (!e.registrado) throw AppError.field('file', 'evento de cancelamento sem o retorno de registro da SEFAZ: não aplicado');
  const [n] = await tx.select().from(nfes).where(and(eq(nfes.embarcadorUid, quem.embarcadorUid), eq(nfes.chave, e.chave))).for('update');
  if (!n) throw AppError.field('file', `NF-e ${e.chave} não encontrada: importe a NF-e antes do seu cancelamento`);
  if (n.cancelada) return { situacao: 'ignorado', registroUid: n.uid, mensagem: 'NF-e já estava cancelada' };
  await tx.update(nfes).set({ cancelada: true, cancelamentoProtocolo: e.protocolo, canceladaEm: instante(e.data), atualizadoEm: new Date().toISOString() }).where(eq(nfes.uid, n.uid));
  await registrarAuditoria(tx, quem, 'nfes', n.uid, 'cancelar', { cancelada: false }, { cancelada: true, protocolo: e.protocolo, arquivo: nome.slice(0, 120), bytes: xml.length });
  return { situacao: 'ok', registroUid: n.uid, mensagem: 'NF-e cancelada pelo evento' };
}

/** An NF-e item as its row (text cut to the columns' sizes): the one-note and the group save share it. */
export const linhaDoItem = (nfeUid: string, i: NfeLida['itens'][number]) => ({
  nfeUid,
  numero: i.numero,
  codigo: corta(i.codigo, 60),
  descricao: corta(i.descricao, 500),
  ncm: corta(i.ncm, 8),
  cfop: corta(i.cfop, 4),
  quantidade: i.quantidade,
  unidade: corta(i.unidade, 10),
  valorUnitario: i.valorUnitario,
  valor: i.valor,
});
