import { buffer } from 'node:stream/consumers';
import { defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { type LayoutImportacao, type RefItemEdi, itensDoArquivo, processarItemEdi } from './service.ts';

export type ParametrosImportacaoEdi = { layout: LayoutImportacao; arquivo: { chave: string; nome: string } };

/**
 * `importar-edi`: one PROCEDA file saved to storage by the route. Items are its records (an occurrence, a
 * CT, a charge, an NF), or its errors when the file is malformed (then nothing of it is applied).
 */
export const importarEdi = defineTipoTarefa<ParametrosImportacaoEdi>({
  tipo: 'importar-edi',
  nome: 'Importação EDI PROCEDA',
  recurso: 'importacao-edi',
  // Up to 500 records (events, CTs, notes, charges) per transaction, each in its own savepoint and reported alone.
  itensPorTransacao: 500,
  async preparar(_db, tarefa) {
    const dados = await buffer(tarefa.storage.get(tarefa.parametros.arquivo.chave));
    return itensDoArquivo(dados, tarefa.parametros.layout);
  },
  processar: (tx, tarefa, item) =>
    processarItemEdi(tx, tarefa.embarcadorUid, tarefa.uid, item.ref as RefItemEdi, { usuarioUid: tarefa.usuarioUid }),
  arquivos: (p) => [p.arquivo.chave],
});
