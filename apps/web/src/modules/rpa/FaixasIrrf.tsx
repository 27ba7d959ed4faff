import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Table, Typography } from 'antd';
import type { FieldComponentProps } from '../../resources/types.ts';

// The IRRF brackets of an RPA table: limit (R$, empty in the last one), rate (%) and the amount to deduct.

type Faixa = { ate: number | null; aliquota: number; deducao: number };
const br = { decimalSeparator: ',' } as const;

export function FaixasIrrf({ value, onChange, disabled }: FieldComponentProps) {
  const faixas = (value as Faixa[] | undefined) ?? [];
  const mudar = (i: number, campo: keyof Faixa, v: number | null) => onChange?.(faixas.map((f, j) => (j === i ? { ...f, [campo]: campo === 'ate' ? v : (v ?? 0) } : f)));
  return (
    <div data-testid="faixas-irrf">
      <Table<Faixa & { i: number }>
        size="small" pagination={false} rowKey="i" dataSource={faixas.map((f, i) => ({ ...f, i }))}
        columns={[
          { title: 'Base até (R$)', dataIndex: 'ate', render: (v: number | null, f) => (f.i === faixas.length - 1
            ? <Typography.Text type="secondary">acima da anterior</Typography.Text>
            : <InputNumber {...br} aria-label={`Limite da faixa ${f.i + 1}`} min={0} step={0.01} value={v} disabled={disabled} onChange={(x) => mudar(f.i, 'ate', x)} style={{ width: 140 }} />) },
          { title: 'Alíquota (%)', dataIndex: 'aliquota', render: (v: number, f) => <InputNumber {...br} aria-label={`Alíquota da faixa ${f.i + 1}`} min={0} max={100} step={0.5} value={v} disabled={disabled} onChange={(x) => mudar(f.i, 'aliquota', x)} /> },
          { title: 'Parcela a deduzir (R$)', dataIndex: 'deducao', render: (v: number, f) => <InputNumber {...br} aria-label={`Dedução da faixa ${f.i + 1}`} min={0} step={0.01} value={v} disabled={disabled} onChange={(x) => mudar(f.i, 'deducao', x)} style={{ width: 140 }} /> },
          { title: '', width: 48, render: (_v, f) => <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`Remover a faixa ${f.i + 1}`} disabled={disabled || faixas.length <= 1}
            onClick={() => onChange?.(faixas.filter((_x, j) => j !== f.i).map((x, j, l) => (j === l.length - 1 ? { ...x, ate: null } : x)))} /> },
        ]}
      />
      <Button size="small" icon={<PlusOutlined />} disabled={disabled || faixas.length >= 10} style={{ marginTop: 8 }}
        onClick={() => {
          // the new bracket goes before the open-ended last one
          const ultima = faixas[faixas.length - 1] ?? { ate: null, aliquota: 0, deducao: 0 };
          const anterior = faixas[faixas.length - 2]?.ate ?? 0;
          onChange?.([...faixas.slice(0, -1), { ate: anterior + 1000, aliquota: ultima.aliquota, deducao: ultima.deducao }, { ...ultima, ate: null }]);
        }}>Faixa</Button>
    </div>
  );
}
