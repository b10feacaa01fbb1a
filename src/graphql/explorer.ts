import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { htmlSecurityHeaders } from '../ops/security-headers';

const dirOf = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));

/** GraphiQL 3's browser bundle with React 18's UMD builds, all from node_modules. */
const ASSETS = new Map([
  ['react.js', path.join(dirOf('react'), 'umd/react.production.min.js')],
  ['react-dom.js', path.join(dirOf('react-dom'), 'umd/react-dom.production.min.js')],
  ['graphiql.js', path.join(dirOf('graphiql'), 'graphiql.min.js')],
  ['graphiql.css', path.join(dirOf('graphiql'), 'graphiql.min.css')],
]);

const INITIALIZER = `const fetcher = GraphiQL.createFetcher({ url: document.body.dataset.endpoint });
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, { fetcher, defaultQuery: '{\\n  me {\\n    login\\n  }\\n}\\n' }),
);
`;

const page = (endpoint: string) => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>GraphQL explorer</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${endpoint}/explorer/graphiql.css">
  <style>body { margin: 0; } #graphiql { height: 100vh; }</style>
</head>
<body data-endpoint="${endpoint}">
  <div id="graphiql">Loading…</div>
  <script src="${endpoint}/explorer/react.js"></script>
  <script src="${endpoint}/explorer/react-dom.js"></script>
  <script src="${endpoint}/explorer/graphiql.js"></script>
  <script src="${endpoint}/explorer/init.js"></script>
</body>
</html>
`;

const prefersHtml = (req: Request) => req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';

const notServed = (res: Response) => void res.status(404).type('text/plain').send('the GraphQL explorer is not served in production');

/**
 * Mounted at the GraphQL endpoint in front of the security filter: a browser's GET gets the
 * explorer page and its assets without credentials; everything else goes on to Apollo. In
 * production (introspection off) the page and its assets are 404.
 */
export function graphqlExplorer({ production }: { production: boolean }) {
  const router = express.Router();
  if (production) {
    router.get('/', (req: Request, res: Response, next) => {
      res.vary('Accept');
      if (!prefersHtml(req)) return next();
      notServed(res);
    });
    router.get(['/explorer/init.js', '/explorer/:asset'], (_req, res) => notServed(res));
    return router;
  }
  const headers = htmlSecurityHeaders();
  router.get('/', (req: Request, res: Response, next) => {
    res.vary('Accept');
    if (!prefersHtml(req)) return next();
    headers(req, res, () => void res.type('html').send(page(req.baseUrl)));
  });
  router.get('/explorer/init.js', (_req, res) => void res.type('application/javascript').send(INITIALIZER));
  router.get('/explorer/:asset', (req: Request, res: Response, next) => {
    const file = ASSETS.get(String(req.params.asset));
    if (!file) return next();
    res.sendFile(file);
  });
  return router;
}
