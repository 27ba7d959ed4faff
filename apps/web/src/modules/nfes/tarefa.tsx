import { MSG, TAREFA_STATUS as ST, type Tarefa } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEffect, useRef } from 'react';
import { ApiError, type ApiReply, apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { ProgressoTarefa } from '../fila-tarefas/resource.tsx';
import { RelatorioTarefa } from '../fila-tarefas/RelatorioTarefa.tsx';

// A background task (import, export) followed from the dialog that started it: the status polled
// from fila-tarefas/{uid} while it runs, the progress bar and the per-item report of the queue screen.

export const tarefaEmAndamento = (t: Pick<Tarefa, 'status'> | undefined) => !t || t.status === ST.PENDENTE || t.status === ST.PROCESSANDO;

export function useTarefa(uid: string | null, aoTerminar?: (t: Tarefa) => void) {
  const q = useQuery({
    queryKey: queryKeys.resource('fila-tarefas').detail(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<Tarefa>(`/fila-tarefas/${uid}`, undefined, signal)).data,
    enabled: !!uid,
    refetchInterval: (query) => (tarefaEmAndamento(query.state.data) ? 1000 : false),
  });
  // Once per task: the lists that show what it saved are refreshed by the caller.
  const avisado = useRef<string | null>(null);
  useEffect(() => {
    if (q.data && uid && !tarefaEmAndamento(q.data) && avisado.current !== uid) {
      avisado.current = uid;
      aoTerminar?.(q.data);
    }
  }, [q.data, uid, aoTerminar]);
  return q;
}

/** Multipart upload to /api/importar/… (outside /api/v1): many parts named `file`, same envelope. */
export async function enviarArquivos(url: string, arquivos: File[]): Promise<ApiReply<{ uid: string }>> {
  const form = new FormData();
  for (const f of arquivos) form.append('file', f, f.name);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError('Falha de rede. Verifique sua conexão e tente novamente.', 0);
  }
  const json = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: { uid: string }; errors?: [] } | null;
  if (res.ok && json?.success !== false && json?.data) return { data: json.data, message: json.message ?? MSG.sucesso };
  throw new ApiError(json?.message || MSG.erroProcessar, res.status, json?.errors ?? []);
}

/** Progress, summary and report of one task; `extra` after the end (e.g. a download link). */
/** The `extra` of an export's AcompanharTarefa: the file the finished task produced. */
export const baixarArquivoDaTarefa = (t: Tarefa) =>
  t.arquivo ? (
    <Button type="primary" icon={<CloudDownloadOutlined />} href={t.arquivo.url} target="_blank" rel="noopener">
      Baixar {t.arquivo.nome}
    </Button>
  ) : null;

export function AcompanharTarefa({ uid, aoTerminar, extra }: { uid: string; aoTerminar?: (t: Tarefa) => void; extra?: (t: Tarefa) => ReactNode }) {
  const tarefa = useTarefa(uid, aoTerminar);
  const t = tarefa.data;
  if (tarefa.isError) return <Alert type="error" showIcon title="Não foi possível acompanhar a tarefa." description={tarefa.error.message} />;
  const andamento = tarefaEmAndamento(t);
  const tipo = !t ? 'info' : t.status === ST.CONCLUIDA ? 'success' : t.status === ST.CONCLUIDA_COM_ERROS ? 'warning' : t.status === ST.ERRO ? 'error' : 'info';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="acompanhar-tarefa">
      {t && <ProgressoTarefa tarefa={t} />}
      {t && !andamento && (
        <Alert
          type={tipo}
          showIcon
          data-testid="tarefa-concluida"
          title={t.status === ST.CONCLUIDA ? 'Concluída' : t.status === ST.CONCLUIDA_COM_ERROS ? 'Concluída com erros' : t.status === ST.CANCELADA ? 'Cancelada' : 'Erro'}
          description={t.mensagem ?? undefined}
        />
      )}
      {t && !andamento && extra?.(t)}
      {andamento && (
        <Typography.Text type="secondary">
          Você pode fechar esta janela: a tarefa continua na <Link to="/fila-tarefas">fila de tarefas</Link>.
        </Typography.Text>
      )}
      <RelatorioTarefa uid={uid} emAndamento={andamento} />
    </Space>
  );
}

/** Refreshes the lists of the given resources (after a task saved documents). */
export function useInvalidar() {
  const qc = useQueryClient();
  return (keys: string[]) => {
    for (const k of keys) void qc.invalidateQueries({ queryKey: queryKeys.resource(k).all });
  };
}
