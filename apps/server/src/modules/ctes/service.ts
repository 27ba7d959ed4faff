import { and, eq, isNull } from 'drizzle-orm';
import { CTE_STATUS } from '@fretio/core';
import type { CteLida, EventoLido } from '@fretio/core/fiscal';
import { auditorias, cteComponentes, cteNfes, ctes, faturaCtes } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { emitirAposCommit } from '../../framework/eventos.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { fatias } from '../../lib/lotes.ts';
import { type CacheVinculos, type QuemGrava, type ResultadoDocumento, corta, guardarXml, instante, transportadorPorDocumento } from '../nfes/vinculos.ts';
import { nfesPorChave, nfesPorNumero } from './repository.ts';

// Saving one imported CT-e (or applying its cancellation), inside the task item's transaction. The
// "CT-e imported" event goes out after the commit (framework/eventos.ts).

export type CteImportado = { lida: CteLida; assinaturaValida: boolean; xml: Uint8Array; xmlGz?: Uint8Array; nome: string };

const p = (x: { documento: string | null; nome: string | null } | null) => ({ d: corta(x?.documento, 20), n: corta(x?.nome, 255) });

export function colunasCte(l: CteLida, assinaturaValida: boolean) {
  const [rem, exp, rec, dest, tom] = [l.remetente, l.expedidor, l.recebedor, l.destinatario, l.tomador].map(p);
  return {
    chave: l.chave,
    versao: l.versao,
    numero: l.numero ?? 0,
    serie: l.serie ?? 0,
    modelo: l.modelo ?? 57,
    emissao: instante(l.emissao) as string,
    emissaoTexto: l.emissao as string,
    tipoAmbiente: l.tipoAmbiente,
    cfop: corta(l.cfop, 4),
    naturezaOperacao: corta(l.naturezaOperacao, 255),
    tipoCte: l.tipoCte,
    tipoServico: l.tipoServico,
    modal: corta(l.modal, 2),
    emitenteDocumento: corta(l.emitente.documento, 20),
    emitenteNome: corta(l.emitente.nome, 255),
    emitenteUf: corta(l.emitente.uf, 2),
    remetenteDocumento: rem.d, remetenteNome: rem.n,
    expedidorDocumento: exp.d, expedidorNome: exp.n,
    recebedorDocumento: rec.d, recebedorNome: rec.n,
    destinatarioDocumento: dest.d, destinatarioNome: dest.n,
    tomadorTipo: l.tomador?.tipo ?? null, tomadorDocumento: tom.d, tomadorNome: tom.n,
    origemMunicipioIbge: corta(l.origem.municipioIbge, 7), origemMunicipio: corta(l.origem.municipio, 120), origemUf: corta(l.origem.uf, 2),
    destinoMunicipioIbge: corta(l.destino.municipioIbge, 7), destinoMunicipio: corta(l.destino.municipio, 120), destinoUf: corta(l.destino.uf, 2),
    valorPrestacao: l.valorPrestacao,
    valorReceber: l.valorReceber,
    valorCarga: l.valorCarga,
    icmsCst: corta(l.icms?.cst, 3),
    icmsBase: l.icms?.base ?? null,
    icmsAliquota: l.icms?.aliquota ?? null,
    icmsValor: l.icms?.valor ?? null,
    pesoCarga: l.pesoCarga,
    pesoCubado: l.pesoCubado ?? null,
    pesoBaseCalculo: l.pesoBaseCalculo ?? null,
    quantidadeNfes: new Set(l.nfes).size,
    chaveOriginal: corta(l.chaveOriginal, 44),
    protocolo: l.protocolo,
    dataAutorizacao: instante(l.dataAutorizacao),
    cancelado: l.cancelado,
    cancelamentoProtocolo: l.cancelamento?.protocolo ?? null,
    canceladoEm: instante(l.cancelamento?.data ?? null),
    status: l.cancelado ? CTE_STATUS.CANCELADO : CTE_STATUS.PENDENTE,
    chaveValida: l.chaveValida,
    assinaturaValida,
  };
}

/** What a CT-e needs before anything is written (an item error otherwise). */
export function validarCte(l: CteLida): asserts l is CteLida & { numero: number; serie: number } {
  if (!instante(l.emissao)) throw AppError.field('emissao', 'CT-e sem data de emissão válida');
  if (l.numero === null || l.serie === null) throw AppError.field('numero', 'CT-e sem número ou série');
}

export async function salvarCte(tx: Tx, quem: QuemGrava, doc: CteImportado, cache?: CacheVinculos): Promise<ResultadoDocumento> {
  const l = doc.lida;
  validarCte(l);
  const avisos = [...l.avisos];
  if (!doc.assinaturaValida) avisos.push('assinatura digital ausente ou inválida');
  const [existente] = await tx.select().from(ctes).where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.chave, l.chave))).for('update');
  if (existente) return atualizarExistente(tx, quem, existente, doc);
  // Known only from the carrier's CONEMB (no key there): the XML completes that record, keeping its uid and links.
  const [doEdi] = l.emitente.documento
    ? await tx.select().from(ctes).where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.origemDocumento, 'EDI'), eq(ctes.emitenteDocumento, l.emitente.documento), eq(ctes.serie, l.serie), eq(ctes.numero, l.numero))).for('update')
    : [];

  const transp = await transportadorPorDocumento(tx, quem.embarcadorUid, l.emitente.documento, cache);
  if (!transp) avisos.push(`emitente ${l.emitente.documento ?? ''} não é um transportador cadastrado/vinculado ao embarcador`);
  let cteOriginalUid: string | null = null;
  if (l.chaveOriginal) {
    const [o] = await tx.select({ uid: ctes.uid }).from(ctes).where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.chave, l.chaveOriginal)));
    cteOriginalUid = o?.uid ?? null;
  }
  const valores = { ...colunasCte(l, doc.assinaturaValida), embarcadorUid: quem.embarcadorUid, transportadorUid: transp?.uid ?? null, unidadeTransportadorUid: transp?.unidadeUid ?? null, cteOriginalUid, avisos };
  let novo: { uid: string };
  if (doEdi) {
    await tx.update(ctes).set({ ...valores, origemDocumento: 'XML', atualizadoEm: new Date().toISOString() }).where(eq(ctes.uid, doEdi.uid));
    await tx.delete(cteComponentes).where(eq(cteComponentes.cteUid, doEdi.uid));
    await tx.delete(cteNfes).where(eq(cteNfes.cteUid, doEdi.uid));
    novo = { uid: doEdi.uid };
  } else [novo] = await tx.insert(ctes).values(valores).returning({ uid: ctes.uid });
  if (l.componentes.length)
    await tx.insert(cteComponentes).values(l.componentes.map((c, i) => ({ cteUid: novo.uid, ordem: i + 1, nome: corta(c.nome, 60) as string, valor: c.valor })));
  const chaves = [...new Set(l.nfes)];
  let semNfe = 0;
  for (const lote of fatias(chaves, 500)) {
    const achadas = await nfesPorChave(tx, quem.embarcadorUid, lote);
    semNfe += lote.filter((c) => !achadas.has(c)).length;
    await tx.insert(cteNfes).values(lote.map((chave) => ({ cteUid: novo.uid, embarcadorUid: quem.embarcadorUid, chave, ordem: chaves.indexOf(chave) + 1, nfeUid: achadas.get(chave) ?? null })));
  }
  if (semNfe) avisos.push(`${semNfe} NF-e citada(s) ainda não importada(s): serão vinculadas quando chegarem`);
  // Complements/substitutes imported before their original point to it now.
  await tx.update(ctes).set({ cteOriginalUid: novo.uid }).where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.chaveOriginal, l.chave), isNull(ctes.cteOriginalUid)));
  await guardarXml(tx, { documentoUid: novo.uid, embarcadorUid: quem.embarcadorUid, tipo: 'cte', nome: doc.nome, xml: doc.xml, xmlGz: doc.xmlGz });
  await registrarAuditoria(tx, quem, 'ctes', novo.uid, 'importar', doEdi ? { chave: doEdi.chave, origemDocumento: 'EDI' } : null, { chave: l.chave, numero: l.numero, serie: l.serie });
  emitirAposCommit(tx, 'cte.importado', { embarcadorUid: quem.embarcadorUid, cteUid: novo.uid, chave: l.chave, novo: true });
  if (doEdi) avisos.unshift('CT-e recebido antes pelo CONEMB: completado com o XML');
  return avisos.length ? { situacao: 'aviso', registroUid: novo.uid, mensagem: avisos.join('; ') } : { situacao: 'ok', registroUid: novo.uid };
}

async function atualizarExistente(tx: Tx, quem: QuemGrava, existente: typeof ctes.$inferSelect, doc: CteImportado): Promise<ResultadoDocumento> {
  const l = doc.lida;
  const set: Partial<typeof ctes.$inferInsert> = {};
  const o_que: string[] = [];
  if (!existente.protocolo && l.protocolo) {
    Object.assign(set, { protocolo: l.protocolo, dataAutorizacao: instante(l.dataAutorizacao) });
    o_que.push('protocolo de autorização');
  }
  if (!existente.cancelado && l.cancelado) {
    Object.assign(set, { cancelado: true, status: CTE_STATUS.CANCELADO, cancelamentoProtocolo: l.cancelamento?.protocolo ?? null, canceladoEm: instante(l.cancelamento?.data ?? null) });
    o_que.push('cancelamento');
  }
  if (!o_que.length) return { situacao: 'ignorado', registroUid: existente.uid, mensagem: 'CT-e já importado' };
  if (doc.assinaturaValida && !existente.assinaturaValida) set.assinaturaValida = true;
  await tx.update(ctes).set({ ...set, atualizadoEm: new Date().toISOString() }).where(eq(ctes.uid, existente.uid));
  await guardarXml(tx, { documentoUid: existente.uid, embarcadorUid: quem.embarcadorUid, tipo: 'cte', nome: doc.nome, xml: doc.xml, xmlGz: doc.xmlGz });
  await registrarAuditoria(tx, quem, 'ctes', existente.uid, 'importar', { protocolo: existente.protocolo, cancelado: existente.cancelado }, set);
  emitirAposCommit(tx, 'cte.importado', { embarcadorUid: quem.embarcadorUid, cteUid: existente.uid, chave: l.chave, novo: false });
  return { situacao: 'ok', registroUid: existente.uid, mensagem: `CT-e já importado; atualizado com ${o_que.join(' e ')}` };
}

export async function aplicarEventoCte(tx: Tx, quem: QuemGrava, e: EventoLido): Promise<ResultadoDocumento> {
  if (e.tipoEvento !== '110111') return { situacao: 'ignorado', mensagem: `evento ${e.tipoEvento} (${e.descricao ?? 'sem descrição'}) não é tratado; só o cancelamento (110111)` };
  if (!e.registrado) throw AppError.field('file', 'evento de cancelamento sem o retorno de registro da SEFAZ: não aplicado');
  const [c] = await tx.select().from(ctes).where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.chave, e.chave))).for('update');
  if (!c) throw AppError.field('file', `CT-e ${e.chave} não encontrado: importe o CT-e antes do seu cancelamento`);
  if (c.cancelado) return { situacao: 'ignorado', registroUid: c.uid, mensagem: 'CT-e já estava cancelado' };
  await tx.update(ctes).set({ cancelado: true, status: CTE_STATUS.CANCELADO, cancelamentoProtocolo: e.protocolo, canceladoEm: instante(e.data), atualizadoEm: new Date().toISOString() }).where(eq(ctes.uid, c.uid));
  await registrarAuditoria(tx, quem, 'ctes', c.uid, 'cancelar', { cancelado: false, status: c.status }, { cancelado: true, protocolo: e.protocolo });
  emitirAposCommit(tx, 'cte.importado', { embarcadorUid: quem.embarcadorUid, cteUid: c.uid, chave: e.chave, novo: false });
  return { situacao: 'ok', registroUid: c.uid, mensagem: 'CT-e cancelado pelo evento' };
}

/** What a CONEMB tells of one CT (see core `conhecimentosConemb`), already checked by the importer. */
export type CteEdi = {
  emitenteDocumento: string;
  emitenteNome: string | null;
  transportadorDocumento: string;
  remetenteDocumento: string | null;
  serie: number;
  numero: number;
  emissao: string;
  valorFrete: string;
  peso: string | null;
  icms: { base: string | null; aliquota: string | null; valor: string | null } | null;
  componentes: { nome: string; valor: string }[];
  notas: { serie: string | null; numero: string }[];
  cfop: string | null;
};

/**
 * A CT-e known only from the carrier's CONEMB: origem EDI, no XML, no protocol, a provisional key
 * (`EDI` + issuer CNPJ + series + number; CONEMB 3.0 has no access key) flagged `chaveValida: false`.
 * The XML, when it arrives, completes this same record (salvarCte). A CT-e already known (XML or an
 * earlier CONEMB) by issuer, series and number is left as it is.
 */
export async function salvarCteEdi(tx: Tx, quem: QuemGrava, c: CteEdi): Promise<ResultadoDocumento> {
  const [existente] = await tx
    .select({ uid: ctes.uid, origem: ctes.origemDocumento })
    .from(ctes)
    .where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.emitenteDocumento, c.emitenteDocumento), eq(ctes.serie, c.serie), eq(ctes.numero, c.numero)))
    .limit(1);
  if (existente) return { situacao: 'ignorado', registroUid: existente.uid, mensagem: existente.origem === 'EDI' ? 'CT-e já recebido por CONEMB' : 'CT-e já importado pelo XML' };
  const avisos: string[] = [];
  const transp = (await transportadorPorDocumento(tx, quem.embarcadorUid, c.emitenteDocumento)) ?? (await transportadorPorDocumento(tx, quem.embarcadorUid, c.transportadorDocumento));
  if (!transp) avisos.push(`emitente ${c.emitenteDocumento} não é um transportador cadastrado/vinculado ao embarcador`);
  const emissaoTexto = `${c.emissao}T00:00:00-03:00`;
  const chave = `EDI${c.emitenteDocumento}${String(c.serie).padStart(3, '0')}${String(c.numero).padStart(9, '0')}`;
  const [novo] = await tx
    .insert(ctes)
    .values({
      embarcadorUid: quem.embarcadorUid, chave, numero: c.numero, serie: c.serie, modelo: 57,
      emissao: new Date(emissaoTexto).toISOString(), emissaoTexto,
      cfop: corta(c.cfop, 4), modal: '01',
      emitenteDocumento: c.emitenteDocumento, emitenteNome: corta(c.emitenteNome, 255), remetenteDocumento: c.remetenteDocumento,
      valorPrestacao: c.valorFrete, valorReceber: c.valorFrete,
      icmsBase: c.icms?.base ?? null, icmsAliquota: c.icms?.aliquota ?? null, icmsValor: c.icms?.valor ?? null,
      pesoCarga: c.peso, quantidadeNfes: c.notas.length,
      transportadorUid: transp?.uid ?? null, unidadeTransportadorUid: transp?.unidadeUid ?? null,
      status: CTE_STATUS.PENDENTE, chaveValida: false, assinaturaValida: false, origemDocumento: 'EDI', avisos: [],
    })
    .returning({ uid: ctes.uid });
  if (c.componentes.length) await tx.insert(cteComponentes).values(c.componentes.map((x, i) => ({ cteUid: novo.uid, ordem: i + 1, nome: x.nome, valor: x.valor })));
  // CONEMB names its notes by series and number: linked to the shipper's NF-es (issuer = the shipper's CNPJ when given).
  const achadas = await nfesPorNumero(tx, quem.embarcadorUid, c.remetenteDocumento, c.notas);
  const vinculos = [...new Map(achadas.map((n) => [n.chave, n])).values()];
  if (vinculos.length) await tx.insert(cteNfes).values(vinculos.map((n, i) => ({ cteUid: novo.uid, embarcadorUid: quem.embarcadorUid, chave: n.chave, ordem: i + 1, nfeUid: n.uid })));
  const faltam = c.notas.filter((n) => !achadas.some((a) => a.numero === Number(n.numero) && (n.serie == null || a.serie === Number(n.serie))));
  if (faltam.length) avisos.push(`NF ${faltam.map((n) => `${n.serie ?? ''}/${n.numero}`).join(', ')} não encontrada(s): o XML do CT-e as vinculará pela chave`);
  if (avisos.length) await tx.update(ctes).set({ avisos }).where(eq(ctes.uid, novo.uid));
  await registrarAuditoria(tx, quem, 'ctes', novo.uid, 'importar', null, { origemDocumento: 'EDI', numero: c.numero, serie: c.serie });
  return avisos.length ? { situacao: 'aviso', registroUid: novo.uid, mensagem: avisos.join('; ') } : { situacao: 'ok', registroUid: novo.uid };
}

/**
 * A CONEMB exclusion record (ação `E`): the carrier withdraws a CT it sent. Only a CT-e known from
 * CONEMB alone (no XML yet) is removed, and only while nothing uses it (no audit, so no pre-invoice;
 * no invoice); a CT-e whose XML arrived stays (it is cancelled by the SEFAZ event, not by EDI).
 */
export async function excluirCteEdi(tx: Tx, quem: QuemGrava, c: { emitenteDocumento: string; serie: number; numero: number }): Promise<ResultadoDocumento> {
  const nome = `CT ${c.serie}/${c.numero}`;
  const [cte] = await tx
    .select({ uid: ctes.uid, chave: ctes.chave, origem: ctes.origemDocumento, faturaUid: ctes.faturaUid, valor: ctes.valorPrestacao })
    .from(ctes)
    .where(and(eq(ctes.embarcadorUid, quem.embarcadorUid), eq(ctes.emitenteDocumento, c.emitenteDocumento), eq(ctes.serie, c.serie), eq(ctes.numero, c.numero)))
    .limit(1)
    .for('update');
  if (!cte) return { situacao: 'ignorado', mensagem: `exclusão do ${nome}: CT-e não encontrado, nada a excluir` };
  if (cte.origem !== 'EDI') return { situacao: 'ignorado', registroUid: cte.uid, mensagem: `exclusão do ${nome} não aplicada: o CT-e já chegou pelo XML (cancele-o pelo evento da SEFAZ)` };
  const [faturado] = await tx.select({ n: faturaCtes.faturaUid }).from(faturaCtes).where(and(eq(faturaCtes.embarcadorUid, quem.embarcadorUid), eq(faturaCtes.cteUid, cte.uid))).limit(1);
  if (cte.faturaUid || faturado) throw AppError.conflict(`Exclusão do ${nome} não aplicada: o CT-e está numa fatura.`, undefined, 'EM_USO');
  const [auditado] = await tx.select({ uid: auditorias.uid }).from(auditorias).where(and(eq(auditorias.embarcadorUid, quem.embarcadorUid), eq(auditorias.cteUid, cte.uid))).limit(1);
  if (auditado) throw AppError.conflict(`Exclusão do ${nome} não aplicada: o CT-e já foi auditado.`, undefined, 'EM_USO');
  await tx.delete(ctes).where(eq(ctes.uid, cte.uid)); // components and NF-e links go with it (cascade)
  await registrarAuditoria(tx, quem, 'ctes', cte.uid, 'excluir', { chave: cte.chave, origemDocumento: 'EDI', serie: c.serie, numero: c.numero, valorPrestacao: cte.valor }, null);
  return { situacao: 'ok', registroUid: cte.uid, mensagem: `${nome} excluído (exclusão do CONEMB)` };
}
