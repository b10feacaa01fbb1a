import helmet from 'helmet';

/**
 * helmet's headers for the HTML pages (try-it page, GraphQL explorer, API doc page): scripts,
 * styles, fonts and images from the service itself only (inline styles allowed: GraphiQL and
 * Swagger UI set them), no framing by others, no plugins. No `upgrade-insecure-requests`: the
 * service may be reached over plain HTTP behind its proxy.
 */
export function htmlSecurityHeaders(directives: Record<string, string[] | null> = {}) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': null,
        ...directives,
      },
    },
  });
}
