/** Where the files of a course live in the file storage: its course folder and everything else an import kept. */
export const courseFiles = (entryKey: number) => `courses/${entryKey}/`;
export const COURSE_FOLDER = 'coursefolder/';
export const KEPT = 'archive/';

/** The storage path of an archive entry of the course (a course folder file, or anything else kept as it is). */
export const storagePathOf = (entryKey: number, name: string) =>
  name.startsWith(COURSE_FOLDER) ? `${courseFiles(entryKey)}${name}` : `${courseFiles(entryKey)}${KEPT}${name}`;

/** The archive name of a stored file of the course; null for what is no part of an export. */
export function archiveNameOf(entryKey: number, path: string): string | null {
  const rest = path.slice(courseFiles(entryKey).length);
  if (rest.startsWith(COURSE_FOLDER)) return rest;
  if (rest.startsWith(KEPT)) return rest.slice(KEPT.length);
  return null;
}

export const DIRECTORY_TYPE = 'application/x-directory';

export function contentTypeOf(name: string): string {
  if (/\.x?html?$/i.test(name)) return 'text/html';
  if (/\.xml$/i.test(name)) return 'application/xml';
  if (/\.zip$/i.test(name)) return 'application/zip';
  if (/\.txt$/i.test(name)) return 'text/plain';
  if (/\.css$/i.test(name)) return 'text/css';
  if (/\.png$/i.test(name)) return 'image/png';
  if (/\.jpe?g$/i.test(name)) return 'image/jpeg';
  return 'application/octet-stream';
}
