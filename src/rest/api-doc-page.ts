import express, { type NextFunction, type Request, type Response } from 'express';
import type { OpenApiDocument } from './openapi';
import { escapeXml as escape } from './xml-codec';
import { htmlSecurityHeaders } from '../ops/security-headers';

type Schema = Record<string, any>;

/** The gateway's mark: three lines through a gate. Written for this page; the only file it refers to. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="t">
<title id="t">Remote-management gateway</title>
<rect width="64" height="64" rx="12" fill="#1f4e79"/>
<path d="M10 20h44M10 32h44M10 44h44" stroke="#d9e6f2" stroke-width="4" stroke-linecap="round"/>
<rect x="26" y="12" width="12" height="40" rx="3" fill="#f2a900"/>
</svg>
`;

/** Files of the page, served as `/api/doc/{filename}` and `/api/{filename}` (catalogue 1.7: the legacy doc's images). */
export const API_DOC_FILES = new Map([['logo.svg', { type: 'image/svg+xml', body: LOGO }]]);

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1f24;margin:0}
header,main{max-width:70em;margin:0 auto;padding:0 1.5em}
header{display:flex;gap:1em;align-items:center;padding-top:1.5em}
h1{margin:0;font-size:1.8em}h2{margin-top:2em;border-bottom:2px solid #1f4e79}h3{margin:1.5em 0 .3em;font-size:1.05em}
code{font:.92em ui-monospace,Menlo,Consolas,monospace;background:#f1f3f5;padding:0 .25em;border-radius:3px}
table{border-collapse:collapse;margin:.4em 0;width:100%}th,td{border:1px solid #d0d7de;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#f6f8fa;font-weight:600}
.op{border-left:4px solid #d0d7de;padding:0 0 .2em 1em;margin:1.2em 0}
.method{display:inline-block;min-width:4.2em;font:600 .85em ui-monospace,monospace;color:#fff;border-radius:3px;padding:.1em .4em;text-align:center}
.get{background:#1a7f37}.put{background:#9a6700}.post{background:#0969da}.delete{background:#cf222e}.head{background:#6e7781}
.badge{font-size:.8em;font-weight:normal;color:#57606a;margin-left:.6em}
nav ul{columns:3 14em}.muted{color:#57606a}
`;

/** Paths in code-point order: `{parameter}` after the literal segments beside it. */
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const MEDIA_NAMES: Record<string, string> = { 'application/json': 'JSON', 'application/xml': 'XML', 'application/x-www-form-urlencoded': 'form' };

/** Text of the document as HTML: escaped, `code` marked up as in the descriptions. */
const prose = (text: string | undefined) => escape(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');
const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const schemaId = (name: string) => `schema-${name}`;
const tagId = (tag: string) => `tag-${tag.replace(/[^\w-]/g, '_')}`;

/** A schema in words: its name (a link to the value object), `list of …`, `map of …`, a type and format. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!;
    return `<a href="#${escape(schemaId(name))}">${escape(name)}</a>`;
  }
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0]);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return (union as Schema[]).map(typeOf).join(' or ');
  if (schema.enum) return `one of ${(schema.enum as unknown[]).map((value) => `<code>${escape(String(value))}</code>`).join(', ')}`;
  if (schema.type === 'array') return `list of ${typeOf(schema.items)}`;
  if (schema.type === 'object' && schema.additionalProperties) return `map of names to ${typeOf(schema.additionalProperties)}`;
  return escape(schema.type ? `${schema.type}${schema.format ? ` (${schema.format})` : ''}` : 'any');
}

/** A body in words: its media types (JSON, XML, …) grouped by the schema they share. */
function bodyOf(content: Record<string, { schema?: Schema }> | undefined): string {
  if (!content || !Object.keys(content).length) return '<span class="muted">no body</span>';
  const byType = new Map<string, string[]>();
  for (const [media, { schema }] of Object.entries(content)) {
    const type = typeOf(schema);
    byType.set(type, [...(byType.get(type) ?? []), MEDIA_NAMES[media] ?? media]);
  }
  return [...byType].map(([type, media]) => `${escape(media.join(', '))}: ${type}`).join('; ');
}

/** The security schemes as sentences, in the order the document offers them. */
function authentication(document: OpenApiDocument): string {
  const schemes = document.components.securitySchemes as Record<string, Schema>;
  const offered = [...new Set([...document.security.flatMap((requirement) => Object.keys(requirement)), ...Object.keys(schemes)])];
  const sentence = (scheme: Schema): string => {
    const description = scheme.description ? `: ${prose(scheme.description)}` : '';
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')
      return `HTTP basic authentication, the header <code>Authorization: Basic …</code>${description}.`;
    if (scheme.type === 'http')
      return `The header <code>Authorization: ${escape(pascal(String(scheme.scheme)))} …</code>${scheme.bearerFormat ? ` (${escape(scheme.bearerFormat)})` : ''}${description}.`;
    if (scheme.type === 'apiKey') return `The ${escape(scheme.in)} <code>${escape(scheme.name)}</code>${description}.`;
    if (scheme.type === 'openIdConnect') return `OpenID Connect, discovery document <code>${escape(scheme.openIdConnectUrl)}</code>${description}.`;
    return `${escape(scheme.type)}${description}.`;
  };
  return `<h2 id="authentication">Authentication</h2>
<p>Operations marked <em>open</em> need no credentials. Every other operation needs one of these:</p>
<ul>${offered.map((name) => `<li>${sentence(schemes[name])}</li>`).join('')}</ul>
<p>Without acceptable credentials the answer is 401 with a <code>WWW-Authenticate</code> challenge.</p>`;
}

function parametersOf(operation: Schema): string {
  const parameters = (operation.parameters ?? []) as Schema[];
  if (!parameters.length) return '';
  const rows = parameters.map(
    (parameter) =>
      `<tr><td><code>${escape(parameter.name)}</code>${parameter.required ? ' (required)' : ''}</td><td>${escape(parameter.in)}</td><td>${typeOf(parameter.schema)}</td><td>${prose(parameter.description)}</td></tr>`,
  );
  return `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Description</th></tr>${rows.join('')}</table>`;
}

function operationOf(path: string, method: string, operation: Schema): string {
  const open = Array.isArray(operation.security) && operation.security.length === 0;
  const body = operation.requestBody as Schema | undefined;
  const responses = Object.entries((operation.responses ?? {}) as Record<string, Schema>).map(
    ([status, response]) => `<tr><td>${escape(status)}</td><td>${prose(response.description)}</td><td>${bodyOf(response.content)}</td></tr>`,
  );
  return `<section class="op" id="${escape(`op-${operation.operationId}`)}">
<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code><span class="badge">${open ? 'open' : 'needs authentication'}</span></h3>
<p>${prose(operation.summary)}</p>
${operation.description ? `<p class="muted">${prose(operation.description)}</p>` : ''}
${parametersOf(operation)}
${body ? `<p><strong>Request body</strong>${body.required ? ' (required)' : ' (optional)'}: ${bodyOf(body.content)}</p>` : ''}
<table><tr><th>Status</th><th>Meaning</th><th>Body</th></tr>${responses.join('')}</table>
</section>`;
}

function valueObject(name: string, schema: Schema): string {
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([field, property]) => {
    const notes = [
      required.has(field) ? 'always present' : property.nullable ? 'may be null' : '',
      property.xml?.attribute ? 'an XML attribute' : '',
      prose(property.description),
    ].filter(Boolean);
    return `<tr><td><code>${escape(field)}</code></td><td>${typeOf(property)}</td><td>${notes.join('; ')}</td></tr>`;
  });
  const element = schema.xml?.name ? ` <span class="badge">XML <code>&lt;${escape(schema.xml.name)}&gt;</code></span>` : '';
  return `<h3 id="${escape(schemaId(name))}">${escape(name)}${element}</h3>
${schema.description ? `<p>${prose(schema.description)}</p>` : ''}
${rows.length ? `<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${rows.join('')}</table>` : `<p>${typeOf(schema)}</p>`}`;
}

/**
 * The API documented for people, as one HTML page (`GET /api/doc`): title and version, the ways to
 * authenticate, then every operation of openapi.json grouped by tag (method, path, summary,
 * parameters, request body and responses), then the value objects. Everything comes from the
 * document; the page loads nothing but its logo.
 */
export function renderApiDoc(document: OpenApiDocument): string {
  const info = document.info as Schema;
  const base = document.servers[0]?.url ?? '';
  const byTag = new Map<string, { path: string; method: string; operation: Schema }[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = String((operation.tags as string[] | undefined)?.[0] ?? 'other');
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, operation }]);
    }
  }
  for (const operations of byTag.values()) operations.sort((a, b) => byPath(a.path, b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
  const tagDescriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const schemas = Object.entries(document.components.schemas).sort(([a], [b]) => a.localeCompare(b));
  const listed = (path: string) => Boolean(document.paths[path]);
  const links = [
    listed('/openapi.json') ? `the machine-readable description at <code>${escape(`${base}/openapi.json`)}</code> (needs authentication)` : '',
    listed('/api-docs/') ? `the try-it page at <a href="${escape(`${base}/api-docs/`)}">${escape(`${base}/api-docs/`)}</a>` : '',
  ].filter(Boolean);

  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`${info.title} ${info.version}`)}</title><style>${STYLE}</style></head>
<body>
<header><img src="${escape(`${base}/api/doc/logo.svg`)}" alt="" width="56" height="56"><div><h1>${escape(info.title)}</h1>
<p class="muted">Version ${escape(info.version)}${info.description ? ` · ${prose(info.description)}` : ''}</p></div></header>
<main>
<p>Every path below is relative to <code>${escape(base)}</code>. Bodies travel as XML or JSON: <code>Content-Type</code> names the request's,
<code>Accept</code> chooses the answer's. This page is generated from openapi.json when the service starts${links.length ? `; see also ${links.join(' and ')}` : ''}.</p>
<nav><h2 id="contents">Contents</h2><ul><li><a href="#authentication">Authentication</a></li>
${[...byTag].map(([tag, operations]) => `<li><a href="#${escape(tagId(tag))}">${escape(tag)}</a> (${operations.length})</li>`).join('\n')}
<li><a href="#value-objects">Value objects</a> (${schemas.length})</li></ul></nav>
${authentication(document)}
${[...byTag]
  .map(
    ([tag, operations]) =>
      `<h2 id="${escape(tagId(tag))}">${escape(tag)}</h2>\n${tagDescriptions.has(tag) ? `<p>${prose(tagDescriptions.get(tag)!)}</p>\n` : ''}${operations.map(({ path, method, operation }) => operationOf(path, method, operation)).join('\n')}`,
  )
  .join('\n')}
<h2 id="value-objects">Value objects</h2>
${schemas.map(([name, schema]) => valueObject(name, schema)).join('\n')}
</main></body></html>
`;
}

/** The page of each document (a process's services share their document). */
const pages = new WeakMap<OpenApiDocument, string>();

/** Nothing but the page's own logo and inline styles. */
const PAGE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** `GET /api/doc`, rendered once from the document when first asked for, and its files under `/api/doc/{filename}` and `/api/{filename}`; other names fall through to 404. */
export function apiDocRouter(document: () => OpenApiDocument) {
  const page = () => {
    const shown = document();
    let rendered = pages.get(shown);
    if (!rendered) pages.set(shown, (rendered = renderApiDoc(shown)));
    return rendered;
  };
  const router = express.Router();
  const headers = htmlSecurityHeaders();
  router.get('/api/doc', (req, res) =>
    headers(req, res, () => void res.set('Content-Security-Policy', PAGE_POLICY).type('text/html; charset=utf-8').send(page())),
  );
  const file = (req: Request, res: Response, next: NextFunction) => {
    const found = API_DOC_FILES.get(String(req.params.filename));
    if (!found) return next();
    res.set('Cache-Control', 'public, max-age=86400').type(found.type).send(found.body);
  };
  router.get('/api/doc/:filename', file);
  router.get('/api/:filename', file);
  return router;
}
