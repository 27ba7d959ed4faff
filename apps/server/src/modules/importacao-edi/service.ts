import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  type CobrancaEdi, type ConhecimentoEdi, type DocumentoEdi, type ItemImportacaoEdi, type NotaEdi, type RefItemEdi,
  faturaInput, formatarDinheiro, linhaCampoEdi, nfeVirtualInput,
} from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { ctes, faturas, nfes } from '../../db/schema/index.ts';
import { criar } from '../../framework/crud.ts';
import { poolLeitura } from '../../framework/importacao/pool.ts';
import type { Tx } from '../../framework/resource.ts';
import type { TarefaEmExecucao } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { excluirCteEdi, salvarCteEdi } from '../ctes/service.ts';
import { faturasResource } from '../faturamento/faturas.ts';
import { nfeVirtualResource } from '../nfe-virtual/resource.ts';
import { transportadorPorDocumento } from '../nfes/vinculos.ts';
import { registrarOcorrenciaEdi } from '../ocorrencias/eventos-edi.ts';
import { identidadeRepository } from '../perfil/identidade-repository.ts';

/** `POST /api/importar/edi/{layout}`: the path's name → the PROCEDA document. */
export const LAYOUTS_IMPORTACAO = { ocoren: 'OCOREN', conemb: 'CONEMB', doccob: 'DOCCOB', notfis: 'NOTFIS' } as const satisfies Record<string, DocumentoEdi>;
export type LayoutImportacao = keyof typeof LAYOUTS_IMPORTACAO;

export type { ItemImportacaoEdi, RefItemEdi };

const reais = (v: Decimal.Value) => `R$ ${formatarDinheiro(new Decimal(v).toFixed(2))}`;

/** The task's items for one file (core `itensImportacaoEdi`), read in the parse worker. */
export function itensDoArquivo(dados: Buffer, layout: LayoutImportacao): Promise<ItemImportacaoEdi[]> {
  return poolLeitura().executar<ItemImportacaoEdi[]>({ tipo: 'edi', dados, documento: LAYOUTS_IMPORTACAO[layout] });
}

/** The task's user as a request context (the invoice and virtual-note rules read it), once per task. */
const contextos = new Map<string, Promise<RequestContext>>();
function contextoDaTarefa(db: Db, tarefa: Pick<TarefaEmExecucao, 'uid' | 'embarcadorUid' | 'usuarioUid'>): Promise<RequestContext> {
  const k = `${tarefa.uid}:${tarefa.usuarioUid}:${tarefa.embarcadorUid}`;
  let c = contextos.get(k);
  if (!c) {
    c = (async () => {
      const base = tarefa.usuarioUid ? await identidadeRepository(db).contexto(tarefa.usuarioUid, tarefa.embarcadorUid) : null;
      if (!base) throw AppError.field('usuario', 'O usuário que pediu a importação não existe mais ou não tem acesso ao embarcador.');
      return { ...base, via: 'sessao' } as RequestContext;
    })();
    contextos.set(k, c);
    if (contextos.size > 100) contextos.delete(contextos.keys().next().value as string);
    c.catch(() => contextos.delete(k));
  }
  return c;
}

/** A zod failure of a record's values → 400 naming the line and the field. */
function conferir<T>(linha: number, r: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (r.success) return r.data;
  const erros = r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'linha'), message: `Linha ${linha}, ${String(i.path[0] ?? '')}: ${i.message}` }));
  throw AppError.validation(erros, erros[0].message);
}

async function aplicarConemb(tx: Tx, quem: { embarcadorUid: string; usuarioUid: string | null }, c: ConhecimentoEdi) {
  if (c.numero === null || c.serie === null) {
    throw AppError.field(c.numero === null ? 'numero' : 'serie', `Linha ${c.linha}: série/número do CT ("${c.serieTexto ?? ''}"/"${c.numeroTexto}") não é numérico; um CT-e tem série e número numéricos.`);
  }
  if (c.acao === 'E') {
    const r = await excluirCteEdi(tx, quem, { emitenteDocumento: c.cnpjEmissor, serie: c.serie, numero: c.numero });
    return { ...r, mensagem: `Linha ${c.linha}: ${r.mensagem}` };
  }
  const r = await salvarCteEdi(tx, quem, {
    emitenteDocumento: c.cnpjEmissor, emitenteNome: c.nomeTransportadora, transportadorDocumento: c.cnpjTransportadora, remetenteDocumento: c.cnpjEmbarcadora,
    serie: c.serie, numero: c.numero, emissao: c.emissao, valorFrete: c.valorFrete, peso: c.peso, icms: c.icms, componentes: c.componentes, notas: c.notas, cfop: c.cfop,
  });
  const oque = `CT ${c.serie}/${c.numero} de ${reais(c.valorFrete)}`;
  return { ...r, mensagem: r.mensagem ? `${oque}: ${r.mensagem}` : `${oque} registrado (origem EDI, aguardando o XML).` };
}

/**
 * One DOCCOB cobrança → one invoice (the fatura module's own create and rules), with the CT-es it lists
 * (by key, else the carrier's series + number). Any problem fails the whole cobrança, naming its line.
 */
async function aplicarDoccob(tx: Tx, db: Db, tarefa: Pick<TarefaEmExecucao, 'uid' | 'embarcadorUid' | 'usuarioUid'>, c: CobrancaEdi) {
  const embarcadorUid = tarefa.embarcadorUid;
  const transp = await transportadorPorDocumento(tx, embarcadorUid, c.cnpjTransportadora);
  if (!transp) throw AppError.field('cnpjTransportadora', `Linha ${c.linha}: transportador de CNPJ ${c.cnpjTransportadora} não está vinculado ao embarcador.`);
  const [ja] = await tx.select({ uid: faturas.uid }).from(faturas)
    .where(and(eq(faturas.embarcadorUid, embarcadorUid), eq(faturas.transportadorUid, transp.uid), eq(faturas.numero, c.numero))).limit(1);
  if (ja) return { situacao: 'ignorado' as const, registroUid: ja.uid, mensagem: `Fatura ${c.numero} já existe para o transportador.` };
  if (!c.conhecimentos.length) throw AppError.field('cteUids', `Linha ${c.linha}: a cobrança ${c.numero} não lista nenhum CT-e (registro 353).`);

  const chaves = c.conhecimentos.map((k) => k.chave).filter((k): k is string => !!k);
  const numeros = c.conhecimentos.map((k) => Number(k.numero)).filter((n) => Number.isSafeInteger(n) && n <= 2_147_483_647);
  const candidatos = await tx
    .select({ uid: ctes.uid, chave: ctes.chave, serie: ctes.serie, numero: ctes.numero, transportadorUid: ctes.transportadorUid, faturaUid: ctes.faturaUid, cancelado: ctes.cancelado, valor: ctes.valorPrestacao, faturaNumero: faturas.numero })
    .from(ctes)
    .leftJoin(faturas, eq(faturas.uid, ctes.faturaUid))
    .where(and(eq(ctes.embarcadorUid, embarcadorUid), or(chaves.length ? inArray(ctes.chave, chaves) : undefined, numeros.length ? and(eq(ctes.transportadorUid, transp.uid), inArray(ctes.numero, numeros)) : undefined)));
  const erros: { field: string; message: string }[] = [];
  const escolhidos = new Map<string, (typeof candidatos)[number]>();
  for (const k of c.conhecimentos) {
    const nome = `CT-e ${k.serie ?? ''}/${k.numero}`;
    const achado =
      (k.chave && candidatos.find((x) => x.chave === k.chave)) ||
      candidatos.find((x) => x.transportadorUid === transp.uid && x.numero === Number(k.numero) && (k.serie == null || x.serie === Number(k.serie)));
    if (!achado) erros.push({ field: 'cteUids', message: `Linha ${k.linha}: ${nome}${k.chave ? ` (chave ${k.chave})` : ''} não encontrado.` });
    else if (achado.transportadorUid !== transp.uid) erros.push({ field: 'cteUids', message: `Linha ${k.linha}: ${nome} é de outro transportador.` });
    else if (achado.cancelado) erros.push({ field: 'cteUids', message: `Linha ${k.linha}: ${nome} está cancelado.` });
    else if (achado.faturaUid) erros.push({ field: 'cteUids', message: `Linha ${k.linha}: ${nome} já está na fatura ${achado.faturaNumero ?? ''}.`.replace(' .', '.') });
    else if (escolhidos.has(achado.uid)) erros.push({ field: 'cteUids', message: `Linha ${k.linha}: ${nome} repetido na cobrança.` });
    else escolhidos.set(achado.uid, achado);
  }
  if (!erros.length) {
    const soma = [...escolhidos.values()].reduce((s, x) => s.plus(x.valor ?? 0), new Decimal(0));
    if (!soma.equals(new Decimal(c.valor))) {
      erros.push({ field: 'valor', message: `Linha ${c.linha}: o valor da cobrança (${reais(c.valor)}) difere da soma dos CT-es (${reais(soma)}).` });
    }
  }
  if (erros.length) throw AppError.validation(erros, erros[0].message);
  const ctx = await contextoDaTarefa(db, tarefa);
  const input = conferir(c.linha, faturaInput.safeParse({
    transportadorUid: transp.uid, numero: c.numero, emissao: c.emissao, vencimento: c.vencimento, valor: c.valor,
    cteUids: [...escolhidos.keys()], observacao: `Importada do DOCCOB (linha ${c.linha}).`,
  }));
  const criada = (await criar(tx as unknown as Db, faturasResource, ctx, input)) as { uid: string };
  return { situacao: 'ok' as const, registroUid: criada.uid, mensagem: `Fatura ${c.numero} criada: ${escolhidos.size} CT-e(s), ${reais(c.valor)}, vencimento ${c.vencimento.split('-').reverse().join('/')}.` };
}

/** One NOTFIS note: a virtual NF-e (the nfe-virtual rules) unless the note is already known. */
async function aplicarNotfis(tx: Tx, db: Db, tarefa: Pick<TarefaEmExecucao, 'uid' | 'embarcadorUid' | 'usuarioUid'>, n: NotaEdi) {
  const serie = Number(n.serie ?? 0);
  const numero = Number(n.numero);
  const nome = `NF ${n.serie ?? '0'}/${n.numero}`;
  if (!Number.isSafeInteger(serie) || !Number.isSafeInteger(numero)) throw AppError.field('serie', `Linha ${n.linha}: série "${n.serie}" da ${nome} não é numérica.`);
  const [ja] = await tx
    .select({ uid: nfes.uid, virtual: nfes.virtual })
    .from(nfes)
    .where(and(eq(nfes.embarcadorUid, tarefa.embarcadorUid), eq(nfes.emitenteDocumento, n.emitente.documento), eq(nfes.serie, serie), eq(nfes.numero, numero), isNull(nfes.substituidaPorUid)))
    .limit(1);
  if (ja) return { situacao: 'ignorado' as const, registroUid: ja.uid, mensagem: `${nome} já existe${ja.virtual ? ' (NF-e virtual)' : ''}.` };
  const input = conferir(n.linha, nfeVirtualInput.safeParse({
    numero, serie, emissao: n.emissao, emitenteDocumento: n.emitente.documento, emitenteNome: n.emitente.nome ?? n.emitente.documento,
    destinatarioDocumento: n.destinatario.documento, destinatarioNome: n.destinatario.nome ?? n.destinatario.documento, destinatarioUf: n.destinatario.uf,
    destinatarioMunicipioIbge: n.destinatario.municipioIbge, valorTotal: n.valorTotal, pesoBruto: n.peso,
    volumes: n.volumes ? Math.round(Number(n.volumes)) || null : null, observacao: `Recebida por NOTFIS (linha ${n.linha}).`,
  }));
  const ctx = await contextoDaTarefa(db, tarefa);
  const criada = (await criar(tx as unknown as Db, nfeVirtualResource, ctx, input)) as { uid: string };
  return { situacao: 'ok' as const, registroUid: criada.uid, mensagem: `${nome} de ${reais(n.valorTotal)} criada como NF-e virtual.` };
}

/** One item, inside the task item's transaction (`quem`: the task's user, for the rules that read a context). */
export async function processarItemEdi(tx: Tx, embarcadorUid: string, tarefaUid: string | null, ref: RefItemEdi, quem?: { usuarioUid: string | null }) {
  const tarefa = { uid: tarefaUid ?? '', embarcadorUid, usuarioUid: quem?.usuarioUid ?? null };
  // Inside the item's transaction (PGlite has one connection: a query on app.db here would wait forever).
  const db = tx as unknown as Db;
  switch (ref.tipo) {
    case 'erro':
      throw AppError.field(ref.erro.campo ?? 'linha', `${linhaCampoEdi(ref.erro)}: ${ref.erro.mensagem}`);
    case 'ocorrencia':
      return registrarOcorrenciaEdi(tx, embarcadorUid, ref.ocorrencia, { tarefaUid });
    case 'conemb':
      return aplicarConemb(tx, { embarcadorUid, usuarioUid: tarefa.usuarioUid }, ref.conhecimento);
    case 'doccob':
      return aplicarDoccob(tx, db, tarefa, ref.cobranca);
    default:
      return aplicarNotfis(tx, db, tarefa, ref.nota);
  }
}
