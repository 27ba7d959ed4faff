import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { PARAMETRO_POR_CHAVE } from '@fretio/core';
import { arquivos, embarcadores, sefazDistribuicao, unidadesEmbarcador } from '../../db/schema/index.ts';
import { parametrosDoEmbarcador } from '../administracao/repository.ts';
import type { Db } from '../../db/client.ts';
import { AppError, type ItemEmExecucao, type ResultadoItem, type TarefaEmExecucao, acrescentarItens, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { lerItemFiscal, lerTudo } from '../../framework/importacao/documentos-fiscais.ts';
import { salvarCtesDoGrupo } from '../ctes/lote.ts';
import { importarCte } from '../ctes/tarefas.ts';
import { salvarNfesDoGrupo } from '../nfes/lote.ts';
import { ITENS_POR_TRANSACAO, importarNfe } from '../nfes/tarefas.ts';
import { cacheDaTarefa } from '../nfes/vinculos.ts';
import { registrarChamada } from '../historico-webservice/service.ts';
import { decifrarSenha, lerPfx } from './certificado-a1.ts';
import { chamarSoap } from './cliente.ts';
import { type Ambiente, CSTAT, type RespostaDistribuicao, SERVICOS, type Servico, lerResposta, montarPedido, tipoDoDocumento } from './soap.ts';
import { guardarResumo } from './resumos.ts';

// The SEFAZ capture of one shipper as a queued task. Items: one "consulta" per service and interested
// CNPJ (one web-service call each); a call that brings documents saves them to storage and appends one
// item per document, plus the next consulta while the NSU has not reached the maximum — all in the same
// transaction that advances the NSU, so a crash never skips nor repeats a document. Full documents go
// through the NF-e/CT-e import pipeline, ITENS_POR_TRANSACAO per transaction and set-based like an uploaded
// ZIP (a call brings up to 50); summaries (resNFe), events and consultas run one by one in their savepoints.

export type RefConsulta = { tipo: 'consulta'; servico: Servico; cnpj: string };
export type RefDocumentoSefaz = { tipo: 'documento'; servico: Servico; cnpj: string; nsu: string; schema: string; chave: string };
type Ref = RefConsulta | RefDocumentoSefaz;

/** The service's rule after 137 (nothing new) or 656 (consumption limit): one hour. */
export const ESPERA_MS = 60 * 60 * 1000;

type Buscado = { pular: string } | { resposta: RespostaDistribuicao } | { falha: string };

export const capturarSefaz = defineTipoTarefa<{ servicos?: Servico[] }>({
  tipo: 'capturar-sefaz',
  nome: 'Captura de documentos na SEFAZ',
  recurso: 'nfes',
  async buscar(db, tarefa, item) {
    const ref = item.ref as Ref;
    if (ref.tipo === 'consulta') return consultar(db, tarefa, ref);
    // A full document or event is read and parsed (worker pool) as an uploaded XML would be.
    if (ehDoPipeline(ref)) return lerItemFiscal(tarefa.storage, { chave: ref.chave }, ref.servico);
    return undefined;
  },
  itensPorTransacao: ITENS_POR_TRANSACAO,
  processarGrupo: salvarDocumentosDoGrupo,
  async processar(tx, tarefa, item, buscado) {
    const ref = item.ref as Ref;
    if (ref.tipo === 'documento') return processarDocumento(tx, tarefa, item, ref, buscado);
    return registrarConsulta(tx, tarefa, ref, buscado as Buscado);
  },
});

/** The consulta items of a new capture: one per service and per CNPJ of the shipper and its units. */
export async function itensDaCaptura(db: Db, embarcadorUid: string, servicos: Servico[] = ['nfe', 'cte']) {
  const [e] = await db.select({ cnpj: embarcadores.cnpj }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
  const unidades = await db.select({ doc: unidadesEmbarcador.documento }).from(unidadesEmbarcador)
    .where(and(eq(unidadesEmbarcador.embarcadorUid, embarcadorUid), eq(unidadesEmbarcador.ativo, true)));
  const cnpjs = [...new Set([e?.cnpj, ...unidades.map((u) => u.doc)].filter((d): d is string => !!d && d.length === 14))];
  return servicos.flatMap((servico) => cnpjs.map((cnpj) => ({ nome: `${SERVICOS[servico].nome} — CNPJ ${cnpj}`, ref: { tipo: 'consulta', servico, cnpj } satisfies RefConsulta })));
}

/** The shipper's value of a system parameter, or the catalogue's default (packages/core PARAMETROS_SISTEMA). */
async function parametro<T>(db: Db, embarcadorUid: string, chave: string): Promise<T> {
  const p = (await parametrosDoEmbarcador(db, embarcadorUid)).find((x) => x.chave === chave);
  return (p?.valor ?? PARAMETRO_POR_CHAVE.get(chave)?.padrao) as T;
}

async function estado(db: Db | Tx, embarcadorUid: string, servico: Servico, cnpj: string) {
  const [s] = await db.select().from(sefazDistribuicao)
    .where(and(eq(sefazDistribuicao.embarcadorUid, embarcadorUid), eq(sefazDistribuicao.servico, servico), eq(sefazDistribuicao.cnpj, cnpj)));
  return s;
}

async function consultar(db: Db, tarefa: TarefaEmExecucao, ref: RefConsulta): Promise<Buscado> {
  const s = await estado(db, tarefa.embarcadorUid, ref.servico, ref.cnpj);
  if (s?.proximaConsultaEm && Date.parse(s.proximaConsultaEm) > Date.now()) {
    return { pular: `A SEFAZ pede uma hora entre consultas sem documentos novos: próxima consulta após ${horaSp(s.proximaConsultaEm)}.` };
  }
  const [e] = await db.select({ arquivo: embarcadores.certificadoArquivoUid, senha: embarcadores.certificadoSenhaCifrada, municipio: embarcadores.municipioIbge, uf: embarcadores.uf })
    .from(embarcadores).where(eq(embarcadores.uid, tarefa.embarcadorUid));
  if (!e?.arquivo || !e.senha) throw AppError.field('certificado', 'O embarcador não tem certificado digital A1: envie-o em Meu embarcador.');
  const [a] = await db.select({ chave: arquivos.chave }).from(arquivos).where(eq(arquivos.uid, e.arquivo));
  if (!a) throw AppError.field('certificado', 'O arquivo do certificado digital não foi encontrado: envie-o de novo.');
  const id = lerPfx(await lerTudo(tarefa.app.storage.get(a.chave)), decifrarSenha(tarefa.app.config.authSecret, e.senha));
  if (id.validoAte.getTime() < Date.now()) throw AppError.field('certificado', 'O certificado digital venceu: envie um novo.');
  const ambiente = await parametro<Ambiente>(db, tarefa.embarcadorUid, 'sefazAmbiente');
  const cUFAutor = e.municipio?.slice(0, 2) || '35';
  const url = tarefa.app.config.sefaz.urls[ref.servico][ambiente];
  const envelope = montarPedido(ref.servico, { ambiente, cUFAutor, cnpj: ref.cnpj, ultNSU: s?.ultimoNsu ?? '0' });
  const ca = tarefa.app.config.sefaz.caFile ? readFileSync(tarefa.app.config.sefaz.caFile, 'utf8') : undefined;
  const base = { embarcadorUid: tarefa.embarcadorUid, servico: SERVICOS[ref.servico].nome, ambiente, url, requisicao: envelope };
  try {
    const r = await chamarSoap(url, envelope, id, { ca, acao: `${SERVICOS[ref.servico].wsdl}/${SERVICOS[ref.servico].metodo}` });
    let resposta: RespostaDistribuicao | undefined;
    let falha: string | undefined;
    try {
      resposta = lerResposta(r.corpo);
    } catch (err) {
      falha = `Resposta inesperada da SEFAZ (HTTP ${r.status}): ${(err as Error).message}`;
    }
    await registrarChamada(db, { ...base, cStat: resposta?.cStat, xMotivo: resposta?.xMotivo ?? falha, sucesso: !!resposta, duracaoMs: r.duracaoMs, resposta: r.corpo });
    return resposta ? { resposta } : { falha: falha as string };
  } catch (err) {
    const motivo = `Falha ao chamar a SEFAZ: ${(err as Error).message}`;
    await registrarChamada(db, { ...base, sucesso: false, duracaoMs: 0, xMotivo: motivo });
    return { falha: motivo };
  }
}

async function registrarConsulta(tx: Tx, tarefa: TarefaEmExecucao, ref: RefConsulta, b: Buscado) {
  if ('pular' in b) return { situacao: 'ignorado' as const, mensagem: b.pular };
  if ('falha' in b) throw new AppError('VALIDATION', b.falha);
  const r = b.resposta;
  const maisTarde = new Date(Date.now() + ESPERA_MS).toISOString();
  const gravar = (valores: Partial<typeof sefazDistribuicao.$inferInsert>) =>
    tx.insert(sefazDistribuicao)
      .values({ embarcadorUid: tarefa.embarcadorUid, servico: ref.servico, cnpj: ref.cnpj, ultimoCStat: r.cStat, ultimoMotivo: r.xMotivo, ...valores })
      .onConflictDoUpdate({
        target: [sefazDistribuicao.embarcadorUid, sefazDistribuicao.servico, sefazDistribuicao.cnpj],
        set: { ultimoCStat: r.cStat, ultimoMotivo: r.xMotivo, atualizadoEm: sql`now()`, ...valores },
      });
  if (r.cStat === CSTAT.NENHUM_DOCUMENTO) {
    await gravar({ ultimoNsu: r.ultNSU !== '000000000000000' ? r.ultNSU : undefined, maxNsu: r.maxNSU, proximaConsultaEm: maisTarde });
    return { situacao: 'ok' as const, mensagem: `Nenhum documento novo (cStat 137). Próxima consulta após ${horaSp(maisTarde)}.` };
  }
  if (r.cStat === CSTAT.CONSUMO_INDEVIDO) {
    await gravar({ ...(r.ultNSU !== '000000000000000' ? { ultimoNsu: r.ultNSU } : {}), proximaConsultaEm: maisTarde });
    return { situacao: 'aviso' as const, mensagem: `A SEFAZ recusou por consumo indevido (cStat 656: ${r.xMotivo}). Consultas suspensas até ${horaSp(maisTarde)}.` };
  }
  if (r.cStat !== CSTAT.DOCUMENTOS_LOCALIZADOS) throw new AppError('VALIDATION', `SEFAZ respondeu cStat ${r.cStat}: ${r.xMotivo}`);
  const itens = [];
  for (const d of r.documentos) {
    const chave = `sefaz/${tarefa.embarcadorUid}/${ref.servico}/${ref.cnpj}/${d.nsu}.xml`;
    await tarefa.app.storage.put(chave, Buffer.from(d.xml, 'utf8'));
    itens.push({ nome: `NSU ${Number(d.nsu)} — ${d.schema}`, ref: { tipo: 'documento', servico: ref.servico, cnpj: ref.cnpj, nsu: d.nsu, schema: d.schema, chave } satisfies RefDocumentoSefaz });
  }
  const terminou = r.ultNSU >= r.maxNSU;
  if (!terminou) itens.push({ nome: `${SERVICOS[ref.servico].nome} — CNPJ ${ref.cnpj} (após NSU ${Number(r.ultNSU)})`, ref });
  await acrescentarItens(tx, tarefa.uid, itens);
  await gravar({ ultimoNsu: r.ultNSU, maxNsu: r.maxNSU, proximaConsultaEm: terminou ? maisTarde : null });
  return { situacao: 'ok' as const, mensagem: `${r.documentos.length} documento(s) recebido(s) até o NSU ${Number(r.ultNSU)} de ${Number(r.maxNSU)}.` };
}

const ehDoPipeline = (ref: RefDocumentoSefaz) => ['completo', 'evento'].includes(tipoDoDocumento(ref.schema));

/** The group's full NF-es and CT-es through the import's set-based saving; what it leaves out runs one by one. */
async function salvarDocumentosDoGrupo(tx: Tx, tarefa: TarefaEmExecucao, itens: { item: ItemEmExecucao; buscado: unknown }[]) {
  const out = new Map<string, ResultadoItem | Error>();
  const quem = { embarcadorUid: tarefa.embarcadorUid, usuarioUid: tarefa.usuarioUid };
  for (const servico of ['nfe', 'cte'] as const) {
    const docs = itens
      .filter(({ item }) => {
        const ref = item.ref as Ref;
        return ref.tipo === 'documento' && ref.servico === servico && ehDoPipeline(ref);
      })
      .map(({ item, buscado }) => ({ item: { ...item, ref: { chave: (item.ref as RefDocumentoSefaz).chave } }, buscado }));
    if (!docs.length) continue;
    const salvar = servico === 'nfe' ? salvarNfesDoGrupo : salvarCtesDoGrupo;
    for (const [uid, r] of await salvar(tx, quem, docs, cacheDaTarefa(tarefa))) out.set(uid, r);
  }
  return out;
}

async function processarDocumento(tx: Tx, tarefa: TarefaEmExecucao, item: ItemEmExecucao, ref: RefDocumentoSefaz, lido: unknown) {
  if (ehDoPipeline(ref)) {
    // The same pipeline as an uploaded XML: checks, links, duplicates ("já importada"), events.
    const pipeline = ref.servico === 'nfe' ? importarNfe : importarCte;
    return pipeline.processar(tx, tarefa as never, { ...item, ref: { chave: ref.chave } }, lido);
  }
  const xml = (await lerTudo(tarefa.app.storage.get(ref.chave))).toString('utf8');
  return guardarResumo(tx, tarefa.embarcadorUid, ref, xml);
}

const horaSp = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
