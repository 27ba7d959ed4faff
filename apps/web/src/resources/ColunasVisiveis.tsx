import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { usePerfil } from '../app/perfil.ts';
import { colunasOpcionais } from './columns.tsx';
import type { ResourceDef } from './types.ts';

// The columns a user chose to hide on a list, kept in this browser per user and screen.
const chave = (usuario: string, tela: string) => `fretio:colunas:${usuario}:${tela}`;

function ler(k: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(k) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Hidden columns of `def` for the signed-in user, and a setter that stores them. */
export function useColunasOcultas(def: ResourceDef): [ReadonlySet<string>, (ocultas: string[]) => void] {
  const { data: perfil } = usePerfil();
  const k = chave(perfil?.uid ?? 'anonimo', def.key);
  // Re-read when the user or the screen changes (the key is part of the state).
  const [estado, setEstado] = useState(() => ({ k, ocultas: new Set(ler(k)) }));
  const atual = estado.k === k ? estado : { k, ocultas: new Set(ler(k)) };
  if (atual !== estado) setEstado(atual);
  const definir = useCallback(
    (ocultas: string[]) => {
      try {
        if (ocultas.length) localStorage.setItem(k, JSON.stringify(ocultas));
        else localStorage.removeItem(k);
      } catch {
        // A browser that refuses storage still hides them for this visit.
      }
      setEstado({ k, ocultas: new Set(ocultas) });
    },
    [k],
  );
  return [atual.ocultas, definir];
}

/** The 'Colunas' button of a list: the user picks the columns shown (name and status always are). */
export function EscolherColunas({
  def,
  ocultas,
  onChange,
}: {
  def: ResourceDef;
  ocultas: ReadonlySet<string>;
  onChange: (o: string[]) => void;
}) {
  const opcionais = colunasOpcionais(def);
  if (!opcionais.length) return null;
  const visiveis = opcionais.filter((c) => !ocultas.has(c.field)).map((c) => c.field);
  const conteudo = (
    <Flex vertical gap={8} style={{ maxHeight: 360, overflowY: 'auto' }}>
      <Typography.Text type="secondary">Nome e situação sempre aparecem.</Typography.Text>
      <Checkbox.Group
        aria-label="Colunas visíveis"
        value={visiveis}
        onChange={(v) => onChange(opcionais.map((c) => c.field).filter((f) => !(v as string[]).includes(f)))}
      >
        <Flex vertical gap={4}>
          {opcionais.map((c) => (
            <Checkbox key={c.field} value={c.field}>
              {c.title}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      <Button size="small" onClick={() => onChange([])} disabled={ocultas.size === 0}>
        Mostrar todas
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Colunas visíveis" content={conteudo}>
      <Button icon={<SettingOutlined />} aria-label="Escolher colunas">
        Colunas
      </Button>
    </Popover>
  );
}
