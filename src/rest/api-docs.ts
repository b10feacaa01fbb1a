import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { REST_BASE } from './sofa';
import { htmlSecurityHeaders } from '../ops/security-headers';

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * Replaces the package's petstore initializer: our document, no online validator, credentials sent
 * along, a filter box (tag or path). swagger-ui shows `application/json` in the media-type box of an
 * operation whose answer can be JSON, but until the box is changed it accepts any media type, which
 * this API answers in XML: the plugin stores what the box shows before the request is built.
 */
const INITIALIZER = `window.onload = function () {
  var AcceptShownMediaType = function () {
    return {
      statePlugins: {
        spec: {
          wrapActions: {
            executeRequest: function (executeRequest, system) {
              return function (request) {
                var path = request.pathName, method = request.method;
                if (!system.oas3Selectors.responseContentType(path, method)) {
                  var responses = system.specSelectors.specJsonWithResolvedSubtrees().getIn(['paths', path, method, 'responses']);
                  // The response whose box sets Accept: the first 2xx with a body (swagger-ui's getAcceptControllingResponse).
                  var answer = responses && responses.find(function (response, code) {
                    return String(code).charAt(0) === '2' && response.get('content') && response.get('content').size > 0;
                  });
                  if (answer && answer.hasIn(['content', 'application/json'])) {
                    system.oas3Actions.setResponseContentType({ value: 'application/json', path: path, method: method });
                  }
                }
                return executeRequest(request);
              };
            },
          },
        },
      },
    };
  };
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(`${REST_BASE}/openapi.json`)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [AcceptShownMediaType],
    layout: 'BaseLayout',
    validatorUrl: null,
    withCredentials: true,
    displayOperationId: true,
    filter: true,
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
