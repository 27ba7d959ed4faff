import type { Embarcador } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiReply, api, apiGet, apiUpload } from '../../app/api.ts';
import { type Reacoes, useMutacao } from '../../app/mutacoes.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Reads and writes of the "Meu embarcador" screen beyond the generic form: the logo and the SEFAZ
// certificate, cached under the shippers' keys (the certificate as a part of the shipper's record).
const keys = queryKeys.resource('embarcadores');

export type Certificado = {
  certificadoDigitalSefazUrl: string | null;
  certificadoDigitalSefazKey: string | null;
  expiracaoCertificadoDigitalSefaz: string | null;
};

/** Spec §9: the upload gives up after 60 s; the expiry defaults to 2025-12-31. */
export const CERTIFICADO_TIMEOUT_MS = 60_000;
export const EXPIRACAO_PADRAO = '2025-12-31';

export const MSG_CERTIFICADO = {
  sucesso: 'Certificado digital atualizado com sucesso',
  semArquivo: 'Arquivo não foi fornecido',
  semSenha: 'Senha do certificado é obrigatória',
  erroRede: 'Erro de rede ao enviar certificado',
} as const;

/** PUT multipart; the server answers for the active shipper. Errors become one pt-BR message. */
export async function enviarCertificado(file: File, senha: string, expiracao: string) {
  const body = new FormData();
  body.append('senha', senha);
  body.append('expiracao', expiracao);
  body.append('file', file, file.name);
  try {
    return await api<Certificado>('/embarcadores/certificado-digital-sefaz', {
      method: 'PUT',
      body,
      signal: AbortSignal.timeout(CERTIFICADO_TIMEOUT_MS),
    });
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.status === 0) throw new ApiError(MSG_CERTIFICADO.erroRede, 0);
      throw e.message ? e : new ApiError(`Erro ${e.status}`, e.status, e.fieldErrors);
    }
    // Aborted by the 60 s time-out.
    throw new ApiError(MSG_CERTIFICADO.erroRede, 0);
  }
}

/** The certificate's situation (file, expiry) of a shipper. */
export function useCertificado(embarcadorUid: string) {
  return useQuery({
    queryKey: keys.detailPart(embarcadorUid, 'certificado'),
    queryFn: async ({ signal }) =>
      (await apiGet<Certificado>(`/embarcadores/${embarcadorUid}/certificado-digital-sefaz`, undefined, signal)).data,
  });
}

export type EnvioCertificado = { file: File; senha: string; expiracao: string };

/** The upload answers the new situation: it goes straight into the cache (no refetch). */
export function useEnviarCertificado(embarcadorUid: string, reacoes: Reacoes<ApiReply<Certificado>, EnvioCertificado>) {
  const queryClient = useQueryClient();
  return useMutacao(
    (v: EnvioCertificado) => enviarCertificado(v.file, v.senha, v.expiracao),
    () => [],
    {
      ...reacoes,
      onSuccess: (reply, v) => {
        queryClient.setQueryData(keys.detailPart(embarcadorUid, 'certificado'), reply.data);
        return reacoes.onSuccess?.(reply, v);
      },
    },
  );
}

/** A new logo changes the shipper's record (logoUrl, atualizadoEm) everywhere it is shown. */
export const useEnviarLogo = (embarcadorUid: string | undefined, reacoes: Reacoes<ApiReply<Embarcador>, File>) =>
  useMutacao(
    (file: File) => apiUpload<Embarcador>(`/embarcadores/${embarcadorUid}/logo`, file),
    () => [keys.all],
    reacoes,
  );
