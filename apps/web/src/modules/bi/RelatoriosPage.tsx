import { type FiltroBi, type NomeRelatorio, RELATORIOS, TAREFA_STATUS } from '@fretio/core';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AcompanharTarefa } from '../nfes/tarefa.tsx';
import { BarraFiltros, formatarCelula } from './componentes.tsx';
import { useExportarRelatorio, useRelatorio } from './hooks.ts';

// Reports: choose one, filter (period, carrier, UF), page through it, export it to XLSX, CSV or PDF (a queue task
// followed here, with the download link when it ends). Report and filters live in the URL.

const NOMES = Object.keys(RELATORIOS) as NomeRelatorio[];

export function RelatoriosPage() {
  const [params, setParams] = useSearchParams();
  const nome = (NOMES.includes(params.get('relatorio') as NomeRelatorio) ? params.get('relatorio') : 'acompanhamento-entregas') as NomeRelatorio;
  const def = RELATORIOS[nome];
  const filtro: FiltroBi = {
    dataInicio: params.get('dataInicio') ?? undefined, dataFim: params.get('dataFim') ?? undefined,
    transportadorUid: params.get('transportadorUid') ?? undefined, uf: params.get('uf') ?? undefined,
  };
  const [pagina, setPagina] = useState({ pc: 1, pps: 20 });
  const dados = useRelatorio(def.caminho, { ...filtro, ...pagina });
  const exportar = useExportarRelatorio();
  const [tarefa, setTarefa] = useState<string | null>(null);

  const mudar = (novo: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ relatorio: nome, ...filtro, ...novo })) if (v) p.set(k, v);
    setParams(p);
    setPagina((x) => ({ ...x, pc: 1 }));
    setTarefa(null);
  };

  return (
    <div>
      <Typography.Title level={3}>Relatórios</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>Relatório</span>
        <Select style={{ width: 280 }} value={nome} aria-label="Relatório" onChange={(v) => mudar({ relatorio: v })} options={NOMES.map((n) => ({ value: n, label: RELATORIOS[n].titulo }))} />
      </Space>
      <Typography.Paragraph type="secondary">{def.descricao}</Typography.Paragraph>
      <BarraFiltros key={nome + JSON.stringify(filtro)} valor={filtro} aoFiltrar={(f) => mudar(f as Record<string, string | undefined>)}
        extra={(['xlsx', 'csv', 'pdf'] as const).map((formato) => (
          <Button key={formato} loading={exportar.isPending && exportar.variables?.formato === formato}
            onClick={async () => setTarefa((await exportar.mutateAsync({ relatorio: nome, filtros: filtro, formato })).data.uid)}>Exportar {formato.toUpperCase()}</Button>
        ))} />
      {tarefa && (
        <Card size="small" style={{ marginBottom: 16 }} title="Exportação">
          <AcompanharTarefa uid={tarefa} extra={(t) => t.status === TAREFA_STATUS.CONCLUIDA && t.arquivo ? <a href={t.arquivo.url} download>Baixar {t.arquivo.nome}</a> : null} />
        </Card>
      )}
      <Table<Record<string, unknown>>
        size="small" scroll={{ x: true }} loading={dados.isFetching} rowKey={(_, i) => String(i)} aria-label={def.titulo}
        dataSource={dados.data?.data ?? []}
        columns={def.colunas.map((c) => ({ title: c.rotulo, dataIndex: c.campo, key: c.campo, align: ['dinheiro', 'numero', 'percentual'].includes(c.tipo) ? 'right' as const : undefined, render: (v: unknown) => formatarCelula(c.tipo, v) }))}
        pagination={{ current: pagina.pc, pageSize: pagina.pps, total: dados.data?.totalRecords ?? 0, showSizeChanger: true, showTotal: (t) => `${t} registro(s)`, onChange: (pc, pps) => setPagina({ pc, pps }) }}
      />
    </div>
  );
}
