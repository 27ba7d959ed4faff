import { type ParametrosImportacao, type RefDocumento, arquivosDaImportacao, itensDaImportacao, lerItemFiscal } from '../../framework/importacao/documentos-fiscais.ts';
import { AppError, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { ITENS_POR_TRANSACAO } from '../nfes/tarefas.ts';
import { cacheDaTarefa } from '../nfes/vinculos.ts';
import { salvarCtesDoGrupo } from './lote.ts';
import { aplicarEventoCte, salvarCte } from './service.ts';

// The CT-e import as a queued task (same pipeline as the NF-e's: framework/importacao/documentos-fiscais.ts).

export const importarCte = defineTipoTarefa<ParametrosImportacao>({
  tipo: 'importar-cte',
  nome: 'Importação de CT-e',
  recurso: 'ctes',
  preparar: (_db, tarefa) => itensDaImportacao(tarefa.storage, tarefa.parametros),
  // Reading and parsing (worker pool) happen before the group's transaction opens (the next group's while
  // this one is saved); each document in its own savepoint, ITENS_POR_TRANSACAO per transaction.
  itensPorTransacao: ITENS_POR_TRANSACAO,
  buscar: (_db, tarefa, item) => lerItemFiscal(tarefa.storage, item.ref as RefDocumento, 'cte'),
  // New CT-es of a group in a bounded number of statements (lote.ts); the rare cases fall back to `processar`.
  processarGrupo: (tx, tarefa, itens) => salvarCtesDoGrupo(tx, { embarcadorUid: tarefa.embarcadorUid, usuarioUid: tarefa.usuarioUid }, itens, cacheDaTarefa(tarefa)),
  async processar(tx, tarefa, item, buscado) {
    const { doc, assinaturaValida, xml, xmlGz } = buscado as Awaited<ReturnType<typeof lerItemFiscal>>;
    const quem = { embarcadorUid: tarefa.embarcadorUid, usuarioUid: tarefa.usuarioUid };
    if (doc.tipo === 'evento') return aplicarEventoCte(tx, quem, doc);
    if (doc.tipo !== 'cte') throw AppError.field('file', 'o arquivo não é um CT-e');
    return salvarCte(tx, quem, { lida: doc, assinaturaValida, xml, xmlGz, nome: item.nome }, cacheDaTarefa(tarefa));
  },
  arquivos: arquivosDaImportacao,
});
