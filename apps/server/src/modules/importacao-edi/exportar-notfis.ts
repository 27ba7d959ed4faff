import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FUSO, type NotaParaNotfis, escreverNotfis31, exportNotfisInput, tarefaCriada } from '@fretio/core';
import { embarcadores, nfes, transportadores } from '../../db/schema/index.ts';
import { listar } from '../../framework/crud.ts';
import { ok } from '../../framework/schemas.ts';
import { AppError, criarTarefa, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { ehTransportador } from '../nfes/escopo.ts';
import { nfesResource } from '../nfes/resource.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';

// POST documentos/export-notfis: the chosen NF-es (uids, or the NF-e list's filters) as a NOTFIS 3.1 file
// for one carrier, written by a queued task and offered at GET /api/download/tarefa/{uid} (as export-nfes).

const MAX_NOTAS = 5000;
const PAGINA = 500;

type Parametros = { nfeUids: string[]; transportadorUid: string; versao: '3.1' };

const agora = () => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((x) => [x.type, x.value]),
  );
  return { data: `${p.year}-${p.month}-${p.day}`, hora: `${p.hour}:${p.minute}` };
};

export const exportarNotfis = defineTipoTarefa<Parametros>({
  tipo: 'exportar-notfis',
  nome: 'Exportação NOTFIS',
  recurso: 'nfes',
  processar: async () => ({ situacao: 'ok' }),
  async concluir(db, tarefa) {
    const p = tarefa.parametros;
    const [emb] = await db.select({ nome: embarcadores.nome }).from(embarcadores).where(eq(embarcadores.uid, tarefa.embarcadorUid));
    const [tr] = await db.select({ nome: transportadores.nome, cnpj: transportadores.cnpj }).from(transportadores).where(eq(transportadores.uid, p.transportadorUid));
    const notas: NotaParaNotfis[] = [];
    for (let i = 0; i < p.nfeUids.length; i += PAGINA) {
      const rows = await db.select().from(nfes).where(and(eq(nfes.embarcadorUid, tarefa.embarcadorUid), inArray(nfes.uid, p.nfeUids.slice(i, i + PAGINA))))
        .orderBy(nfes.emitenteDocumento, nfes.destinatarioDocumento, nfes.serie, nfes.numero);
      for (const n of rows) {
        notas.push({
          emitente: { documento: n.emitenteDocumento ?? '', nome: n.emitenteNome, uf: n.emitenteUf, cidade: n.emitenteMunicipio },
          destinatario: { documento: n.destinatarioDocumento ?? '', nome: n.destinatarioNome, uf: n.destinatarioUf, cidade: n.destinatarioMunicipio, municipioIbge: n.destinatarioMunicipioIbge },
          serie: n.serie, numero: n.numero, emissao: n.emissaoTexto.slice(0, 10), modalidadeFrete: n.modalidadeFrete,
          valorTotal: n.valorTotal ?? '0', pesoBruto: n.pesoBruto, volumes: n.volumes,
        });
      }
    }
    const { data, hora } = agora();
    const r = escreverNotfis31({ remetente: emb?.nome ?? '', destinatario: tr?.nome ?? '', data, hora }, notas);
    if (!r.ok) throw AppError.validation(r.erros.slice(0, 20).map((e) => ({ field: e.campo ?? 'linha', message: `Linha ${e.linha}: ${e.mensagem}` })), `NOTFIS não gerado: linha ${r.erros[0].linha}: ${r.erros[0].mensagem}`);
    const dados = Buffer.from(r.texto, 'latin1');
    const nome = `NOTFIS31_${tr?.cnpj ?? 'transportador'}_${data.replaceAll('-', '')}.txt`;
    const chave = `exportacoes/${tarefa.embarcadorUid}/${randomUUID()}-${nome}`;
    await tarefa.storage.put(chave, dados);
    return { arquivo: { chave, nome, tipoConteudo: 'text/plain; charset=iso-8859-1', tamanho: dados.length }, mensagem: `${notas.length} NF-e no NOTFIS ${p.versao} para ${tr?.nome ?? 'o transportador'}.` };
  },
});

export async function rotaExportarNotfis(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/documentos/export-notfis', {
    config: { permission: ['nfes', 'ler'] },
    schema: {
      tags: ['Importação EDI'],
      summary: 'Gera o NOTFIS 3.1 das NF-e escolhidas para um transportador, numa tarefa',
      description: 'nfeUids (ou filtros da lista de NF-e), transportadorUid (vinculado ao embarcador), versao 3.1. Responde data.uid da tarefa; o arquivo sai em GET /api/download/tarefa/{uid}.',
      body: exportNotfisInput,
      response: ok(tarefaCriada),
    },
  }, async (req) => {
    const ctx = req.ctx;
    if (!ctx) throw AppError.unauthenticated();
    const embarcadorUid = exigirEmbarcador(ctx);
    if (ehTransportador(ctx)) throw AppError.forbidden('Operação exclusiva do embarcador.');
    const { nfeUids, filtros, transportadorUid, versao } = req.body;
    if (!(await transportadorVinculado.existe(app.db, ctx, transportadorUid))) throw AppError.field('transportadorUid', transportadorVinculado.mensagem);
    let uids: string[];
    if (nfeUids) {
      uids = [...new Set(nfeUids)];
      if (!uids.length) throw AppError.field('nfeUids', 'Selecione ao menos uma NF-e.');
      const achadas = await app.db.select({ uid: nfes.uid }).from(nfes).where(and(eq(nfes.embarcadorUid, embarcadorUid), inArray(nfes.uid, uids)));
      if (achadas.length !== uids.length) throw AppError.notFound('NF-e não encontrada.');
    } else {
      uids = [];
      const f = Object.fromEntries(Object.entries(filtros ?? {}).filter(([k]) => k !== 'pc' && k !== 'pps'));
      for (let pc = 1; uids.length < MAX_NOTAS; pc++) {
        const { data } = await listar(app.db, nfesResource, ctx, { ...f, pc, pps: PAGINA });
        uids.push(...(data as { uid: string }[]).map((n) => n.uid));
        if (data.length < PAGINA) break;
      }
      uids = uids.slice(0, MAX_NOTAS);
    }
    if (!uids.length) throw AppError.field('nfeUids', 'Selecione ao menos uma NF-e (nenhuma nota atende aos filtros).');
    const uid = await criarTarefa(app.db, ctx, exportarNotfis, { nfeUids: uids, transportadorUid, versao }, [{ nome: `NOTFIS ${versao}: ${uids.length} NF-e` }]);
    return { success: true, message: 'Exportação iniciada.', data: { uid } };
  });
}
