import { type ParametrosImportacao, type RefDocumento, arquivosDaImportacao, itensDaImportacao, lerItemFiscal } from '../../framework/importacao/documentos-fiscais.ts';
import { AppError, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { cacheDaTarefa } from './vinculos.ts';
import { salvarNfesDoGrupo } from './lote.ts';
import { aplicarEventoNfe, salvarNfe } from './service.ts';

// The NF-e import as a queued task: one item per XML (ZIP entries read one by one), parsed in the worker
// pool and saved ITENS_POR_TRANSACAO per transaction, set-based (lote.ts); a bad file is an item error,
// never the others' problem.

/** Documents saved per transaction (each in its own savepoint: a bad one fails alone). */
export const ITENS_POR_TRANSACAO = 25;

export const importarNfe = defineTipoTarefa<ParametrosImportacao>({
  tipo: 'importar-nfe',
  nome: 'Importação de NF-e',
  recurso: 'nfes',
  preparar: (_db, tarefa) => itensDaImportacao(tarefa.storage, tarefa.parametros),
  // Reading and parsing (worker pool) happen before the group's transaction opens (the next group's while
  // this one is saved); each document in its own savepoint, ITENS_POR_TRANSACAO per transaction.
  itensPorTransacao: ITENS_POR_TRANSACAO,
  buscar: (_db, tarefa, item) => lerItemFiscal(tarefa.storage, item.ref as RefDocumento, 'nfe'),
  // New notes of a group in a bounded number of statements (lote.ts); the rare cases fall back to `processar`.
  processarGrupo: (tx, tarefa, itens) => salvarNfesDoGrupo(tx, { embarcadorUid: tarefa.embarcadorUid, usuarioUid: tarefa.usuarioUid }, itens, cacheDaTarefa(tarefa)),
  async processar(tx, tarefa, item, buscado) {
    const { doc, assinaturaValida, xml, xmlGz } = buscado as Awaited<ReturnType<typeof lerItemFiscal>>;
    const quem = { embarcadorUid: tarefa.embarcadorUid, usuarioUid: tarefa.usuarioUid };
    if (doc.tipo === 'evento') return aplicarEventoNfe(tx, quem, doc, xml, item.nome);
    if (doc.tipo !== 'nfe') throw AppError.field('file', 'o arquivo não é uma NF-e');
    return salvarNfe(tx, quem, { lida: doc, assinaturaValida, xml, xmlGz, nome: item.nome }, cacheDaTarefa(tarefa));
  },
  arquivos: arquivosDaImportacao,
});
