import { formatarData, formatarDinheiro, type rpa, type rpaTitulo, statusDef, type z } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, apiGet, apiPut, type ListPage } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { BotaoPdfRpa } from './BotaoPdfRpa.tsx';

// The expanded RPA: the withholdings as calculated, the calculation's memory, and (once issued) its payables —
// net to the driver, INSS, IRRF, SEST/SENAT, ISS — each paid (or unpaid) with a date.

type Rpa = z.infer<typeof rpa>;
type Titulo = z.infer<typeof rpaTitulo>;
const din = (v: number) => `R$ ${formatarDinheiro(v)}`;
const TIPO: Record<string, string> = { LIQUIDO: 'Líquido ao autônomo', INSS: 'INSS retido', IRRF: 'IRRF', SEST_SENAT: 'SEST/SENAT', ISS: 'ISS retido' };

function PagarTitulo({ t, aoMudar }: { t: Titulo; aoMudar: () => Promise<unknown> }) {
  const [data, setData] = useState<Dayjs | null>(dayjs());
  const [enviando, setEnviando] = useState(false);
  const { message } = App.useApp();
  async function enviar(dataPagamento: string | null) {
    setEnviando(true);
    try {
      const r = await apiPut(`/rpa/titulo/${t.uid}`, { dataPagamento });
      message.success(r.message);
      await aoMudar();
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'Erro ao processar registro.');
    } finally {
      setEnviando(false);
    }
  }
  if (t.status === 3) return null;
  if (t.status === 2) return <Button size="small" loading={enviando} onClick={() => enviar(null)}>Desfazer pagamento</Button>;
  return (
    <Space.Compact>
      <DatePicker size="small" format="DD/MM/YYYY" value={data} onChange={setData} aria-label={`Data de pagamento: ${TIPO[t.tipo] ?? t.tipo}`} />
      <Button size="small" type="primary" disabled={!data} loading={enviando} onClick={() => data && enviar(data.format('YYYY-MM-DD'))}>Pagar</Button>
    </Space.Compact>
  );
}

export function DetalheRpa({ rpa: r }: { rpa: Rpa }) {
  const pode = usePode();
  const qc = useQueryClient();
  const chave = [...queryKeys.resource('rpa').all, 'titulos', r.uid, r.atualizadoEm];
  const titulos = useQuery({
    queryKey: chave,
    queryFn: async () => (await apiGet<ListPage<Titulo>>('/rpa/titulos', { ftr_rpaUid: r.uid, pps: 20 })).data.data,
    enabled: r.status !== 1,
  });
  const c = r.calculo;
  return (
    <div data-testid={`detalhe-rpa-${r.numero}`}>
      <Descriptions size="small" column={4} style={{ marginBottom: 8 }} items={[
        { key: 'b', label: 'Valor bruto', children: din(c.valorBruto) },
        { key: 'bi', label: 'Base do INSS', children: c.baseInssLimitada < c.baseInss ? `${din(c.baseInss)} (limitada a ${din(c.baseInssLimitada)})` : din(c.baseInss) },
        { key: 'i', label: 'INSS', children: din(c.inss) },
        { key: 's', label: 'SEST + SENAT', children: `${din(c.sest)} + ${din(c.senat)}` },
        { key: 'ir', label: 'IRRF', children: `${din(c.irrf)} (base ${din(c.baseIrrf)})` },
        { key: 'is', label: 'ISS', children: din(c.iss) },
        { key: 'l', label: 'Líquido', children: <strong>{din(c.valorLiquido)}</strong> },
        { key: 'p', label: 'INSS patronal', children: din(c.inssPatronal) },
      ]} />
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line' }}>{c.memoria.join('\n')}</Typography.Paragraph>
      {r.status !== 1 && <div style={{ marginBottom: 8 }}><BotaoPdfRpa r={r} /></div>}
      {r.status !== 1 && (
        <Table<Titulo> size="small" rowKey="uid" pagination={false} loading={titulos.isLoading} dataSource={titulos.data ?? []}
          columns={[
            { title: 'Título', dataIndex: 'tipo', render: (v: string) => TIPO[v] ?? v },
            { title: 'Favorecido', dataIndex: 'favorecido' },
            { title: 'Vencimento', dataIndex: 'vencimento', render: (v: string) => formatarData(v), width: 110 },
            { title: 'Valor', dataIndex: 'valor', align: 'right', render: din, width: 130 },
            { title: 'Situação', dataIndex: 'status', width: 110, render: (v: number) => <Tag color={statusDef('rpaTitulo', v)?.color}>{statusDef('rpaTitulo', v)?.label}</Tag> },
            { title: 'Pagamento', dataIndex: 'dataPagamento', width: 110, render: (v: string | null) => formatarData(v) || '—' },
            ...(pode('rpa', 'alterar')
              ? [{ title: '', key: 'pagar', width: 230, render: (_v: unknown, t: Titulo) => <PagarTitulo t={t} aoMudar={() => qc.invalidateQueries({ queryKey: queryKeys.resource('rpa').all })} /> }]
              : []),
          ]} />
      )}
    </div>
  );
}
