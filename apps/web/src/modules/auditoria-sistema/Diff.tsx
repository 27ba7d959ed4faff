import { Empty, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useRotuloRemoto } from '../../resources/fields/RemoteSelect.tsx';
import { MunicipioTexto } from '../../resources/fields/MunicipioTexto.tsx';
import { RESOURCES } from '../../resources/registry.ts';
import { type Campo, camposDoRecurso, diffLinhas, ehUid, type LinhaDiff, nomeNoRegistro, valorLegivel } from './leitura.ts';

// The expanded row of the audit trail: the record before and after, field by field, as the
// record's own screens name and show it (leitura.ts). Loaded with the row's first expansion.
type Entrada = { recurso: string; antes: unknown; depois: unknown };

const ehMunicipio = (campo: string, c?: Campo) => c?.kind === 'municipio' || /(^m|M)unicipioIbge$/.test(campo);

export function DiffAuditoria({ registro }: { registro: Entrada }) {
  const campos = useMemo(() => camposDoRecurso(registro.recurso, RESOURCES), [registro.recurso]);
  const linhas = diffLinhas(registro.antes, registro.depois, campos);
  if (!linhas.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sem dados de antes/depois." />;
  return (
    <Table<LinhaDiff>
      size="small"
      bordered
      pagination={false}
      rowKey="campo"
      data-testid="auditoria-diff"
      dataSource={linhas}
      onRow={(l) => ({ style: l.mudou ? { background: '#fffbe6' } : undefined })}
      columns={[
        {
          key: 'campo',
          title: 'Campo',
          width: 240,
          render: (_v, l) => (
            <span title={l.campo}>
              {l.rotulo} {l.mudou && <Tag color="orange">alterado</Tag>}
            </span>
          ),
        },
        {
          key: 'antes',
          title: 'Antes',
          render: (_v, l) => <Valor campo={l.campo} v={l.antes} registro={registro.antes} declarado={campos.get(l.campo)} riscado={l.mudou && registro.antes != null} />,
        },
        {
          key: 'depois',
          title: 'Depois',
          render: (_v, l) => <Valor campo={l.campo} v={l.depois} registro={registro.depois} declarado={campos.get(l.campo)} destaque={l.mudou} />,
        },
      ]}
    />
  );
}

type ValorProps = { campo: string; v: unknown; registro: unknown; declarado?: Campo; riscado?: boolean; destaque?: boolean };

function Valor({ campo, v, registro, declarado, riscado, destaque }: ValorProps) {
  const vinculo = ehUid(v) && campo !== 'uid';
  const noRegistro = vinculo ? nomeNoRegistro(campo, registro, declarado) : null;
  const remoto = useRotuloRemoto(declarado?.remote, vinculo ? v : null, vinculo && !noRegistro);
  let texto: React.ReactNode = valorLegivel(v, declarado);
  if (ehMunicipio(campo, declarado) && typeof v === 'string' && v) texto = <MunicipioTexto ibge={v} />;
  else if (vinculo) {
    const nome = noRegistro ?? remoto;
    // Without a name the code stays, short, with the whole uid on hover.
    texto = nome ?? <span title={v}>{v.slice(0, 8)}…</span>;
  }
  return (
    <Typography.Text delete={riscado} strong={destaque} style={{ wordBreak: 'break-word' }}>
      {texto}
    </Typography.Text>
  );
}
