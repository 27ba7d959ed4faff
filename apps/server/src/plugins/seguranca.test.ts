import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import seguranca from './seguranca.ts';

// The policy as the browser reads it, on a bare Fastify with only this plugin: what it forbids is what keeps
// an injected script from running.
describe('Content-Security-Policy', () => {
  const montar = async () => {
    const app = Fastify();
    await app.register(seguranca);
    await app.register(
      fp(async (a) => {
        a.get('/pagina', (_req, reply) => reply.type('text/html').send('<!doctype html><p>ok</p>'));
        a.get('/download', (_req, reply) => reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'));
      }),
    );
    return app;
  };

  it('scripts só da própria origem, sem inline nem eval; estilos inline permitidos (antd); sem frames de fora', async () => {
    const app = await montar();
    const r = await app.inject({ method: 'GET', url: '/pagina' });
    const csp = String(r.headers['content-security-policy']);
    const diretiva = (nome: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${nome} `));
    expect(diretiva('script-src')).toBe("script-src 'self'");
    expect(diretiva('script-src-attr')).toBe("script-src-attr 'none'");
    expect(diretiva('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(diretiva('object-src')).toBe("object-src 'none'");
    expect(diretiva('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(diretiva('connect-src')).toBe("connect-src 'self'");
    // Plain http on a LAN must keep loading its own assets.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('um download que declara a sua própria política (sandbox) fica com ela', async () => {
    const app = await montar();
    const r = await app.inject({ method: 'GET', url: '/download' });
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    await app.close();
  });
});
