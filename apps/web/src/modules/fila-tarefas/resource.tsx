import { CloudDownloadOutlined, RedoOutlined, StopOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { TAREFA_STATUS as ST, type Tarefa } from '@fretio/core';
import { Progress, Typography } from 'antd';
import { apiGet } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const RelatorioTarefa = sobDemanda(() => import('./RelatorioTarefa.tsx'), 'RelatorioTarefa');

// The task queue of the active shipper: imports and exports running in the background, with live
// progress, the per-item report (expand a row), cancel, re-run the failed items and the generated file.
type Linha = Tarefa & Record<string, unknown>;
const emAndamento = (r: Linha) => r.status === ST.PENDENTE || r.status === ST.PROCESSANDO;

export function ProgressoTarefa({ tarefa }: { tarefa: Pick<Tarefa, 'status' | 'total' | 'processados' | 'erros'> }) {
  const pct = tarefa.total ? Math.floor((tarefa.processados / tarefa.total) * 100) : tarefa.status >= ST.CONCLUIDA ? 100 : 0;
  const status = tarefa.status === ST.ERRO ? 'exception' : tarefa.status === ST.PROCESSANDO || tarefa.status === ST.PENDENTE ? 'active' : tarefa.erros ? 'normal' : 'success';
  return (
    <div style={{ minWidth: 160 }}>
      <Progress percent={pct} size="small" status={status} aria-label={`Progresso: ${pct}%`} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {tarefa.total ? `${tarefa.processados.toLocaleString('pt-BR')} de ${tarefa.total.toLocaleString('pt-BR')}` : 'Preparando…'}
        {tarefa.erros ? ` · ${tarefa.erros.toLocaleString('pt-BR')} com erro` : ''}
      </Typography.Text>
    </div>
  );
}

export const filaTarefas = defineResource<Linha>({
  key: 'fila-tarefas',
  path: '/fila-tarefas',
  label: 'Fila de tarefas',
  singular: 'Tarefa',
  description: 'Importações e exportações em segundo plano. Expanda uma linha para ver o resultado de cada arquivo ou linha.',
  group: 'Administração',
  icon: <UnorderedListOutlined />,
  recurso: 'fila-tarefas',
  api: '/fila-tarefas',
  operations: ['excluir'],
  detail: false,
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  atualizarACada: (rows) => (rows.some(emAndamento) ? 1500 : false),
  columns: [
    { field: 'criadoEm', title: 'Criada em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    { field: 'tipoNome', title: 'Tarefa' },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'tarefa', sortable: true, filter: 'select', width: 170 },
    { field: 'processados', title: 'Progresso', width: 200, render: (_v, r) => <ProgressoTarefa tarefa={r} /> },
    { field: 'usuarioNome', title: 'Solicitada por', render: (v) => (v ? String(v) : <Typography.Text type="secondary">Sistema</Typography.Text>) },
    { field: 'mensagem', title: 'Resumo', render: (v) => (v ? String(v) : '—') },
  ],
  fields: [],
  rowActions: [
    {
      key: 'baixar',
      label: 'Baixar arquivo',
      icon: <CloudDownloadOutlined />,
      acao: 'ler',
      show: (r) => !!r.arquivo,
      run: async (r) => {
        window.open(r.arquivo?.url, '_blank', 'noopener');
        return { data: null, message: 'Download iniciado.' };
      },
    },
    {
      key: 'cancelar',
      label: 'Cancelar',
      icon: <StopOutlined />,
      danger: true,
      show: (r) => emAndamento(r) && !r.cancelamentoSolicitado,
      confirm: () => 'Cancelar a tarefa? O que já foi processado continua salvo.',
      run: (r, { base }) => apiGet(`${base}/${r.uid}/cancelar`),
    },
    {
      key: 'reprocessar',
      label: 'Reprocessar erros',
      icon: <RedoOutlined />,
      show: (r) => r.status === ST.CONCLUIDA_COM_ERROS || r.status === ST.ERRO || r.status === ST.CANCELADA,
      confirm: (r) => (r.status === ST.CANCELADA ? 'Processar os itens que a tarefa não chegou a processar?' : 'Processar de novo só os itens com erro?'),
      run: (r, { base }) => apiGet(`${base}/${r.uid}/reprocessar`),
    },
  ],
  deleteAction: {
    label: 'Excluir',
    show: (r) => !emAndamento(r),
    confirm: () => 'Excluir a tarefa e o seu relatório?',
    sucesso: 'Tarefa excluída.',
  },
  expandable: (r) => <RelatorioTarefa uid={r.uid} emAndamento={emAndamento(r)} />,
});
