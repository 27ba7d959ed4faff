import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, zData } from '@fretio/core';
import { embarcadores } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { lerUpload, removerArquivo, salvarArquivo } from '../arquivos/service.ts';
import { cifrarSenha, lerPfx } from '../sefaz/certificado-a1.ts';
import { exigirEmbarcadorAtivo } from './parent.ts';

// The shipper's A1 digital certificate (PKCS#12) for the tax authority web services. The file is
// checked by opening it with the password (sefaz/certificado-a1.ts); the password is kept encrypted.
const certificado = z.object({
  certificadoDigitalSefazUrl: z.string().nullable(),
  certificadoDigitalSefazKey: z.string().nullable(),
  expiracaoCertificadoDigitalSefaz: z.string().nullable(),
});

export default async function certificadoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Certificado digital'];
  const ler = async (uid: string) => {
    const [e] = await app.db.select({ arquivo: embarcadores.certificadoArquivoUid, exp: embarcadores.expiracaoCertificado }).from(embarcadores).where(eq(embarcadores.uid, uid));
    return {
      certificadoDigitalSefazUrl: e?.arquivo ? `certificado/${e.arquivo}` : null,
      certificadoDigitalSefazKey: e?.arquivo ? '********' : null,
      expiracaoCertificadoDigitalSefaz: e?.exp ?? null,
    };
  };

  r.get('/api/v1/embarcadores/:uid/certificado-digital-sefaz', {
    config: { permission: ['embarcadores', 'ler'] },
    schema: { tags, summary: 'Situação do certificado digital do embarcador', params: uidParams, response: ok(certificado) },
  }, async (req) => {
    exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    return reply.ok(await ler(req.params.uid));
  });

  r.put('/api/v1/embarcadores/certificado-digital-sefaz', {
    config: { permission: ['embarcadores', 'alterar'] },
    schema: { tags, summary: 'Envia o certificado A1 (multipart: file, senha, expiracao) do embarcador ativo', consumes: ['multipart/form-data'], response: ok(certificado) },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const upload = await lerUpload(req, { maxBytes: 100 * 1024 });
    const senha = upload.campos.senha ?? '';
    if (!senha) throw AppError.field('senha', 'Senha do certificado é obrigatória');
    const informada = upload.campos.expiracao || null;
    if (informada && !zData.safeParse(informada).success) throw AppError.field('expiracao', 'data inválida');
    // node-forge, not Node's TLS: A1 files from Brazilian CAs use algorithms OpenSSL 3 refuses (RC2-40, 3DES).
    const vence: Date | null = lerPfx(upload.dados, senha).validoAte;
    // The certificate's own expiry wins over what the client sends (the client default is a fixed date).
    const expiracao = vence && !Number.isNaN(vence.getTime()) ? vence.toISOString().slice(0, 10) : (informada ?? '2025-12-31');
    if (vence && vence.getTime() < Date.now()) throw AppError.field('file', `Certificado vencido em ${vence.toISOString().slice(0, 10).split('-').reverse().join('/')}.`);
    await app.db.transaction(async (tx) => {
      const [antes] = await tx.select({ arquivo: embarcadores.certificadoArquivoUid }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid)).for('update');
      const uid = await salvarArquivo(app, tx, { tipo: 'certificado', embarcadorUid, criadoPor: req.ctx?.usuarioUid ?? null, upload: { ...upload, tipoConteudo: 'application/x-pkcs12' } });
      await tx.update(embarcadores).set({ certificadoArquivoUid: uid, certificadoSenhaCifrada: cifrarSenha(app.config.authSecret, senha), expiracaoCertificado: expiracao }).where(eq(embarcadores.uid, embarcadorUid));
      await removerArquivo(app, tx, antes?.arquivo ?? null);
      await registrarAuditoria(tx, req.ctx, 'embarcadores', embarcadorUid, 'certificado', null, { expiracao });
    });
    return reply.ok(await ler(embarcadorUid), 'Certificado digital atualizado com sucesso');
  });
}

