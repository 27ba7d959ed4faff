import { type FiltroBi, formatarCelulaRelatorio, formatarDinheiro, UFS } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { apiGet, type ListPage } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Pieces the dashboard, the reports and the BI screens share: the period/carrier/UF filter bar, a cell in
// pt-BR format by column type, and horizontal bars drawn with plain elements (no chart library).

/** A cell in pt-BR format by column type (the PDF export prints the same). */
export const formatarCelula = formatarCelulaRelatorio;

export const formatarPercentual = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${formatarDinheiro(v)} %`);

type Transportador = { uid: string; nome: string; nomeFantasia?: string | null };
function useTransportadores() {
  const pode = usePode();
  return useQuery({
    enabled: pode('transportadores', 'ler'),
    queryKey: queryKeys.resource('transportadores').namedList('filtro-bi'),
    queryFn: async ({ signal }) => (await apiGet<ListPage<Transportador>>('/transportadores', { pps: 200 }, signal)).data.data,
    staleTime: 60_000,
  });
}

type ValoresFiltro = { periodo?: [Dayjs | null, Dayjs | null] | null; transportadorUid?: string; uf?: string };

/** Period, carrier and destination UF; calls `aoFiltrar` with the API's filter (ISO dates). */
export function BarraFiltros({ valor, aoFiltrar, extra }: { valor: FiltroBi; aoFiltrar: (f: FiltroBi) => void; extra?: React.ReactNode }) {
  const [form] = Form.useForm<ValoresFiltro>();
  const transportadores = useTransportadores();
  const inicial: ValoresFiltro = {
    periodo: valor.dataInicio || valor.dataFim ? [valor.dataInicio ? dayjs(valor.dataInicio) : null, valor.dataFim ? dayjs(valor.dataFim) : null] : null,
    transportadorUid: valor.transportadorUid, uf: valor.uf,
  };
  const aplicar = (v: ValoresFiltro) =>
    aoFiltrar({
      dataInicio: v.periodo?.[0]?.format('YYYY-MM-DD') || undefined,
      dataFim: v.periodo?.[1]?.format('YYYY-MM-DD') || undefined,
      transportadorUid: v.transportadorUid || undefined,
      uf: v.uf || undefined,
    });
  return (
    <Form form={form} layout="inline" initialValues={inicial} onFinish={aplicar} style={{ marginBottom: 16, rowGap: 8 }} aria-label="Filtros">
      <Form.Item name="periodo" label="Período">
        <DatePicker.RangePicker format="DD/MM/YYYY" allowEmpty={[true, true]} aria-label="Período" />
      </Form.Item>
      <Form.Item name="transportadorUid" label="Transportador">
        <Select allowClear showSearch optionFilterProp="label" style={{ width: 220 }} placeholder="Todos" loading={transportadores.isLoading} aria-label="Transportador"
          options={(transportadores.data ?? []).map((t) => ({ value: t.uid, label: t.nomeFantasia || t.nome }))} />
      </Form.Item>
      <Form.Item name="uf" label="UF destino">
        <Select allowClear showSearch style={{ width: 110 }} placeholder="Todas" options={UFS.map((u) => ({ value: u, label: u }))} aria-label="UF destino" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">Filtrar</Button>
        <Button onClick={() => { form.setFieldsValue({ periodo: null, transportadorUid: undefined, uf: undefined }); aplicar({}); }}>Limpar</Button>
        {extra}
      </Space>
    </Form>
  );
}

export type Barra = { rotulo: string; valor: number; texto: string; titulo?: string; aoClicar?: () => void };

/** Horizontal bars, the longest = the largest value; each bar may open the list behind it. */
export function Barras({ itens, cor = '#1677ff', vazio = 'Sem dados no período.' }: { itens: Barra[]; cor?: string; vazio?: string }) {
  if (!itens.length) return <div style={{ color: 'rgba(0,0,0,.45)' }}>{vazio}</div>;
  const max = Math.max(...itens.map((i) => Math.abs(i.valor)), 0) || 1;
  const grade = { display: 'grid', gridTemplateColumns: '110px 1fr 110px', alignItems: 'center', gap: 8, width: '100%' } as const;
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {itens.map((i) => {
        const conteudo = (
          <>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' }}>{i.rotulo}</span>
            <span style={{ background: '#f0f0f0', borderRadius: 3, height: 14 }}>
              <span style={{ display: 'block', width: `${(Math.abs(i.valor) / max) * 100}%`, background: cor, height: '100%', borderRadius: 3 }} />
            </span>
            <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{i.texto}</span>
          </>
        );
        return (
          <li key={i.rotulo} style={{ marginBottom: 6 }}>
            <Tooltip title={i.titulo}>
              {i.aoClicar ? (
                <button type="button" onClick={i.aoClicar} aria-label={`${i.rotulo}: ${i.texto}`} style={{ ...grade, background: 'none', border: 0, padding: 0, font: 'inherit', cursor: 'pointer' }}>{conteudo}</button>
              ) : (
                <div title={`${i.rotulo}: ${i.texto}`} style={grade}>{conteudo}</div>
              )}
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

export const mesCurto = (mes: string) => {
  const [a, m] = mes.split('-');
  return `${['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'][Number(m) - 1]}/${a.slice(2)}`;
};
