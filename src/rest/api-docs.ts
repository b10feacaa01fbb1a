import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { REST_BASE } from './sofa';
import { htmlSecurityHeaders } from '../ops/security-headers';

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** Replaces the package's petstore initializer: our document, no online validator, credentials sent along. */
const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(`${REST_BASE}/openapi.json`)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'BaseLayout',
    validatorUrl: null,
    withCredentials: true,
    displayOperationId: true,
  });
};
`;

/** The files index.html loads (swagger-initializer.js is ours): the package's other files (sources, maps, package.json) are not served. */
const PAGE_FILES = new Set([
  '/',
  '/index.html',
  '/index.css',
  '/swagger-ui.css',
  '/swagger-ui-bundle.js',
  '/swagger-ui-standalone-preset.js',
  '/favicon-32x32.png',
  '/favicon-16x16.png',
]);

/** The try-it page (catalogue 1.2, 1.7): swagger-ui-dist's own files, served from node_modules; open to everyone. */
export function apiDocs() {
  const router = express.Router();
  router.use(htmlSecurityHeaders());
  router.get('/', (req: Request, res: Response, next) => {
    if (req.originalUrl.split('?')[0].endsWith('/')) return next();
    res.redirect(301, `${req.baseUrl}/`);
  });
  router.get('/swagger-initializer.js', (_req, res) => void res.type('application/javascript').send(INITIALIZER));
  router.use((req, _res, next) => (PAGE_FILES.has(req.path) ? next() : next('router')));
  router.use(express.static(SWAGGER_UI_DIR, { index: 'index.html' }));
  return router;
}
