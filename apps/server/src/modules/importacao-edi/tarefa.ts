import { buffer } from 'node:stream/consumers';
import { defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { registrarOcorrenciasEdi } from '../ocorrencias/eventos-edi.ts';
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
  // Up to 500 records (events, CTs, notes, charges) per transaction, each reported alone.
  itensPorTransacao: 500,
  async preparar(_db, tarefa) {
    const dados = await buffer(tarefa.storage.get(tarefa.parametros.arquivo.chave));
    return itensDoArquivo(dados, tarefa.parametros.layout);
  },
  // An OCOREN's events in bulk (ocorrencias/eventos-edi.ts); other layouts apply record by record.
  async processarGrupo(tx, tarefa, itens) {
    const refs = itens.map((i) => i.ref as RefItemEdi);
    if (!refs.every((r) => r.tipo === 'ocorrencia')) return null;
    return registrarOcorrenciasEdi(tx, tarefa.embarcadorUid, refs.map((r) => (r as Extract<RefItemEdi, { tipo: 'ocorrencia' }>).ocorrencia), { tarefaUid: tarefa.uid });
  },
  processar: (tx, tarefa, item) =>
    processarItemEdi(tx, tarefa.embarcadorUid, tarefa.uid, item.ref as RefItemEdi, { usuarioUid: tarefa.usuarioUid }),
  arquivos: (p) => [p.arquivo.chave],
});
