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
    // Parsed in the worker pool: a large file's CPU never blocks the API's thread.
    return itensDoArquivo(dados, tarefa.parametros.layout);
  },
  // An OCOREN's events in bulk (ocorrencias/eventos-edi.ts); other layouts apply record by record.
  async processarGrupo(tx, tarefa, lista) {
    const refs = lista.map(({ item }) => item.ref as RefItemEdi);
    // Other records (or a group mixing them) go item by item: an empty answer leaves every item to `processar`.
    if (!refs.every((r) => r.tipo === 'ocorrencia')) return new Map();
    const ocorrencias = refs.map((r) => (r as Extract<RefItemEdi, { tipo: 'ocorrencia' }>).ocorrencia);
    const resultados = await registrarOcorrenciasEdi(tx, tarefa.embarcadorUid, ocorrencias, { tarefaUid: tarefa.uid });
    return new Map(lista.map(({ item }, k) => [item.uid, resultados[k]]));
  },
  processar: (tx, tarefa, item) =>
    processarItemEdi(tx, tarefa.embarcadorUid, tarefa.uid, item.ref as RefItemEdi, { usuarioUid: tarefa.usuarioUid }),
  arquivos: (p) => [p.arquivo.chave],
});
