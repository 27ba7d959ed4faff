import { CarOutlined, DatabaseOutlined, DollarOutlined, FileTextOutlined, SafetyOutlined, SettingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuGroup } from '../../resources/types.ts';

// One icon per menu area (the collapsed menu shows only icons).
export const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  Operação: <CarOutlined />,
  Documentos: <FileTextOutlined />,
  Fretes: <DollarOutlined />,
  Cadastros: <DatabaseOutlined />,
  Acesso: <SafetyOutlined />,
  Administração: <SettingOutlined />,
};
