import { Provider } from '../entities/users';

/**
 * How a login came about, kept with the tokens and sessions it opens: `OLAT` for a password,
 * `API-Key:<id>` for an API key. The "API access: only with API key" setting and the audit log read it.
 */
export const apiKeyOrigin = (apiKeyId: number) => `${Provider.apiKey}:${apiKeyId}`;

export function apiKeyIdOf(origin: string | null | undefined): number | undefined {
  const match = origin?.match(/^API-Key:(\d+)$/);
  return match ? Number(match[1]) : undefined;
}
