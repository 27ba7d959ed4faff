import { CopyOutlined } from '@ant-design/icons';
import { STATUS_RASTREIO_LISTA } from '@fretio/core';
import { App, Button, DatePicker, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { FieldComponentProps } from '../../resources/types.ts';

// Pieces shared by the events and tracking screens: the status tag (labels and colours from core), the
// date-time field of an event, and the button that copies the public tracking link.

export function TagStatusRastreio({ status }: { status: string }) {
  const s = STATUS_RASTREIO_LISTA.find((x) => x.value === status);
  return (
    <Tag color={s?.cor} data-testid={`status-rastreio-${status}`}>
      {s?.label ?? status}
    </Tag>
  );
}

/** Date and time (DD/MM/YYYY HH:mm on screen, ISO with the browser's offset on the wire). */
export function DataHoraInput({ value, onChange, id, disabled }: FieldComponentProps) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="DD/MM/YYYY HH:mm"
      disabled={disabled}
      style={{ width: '100%' }}
      value={value ? dayjs(String(value)) : null}
      onChange={(d) => onChange?.(d ? d.second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ') : null)}
    />
  );
}

export const linkPublico = (token: string) => `${window.location.origin}/rastreio/${token}`;

export function CopiarLink({ token, texto = false }: { token: string | null; texto?: boolean }) {
  const { message } = App.useApp();
  if (!token) return null;
  const copiar = async () => {
    const url = linkPublico(token);
    try {
      await navigator.clipboard.writeText(url);
      message.success('Link público copiado.');
    } catch {
      message.info(url);
    }
  };
  return (
    <Tooltip title="Copia o link público de rastreamento (o cliente abre sem login)">
      <Button size={texto ? 'middle' : 'small'} icon={<CopyOutlined />} onClick={copiar} data-testid="copiar-link">
        {texto ? 'Copiar link público' : undefined}
      </Button>
    </Tooltip>
  );
}
