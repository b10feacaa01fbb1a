import type { ParityRow } from '../types';

export const rows: ParityRow[] = [
  { endpoint: 'GET /auth/version', openolat: 'AuthenticationWebService.getVersion', reads: [], deviations: [] },
  {
    endpoint: 'GET /auth/{}',
    openolat: 'AuthenticationWebService.login',
    reads: ['query password (blank: absent)', 'query x-olat-token (blank: absent; newer versions x-service-token)'],
    deviations: [],
  },
  { endpoint: 'GET /ping', openolat: 'Ping.ping', reads: [], deviations: [] },
  { endpoint: 'GET /ping/version', openolat: 'Ping.getVersion', reads: [], deviations: [] },
  { endpoint: 'POST /ping/{}', openolat: 'Ping.ping (with name)', reads: [], deviations: [] },
  { endpoint: 'GET /api/version', openolat: 'ApiWebService.getVersion', reads: [], deviations: [] },
  {
    endpoint: 'GET /api/doc',
    openolat: 'ApiWebService.getHtmlDoc',
    reads: [],
    deviations: [
      {
        what: "the page documents this gateway's routes, generated from openapi.json; OpenOLAT sends its own application.html",
        why: 'the page describes the server that answers it',
      },
    ],
  },
  {
    endpoint: 'GET /api/doc/{}',
    openolat: 'ApiWebService.getImage1',
    reads: [],
    deviations: [
      {
        what: "the files are the documentation page's own (SVG, image/svg+xml); OpenOLAT's are JPEG images of its application.html",
        why: 'they are the files the page served by GET /api/doc refers to',
      },
    ],
  },
  {
    endpoint: 'GET /api/{}',
    openolat: 'ApiWebService.getImage2',
    reads: [],
    deviations: [
      {
        what: 'a name that is no file answers 404; OpenOLAT answers 200 or 204 without a body (Response.ok(null))',
        why: 'as GET /api/doc/{filename}, where OpenOLAT itself answers 404',
      },
    ],
  },
  {
    endpoint: 'GET /api/copyright',
    openolat: 'ApiWebService.getCopyrightPlainText and getCopyrightXhtml',
    reads: ['header Accept (text/plain, or application/xhtml+xml and text/html)'],
    deviations: [
      {
        what: "the text is this gateway's copyright and licence; OpenOLAT's names OpenOLAT, frentix and the Apache License",
        why: "claiming OpenOLAT's copyright for this server would be false",
      },
    ],
  },
  {
    endpoint: 'GET /api-docs',
    openolat: 'RestApiLoginFilter.sendSwaggerUI',
    reads: [],
    deviations: [
      {
        what: '/api-docs without the trailing slash redirects to /api-docs/; OpenOLAT serves the page at /api-docs/ only and answers 404 to /api-docs',
        why: 'a person typing the address without the slash finds the page; /api-docs/ answers as in OpenOLAT',
      },
    ],
  },
  { endpoint: 'GET /openapi.json', openolat: 'OpenApiResource.getOpenApi (swagger-jaxrs2)', reads: [], deviations: [] },
];
