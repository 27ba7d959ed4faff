import { formatarData } from '@fretio/core';

// A date as DD/MM/YYYY [HH:mm] in America/Sao_Paulo (the full ISO value as tooltip).
export function DateText({ value, comHora = false }: { value: string | Date | null | undefined; comHora?: boolean }) {
  const texto = formatarData(value ?? null, comHora);
  if (!texto) return <span>—</span>;
  return <time dateTime={typeof value === 'string' ? value : value?.toISOString()}>{texto}</time>;
}
