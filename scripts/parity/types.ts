/** One catalogue endpoint of docs/parity.md: what it mirrors in OpenOLAT and where it still differs. */
export interface ParityRow {
  /** `METHOD /path` exactly as a line of scripts/parity/catalogue-endpoints.txt writes it, parameters as `{}`: `GET /users/{}`. */
  endpoint: string;
  /** The OpenOLAT JAX-RS class and method it mirrors: `UserWebService.getUserListQuery`. */
  openolat: string;
  /**
   * What OpenOLAT reads besides the path, as `where name` (where: query, form, multipart, body, header), with the Java
   * type where it is not a String and what an unparsable value does: `query login`, `query start (int, default 0)`,
   * `body UserVO`. Empty when it reads nothing.
   */
  reads: string[];
  /** Each remaining difference a client could notice, with the reason it stays; empty when the endpoint behaves as OpenOLAT's. */
  deviations: Deviation[];
}

export interface Deviation {
  /** What differs: OpenOLAT's behaviour and ours. */
  what: string;
  /** Why a client is better served this way (stricter only where OpenOLAT would store something broken or unsafe). */
  why: string;
}
