import type { Auditoria, ReferenciaAuditoria } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// The audit detail: the CT-e and our calculation side by side, line by line, with the difference and
// the tolerance that applied; a divergent or uncalculated audit can be accepted here with a reason.

type Linha = Auditoria['linhas'][number];
const COR: Record<string, string> = { OK: 'success', ABAIXO_ACEITO: 'cyan', INFO: 'default', ACIMA: 'error', ABAIXO: 'warning', DIVERGENTE: 'error' };
const ROTULO: Record<string, string> = { OK: 'OK', ABAIXO_ACEITO: 'Abaixo (aceito)', INFO: 'Informativo', ACIMA: 'Acima', ABAIXO: 'Abaixo', DIVERGENTE: 'Divergente' };
const FONTE: Record<string, string> = { SPOT: 'cotação spot aprovada', SIMULACAO: 'simulação selecionada no pedido', TABELA: 'tabela de frete do transportador' };
/** Where each source record opens: the quotation's carriers (the approved answer), the shipment's detail, the order in its list, the table's editor. */
const linkDa = (r: ReferenciaAuditoria) => ({
  COTACAO: `/cotacoesfrete/${r.uid}/transportadores`,
  EMBARQUE: `/embarque/${r.uid}/detalhe`,
  PEDIDO: r.numero ? `/documentos/pedidos?ftr_numero=${encodeURIComponent(r.numero)}` : '/documentos/pedidos',
  TABELA: `/tabelasfrete/${r.uid}`,
})[r.tipo];
const rotuloDa = (r: ReferenciaAuditoria) => ({
  COTACAO: `cotação nº ${r.numero ?? ''}`.trim(),
  EMBARQUE: `embarque nº ${r.numero ?? ''}`.trim(),
  PEDIDO: `pedido ${r.numero ?? ''}`.trim(),
  TABELA: r.numero ? `tabela "${r.numero}"` : 'abrir a tabela',
})[r.tipo];
const brl = (v: number | null) => (v === null ? '—' : v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }));
const ehValor = (l: Linha) => !['ICMS_ALIQUOTA', 'PESO', 'PESO_BASE'].includes(l.tipo);
const fmt = (l: Linha, v: number | null) =>
  v === null ? '—' : ehValor(l) ? brl(v) : l.tipo === 'PESO_BASE' ? `${v.toLocaleString('pt-BR')} kg` : v.toLocaleString('pt-BR');
/** Lines that are not a catalogue component, by their screen label (the carrier's declared base weight). */
const ITEM: Record<string, string> = { PESO_BASE: 'Peso base de cálculo' };

export function LinhasAuditoria({ auditoria }: { auditoria: Auditoria }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [mensagem, setMensagem] = useState('');
  const [enviando, setEnviando] = useState(false);
  const aceitavel = auditoria.status === 2 || auditoria.status === 3;
  async function aceitar() {
    setEnviando(true);
    try {
      await api(`/auditorias/${auditoria.uid}/aceitar-auditoria`, { method: 'PUT', body: { mensagem } });
      message.success('Auditoria aceita.');
      await qc.invalidateQueries({ queryKey: queryKeys.resource('auditorias').all });
    } catch (e) {
      message.error((e as Error).message || 'Erro ao processar registro.');
    } finally {
      setEnviando(false);
    }
  }
  return (
    <div data-testid="linhas-auditoria">
      <Typography.Paragraph>{auditoria.resumo}</Typography.Paragraph>
      {auditoria.fonte && (
        <Typography.Paragraph type="secondary" data-testid="fonte-auditoria">
          Fonte do calculado: {FONTE[auditoria.fonte] ?? auditoria.fonte}
          {(auditoria.referencias ?? []).map((r) => (
            <span key={`${r.tipo}-${r.uid}`}> — <Link to={linkDa(r)}>{rotuloDa(r)}</Link></span>
          ))}
        </Typography.Paragraph>
      )}
      <Table<Linha>
        size="small"
        pagination={false}
        rowKey={(l) => `${l.tipo}-${l.componente ?? ''}-${l.nomeCte ?? ''}-${l.mensagem}`}
        dataSource={auditoria.linhas}
        columns={[
          { title: 'Item', render: (_v, l) => ITEM[l.tipo] ?? l.componente ?? l.nomeCte ?? l.tipo.replace('_', ' ') },
          { title: 'No CT-e', render: (_v, l) => fmt(l, l.cobrado), align: 'right' },
          { title: 'Calculado', render: (_v, l) => fmt(l, l.esperado), align: 'right' },
          { title: 'Diferença', render: (_v, l) => fmt(l, l.diferenca), align: 'right' },
          { title: 'Situação', render: (_v, l) => <Tag color={COR[l.situacao]}>{ROTULO[l.situacao] ?? l.situacao}</Tag> },
          { title: 'Explicação', dataIndex: 'mensagem' },
        ]}
      />
      {auditoria.mensagem && <Alert style={{ marginTop: 8 }} type="info" title={`Motivo da aceitação: ${auditoria.mensagem}`} />}
      {aceitavel && (
        <Space.Compact style={{ marginTop: 8, width: '100%' }}>
          <Input aria-label="Motivo da aceitação" placeholder="Motivo para aceitar o valor cobrado" value={mensagem} maxLength={1000} onChange={(e) => setMensagem(e.target.value)} />
          <Button type="primary" disabled={!mensagem.trim()} loading={enviando} onClick={aceitar}>Aceitar valor cobrado</Button>
        </Space.Compact>
      )}
    </div>
  );
}
