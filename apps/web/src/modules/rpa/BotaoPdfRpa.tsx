import { FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** The issued receipt to print and sign (GET rpa/{uid}/pdf); nothing before the RPA is issued. */
export function BotaoPdfRpa({ r }: { r: { uid: string; status: number } }) {
  if (r.status === 1) return null;
  return (
    <Button size="small" icon={<FilePdfOutlined />} href={`/api/v1/rpa/${r.uid}/pdf`} target="_blank" rel="noopener" title="Recibo para imprimir e assinar (PDF)">
      Recibo PDF
    </Button>
  );
}
