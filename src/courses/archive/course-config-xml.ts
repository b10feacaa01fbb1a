import { js2xml, type Element } from 'xml-js';
import { badRequest } from '../../domain/errors';
import type { CourseConfigRow } from '../lifecycle-repository';
import { child, childElements, parseXml, textOf } from './course-xml';

/**
 * A course's configuration (course_config, GET|PUT|POST /repo/courses/{id}/configuration) and the
 * archive's CourseConfig.xml: OpenOLAT's org.olat.course.config.CourseConfig as XStream writes it,
 * a version and a hashtable of `<entry><string>KEY</string><boolean|string|int>value</…></entry>`.
 * The keys are those of CourseConfig.java; an import reads them, an export writes the course's
 * current values on them and keeps every other entry and the version as they were.
 */

/** OpenOLAT's settings of a course without any (a course created through REST): CourseConfig version 9 with its defaults. */
export const DEFAULT_COURSE_CONFIG = `<?xml version="1.0" encoding="UTF-8"?>
<org.olat.course.config.CourseConfig>
  <version>9</version>
  <configuration class="hashtable">
    <entry>
      <string>KEY_CALENDAR_ENABLED</string>
      <boolean>false</boolean>
    </entry>
    <entry>
      <string>SHAREDFOLDER_SOFTKEY</string>
      <string>sf.notconfigured</string>
    </entry>
    <entry>
      <string>CSS_FILEREF</string>
      <string>form.layout.setsystemcss</string>
    </entry>
    <entry>
      <string>COURSE_CHAT_ENABLED</string>
      <boolean>true</boolean>
    </entry>
    <entry>
      <string>KEY_EFFICENCY_ENABLED</string>
      <boolean>false</boolean>
    </entry>
  </configuration>
</org.olat.course.config.CourseConfig>`;

/** CourseConfig.VALUE_EMPTY_CSS_FILEREF (and OLD_VALUE_EMPTY_CSS_FILEREF of older files): the system layout, no CSS file. */
const NO_CSS = 'form.layout.setsystemcss';
const OLD_NO_CSS = '::EmPtY::';
/** CourseConfig.VALUE_EMPTY_SHAREDFOLDER_SOFTKEY: no shared folder. */
const NO_SHARED_FOLDER = 'sf.notconfigured';

type BooleanField = 'calendar' | 'chat' | 'efficiencyStatement';
type TextField = 'cssLayoutRef' | 'glossarySoftkey' | 'sharedFolderSoftkey';

/** The CourseConfig.java key of each field. */
const BOOLEAN_KEYS: [BooleanField, string][] = [
  ['calendar', 'KEY_CALENDAR_ENABLED'],
  ['chat', 'COURSE_CHAT_ENABLED'],
  ['efficiencyStatement', 'KEY_EFFICENCY_ENABLED'],
];
const TEXT_KEYS: [TextField, string][] = [
  ['cssLayoutRef', 'CSS_FILEREF'],
  ['glossarySoftkey', 'KEY_GLOSSARY_SOFTKEY'],
  ['sharedFolderSoftkey', 'SHAREDFOLDER_SOFTKEY'],
];
const MAX_TEXT = 255;

/** The value each text field has in the file when it is null (the glossary's entry is removed instead, as CourseConfig.setGlossarySoftKey(null) does). */
const NONE: Record<TextField, string | null> = { cssLayoutRef: NO_CSS, glossarySoftkey: null, sharedFolderSoftkey: NO_SHARED_FOLDER };

const entryKey = (entry: Element) => textOf(childElements(entry)[0]);

function configurationOf(root: Element): Element {
  const configuration = child(root, 'configuration');
  if (!configuration) throw badRequest('CourseConfig.xml has no configuration');
  return configuration;
}

/** The values of CourseConfig.xml: key → text of its value. */
function valuesOf(root: Element): Map<string, string> {
  const values = new Map<string, string>();
  for (const entry of childElements(configurationOf(root))) {
    const [key, value] = childElements(entry);
    const name = textOf(key);
    if (name != null && value) values.set(name, textOf(value) ?? '');
  }
  return values;
}

/**
 * The configuration CourseConfig.xml gives a course: a key absent or a boolean that is not `true`
 * is false (as CourseConfig.isChatEnabled() and the like read it); no CSS file
 * (`form.layout.setsystemcss`, `::EmPtY::`), no shared folder (`sf.notconfigured`) and no glossary are null.
 * Null when the archive has no CourseConfig.xml (the course keeps the defaults).
 */
export function courseConfigOfXml(xml: string | null): CourseConfigRow | null {
  if (xml === null) return null;
  const values = valuesOf(parseXml(xml, 'CourseConfig.xml'));
  const flag = (key: string) => values.get(key)?.trim() === 'true';
  const textValue = (field: TextField, key: string) => {
    const value = values.get(key);
    if (value === undefined || value === NONE[field] || (field === 'cssLayoutRef' && value === OLD_NO_CSS)) return null;
    if (value.length > MAX_TEXT) throw badRequest(`CourseConfig.xml has a ${key} longer than ${MAX_TEXT} characters`);
    return value;
  };
  const row = {} as CourseConfigRow;
  for (const [field, key] of BOOLEAN_KEYS) row[field] = flag(key);
  for (const [field, key] of TEXT_KEYS) row[field] = textValue(field, key);
  return row;
}

const text = (name: string, value: string): Element => ({ type: 'element', name, elements: value === '' ? [] : [{ type: 'text', text: value }] });
const entry = (key: string, valueType: string, value: string): Element => ({
  type: 'element',
  name: 'entry',
  elements: [text('string', key), text(valueType, value)],
});

/**
 * CourseConfig.xml with the course's configuration: `kept` (the file of the import, or
 * DEFAULT_COURSE_CONFIG for a course made through REST or a kept file that does not parse) with the
 * values of `config` on their keys, each entry where it was (new ones at the end); its version and
 * every other entry as they were.
 */
export function courseConfigXml(kept: string | null, config: CourseConfigRow): string {
  let root: Element | undefined;
  if (kept !== null) {
    try {
      root = parseXml(kept, 'CourseConfig.xml');
      configurationOf(root);
    } catch {
      root = undefined;
    }
  }
  const defaultRoot = root ? undefined : parseXml(DEFAULT_COURSE_CONFIG, 'CourseConfig.xml');
  root ??= defaultRoot!;
  const configuration = configurationOf(root);
  let entries = configuration.elements ?? [];
  let changed = false;
  const set = (key: string, valueType: string, value: string | null) => {
    const index = entries.findIndex((part) => part.type === 'element' && entryKey(part) === key);
    const current = index >= 0 ? childElements(entries[index])[1] : undefined;
    if (value === null) {
      if (index >= 0) entries = entries.filter((_, at) => at !== index);
      changed ||= index >= 0;
    } else if (current?.name !== valueType || textOf(current) !== value) {
      if (index >= 0) entries[index] = entry(key, valueType, value);
      else entries.push(entry(key, valueType, value));
      changed = true;
    }
  };
  for (const [field, key] of BOOLEAN_KEYS) set(key, 'boolean', String(config[field]));
  for (const [field, key] of TEXT_KEYS) set(key, 'string', config[field] ?? NONE[field]);
  // A kept file that says what the course's configuration is goes out as it came in.
  if (!changed && kept !== null && root !== defaultRoot) return kept;
  configuration.elements = entries;
  return js2xml({ declaration: { attributes: { version: '1.0', encoding: 'UTF-8' } }, elements: [root] }, { spaces: 2 });
}
