import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MODALIDADES_FRETE, type Nfe, exportNfesInput, tarefaCriada } from '@fretio/core';
import { documentosXml } from '../../db/schema/index.ts';
import { listar } from '../../framework/crud.ts';
import { ok } from '../../framework/schemas.ts';
import { AppError, criarTarefa, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { nfesResource } from './resource.ts';

// POST documentos/export-nfes: the notes the list's filters select, as XLSX (and, optionally, a ZIP
// with the XLSX and every note's original XML), built by a queued task and offered for download at
// GET /api/download/tarefa/{uid}.

const MAX_LINHAS = 100_000;
const PAGINA = 1_000;

type Parametros = { filtros: Record<string, string>; incluirXml: boolean; tipoUsuario: number; transportadorUid: string | null };

const contexto = (t: { embarcadorUid: string; usuarioUid: string | null; parametros: Parametros }) =>
  ({ usuarioUid: t.usuarioUid ?? '', embarcadorUid: t.embarcadorUid, tipoUsuario: t.parametros.tipoUsuario, transportadorUid: t.parametros.transportadorUid, permissoes: {}, login: '', nome: '', via: 'sessao' }) as RequestContext;

/** modFrete by its label ("Por conta do emitente (CIF)"); an unknown code stays a number. */
const modalidade = (v: number | null) => (v === null ? null : (MODALIDADES_FRETE.find((m) => m.value === v)?.label ?? v));

const COLUNAS: [string, (n: Nfe) => unknown, number][] = [
  ['Chave', (n) => n.chave, 46], ['Número', (n) => n.numero, 10], ['Série', (n) => n.serie, 6], ['Emissão', (n) => n.emissao, 26],
  ['Emitente CNPJ/CPF', (n) => n.emitente.documento, 18], ['Emitente', (n) => n.emitente.nome, 35], ['UF emitente', (n) => n.emitente.uf, 6],
  ['Destinatário CNPJ/CPF', (n) => n.destinatario?.documento, 18], ['Destinatário', (n) => n.destinatario?.nome, 35], ['UF destino', (n) => n.destinatario?.uf, 6],
  ['Município destino (IBGE)', (n) => n.destinatario?.municipioIbge, 10], ['Valor total', (n) => n.valorTotal, 14], ['Valor produtos', (n) => n.valorProdutos, 14],
  ['Valor frete', (n) => n.valorFrete, 12], ['Peso bruto', (n) => n.pesoBruto, 12], ['Peso líquido', (n) => n.pesoLiquido, 12], ['Volumes', (n) => n.volumes, 8],
  ['Modalidade do frete', (n) => modalidade(n.modalidadeFrete), 30], ['Transportador', (n) => n.transportador?.nome, 30], ['Protocolo', (n) => n.protocolo, 18],
  ['Cancelada', (n) => (n.cancelada ? 'Sim' : 'Não'), 9], ['Chave válida', (n) => (n.chaveValida ? 'Sim' : 'Não'), 9], ['Assinatura válida', (n) => (n.assinaturaValida ? 'Sim' : 'Não'), 9],
];

export const exportarNfes = defineTipoTarefa<Parametros>({
  tipo: 'exportar-nfes',
  nome: 'Exportação de NF-e',
  recurso: 'nfes',
  processar: async () => ({ situacao: 'ok' }),
  async concluir(db, tarefa) {
    const ctx = contexto(tarefa);
    const notas: Nfe[] = [];
    for (let pc = 1; notas.length < MAX_LINHAS; pc++) {
      const { data } = await listar(db, nfesResource, ctx, { ...tarefa.parametros.filtros, pc, pps: PAGINA });
      notas.push(...(data as Nfe[]));
      if (data.length < PAGINA) break;
    }
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('NF-e');
    ws.columns = COLUNAS.map(([header, , width]) => ({ header, width }));
    for (const n of notas) ws.addRow(COLUNAS.map(([, f]) => f(n) ?? null));
    ws.getRow(1).font = { bold: true };
    const xlsx: Buffer = Buffer.from(await wb.xlsx.writeBuffer());
    let dados: Buffer = xlsx;
    let nome = 'nfes.xlsx';
    let tipoConteudo = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (tarefa.parametros.incluirXml) {
      const zip = new JSZip();
      zip.file('nfes.xlsx', xlsx);
      const uids = notas.map((n) => n.uid);
      for (let i = 0; i < uids.length; i += PAGINA) {
        const xmls = await db.select({ uid: documentosXml.documentoUid, conteudo: documentosXml.conteudo }).from(documentosXml).where(inArray(documentosXml.documentoUid, uids.slice(i, i + PAGINA)));
        const chaves = new Map(notas.map((n) => [n.uid, n.chave ?? n.uid]));
        for (const x of xmls) zip.file(`xml/${chaves.get(x.uid)}-nfe.xml`, gunzipSync(x.conteudo));
      }
      dados = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      nome = 'nfes.zip';
      tipoConteudo = 'application/zip';
    }
    const chave = `exportacoes/${tarefa.embarcadorUid}/${randomUUID()}-${nome}`;
    await tarefa.storage.put(chave, dados);
    const limite = notas.length >= MAX_LINHAS ? ` Limitado a ${MAX_LINHAS.toLocaleString('pt-BR')} notas: refine os filtros.` : '';
    return { arquivo: { chave, nome, tipoConteudo, tamanho: dados.length }, mensagem: `${notas.length} NF-e exportada(s).${limite}` };
  },
});

export function rotaExportacao(app: FastifyInstance, tags: string[]) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/documentos/export-nfes', {
    config: { permission: ['nfes', 'ler'] },
    schema: {
      tags,
      summary: 'Exporta as NF-e filtradas para XLSX (e, opcionalmente, um ZIP com os XML) numa tarefa',
      description: 'filtros: os parâmetros da lista (ftr_*, dataInicioFiltro, dataFimFiltro, semCte, par). Responde data.uid da tarefa; o arquivo sai em GET /api/download/tarefa/{uid}.',
      body: exportNfesInput,
      response: ok(tarefaCriada),
    },
  }, async (req) => {
    if (!req.ctx) throw AppError.unauthenticated();
    // Paging is the task's own; sorting and every filter are the list's.
    const filtros = Object.fromEntries(Object.entries(req.body.filtros).filter(([k]) => k !== 'pc' && k !== 'pps'));
    // A bad filter answers 400 now, not as a failed task later.
    await listar(app.db, nfesResource, req.ctx, { ...filtros, pc: 1, pps: 1 });
    const uid = await criarTarefa(app.db, req.ctx, exportarNfes, { filtros, incluirXml: req.body.incluirXml, tipoUsuario: req.ctx.tipoUsuario, transportadorUid: req.ctx.transportadorUid }, [{ nome: 'Exportação de NF-e' }]);
    return { success: true, message: 'Exportação iniciada.', data: { uid } };
  });
}
