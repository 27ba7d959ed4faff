import { type ParametrosImportacao, type RefDocumento, itensDaImportacao, lerItemFiscal } from '../../framework/importacao/documentos-fiscais.ts';
import { AppError, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { aplicarEventoCte, salvarCte } from './service.ts';

// The CT-e import as a queued task (same pipeline as the NF-e's: framework/importacao/documentos-fiscais.ts).

export const importarCte = defineTipoTarefa<ParametrosImportacao>({
  tipo: 'importar-cte',
  nome: 'Importação de CT-e',
  recurso: 'ctes',
  preparar: (_db, tarefa) => {
    if (!tarefa.storage) throw new AppError('INTERNAL', 'Armazenamento indisponível.');
    return itensDaImportacao(tarefa.storage, tarefa.parametros);
  },
  async processar(tx, tarefa, item) {
    const { doc, assinaturaValida, xml } = await lerItemFiscal(tarefa.storage, item.ref as RefDocumento, 'cte');
    const quem = { embarcadorUid: tarefa.embarcadorUid, usuarioUid: tarefa.usuarioUid };
    if (doc.tipo === 'evento') return aplicarEventoCte(tx, quem, doc);
    if (doc.tipo !== 'cte') throw AppError.field('file', 'o arquivo não é um CT-e');
    return salvarCte(tx, quem, { lida: doc, assinaturaValida, xml, nome: item.nome });
  },
  arquivos: (p) => p.arquivos.map((a) => a.chave),
});
