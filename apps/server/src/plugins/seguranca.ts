import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy every answer carries (downloads set a stricter one of their own).
 * Scripts only from our origin, so an injected `<script>` or `onclick=` never runs; styles may be inline
 * because antd's CSS-in-JS writes `<style>` tags at run time and index.html has its loading style.
 * `upgrade-insecure-requests` is left out: an installation served over plain http on a LAN would have
 * its own assets upgraded to an https that does not exist.
 */
export const DIRETIVAS_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export default fp(async function seguranca(app: FastifyInstance) {
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: DIRETIVAS_CSP } });
});
