import { builtOnce, perPerson } from '../src/db/sql';

/** Statements of hot reads are built once per shape (src/db/sql.ts): the same text each time, the person only in the parameters. */

it('perPerson builds the text once per shape and puts the person in the parameters', () => {
  let builds = 0;
  const member = perPerson(
    (role: string) => role,
    (person, role: string) => (builds++, { text: `m.identity_id = ? and m.role = ?`, params: [person, role, person] }),
  );
  const first = member(7, 'coach');
  const second = member(8, 'coach');
  expect(first.params).toEqual([7, 'coach', 7]);
  expect(second.params).toEqual([8, 'coach', 8]);
  expect(second.text).toBe(first.text);
  member(9, 'participant');
  expect(builds).toBe(2);
});

it('perPerson refuses a text that would hold the person', () => {
  const wrong = perPerson(
    () => '',
    (person) => ({ text: `m.identity_id = ${person}`, params: [] }),
  );
  expect(() => wrong(7)).toThrow(TypeError);
});

it('builtOnce answers the same string for the same fragments, also when they arrive as new strings', () => {
  let builds = 0;
  const statement = builtOnce((where) => (builds++, `select 1 from t where ${where.join(' and ')}`));
  const first = statement(['a = ?', 'b = ?']);
  expect(statement([['a', '= ?'].join(' '), 'b = ?'])).toBe(first);
  expect(statement(['a = ?'])).toBe('select 1 from t where a = ?');
  expect(builds).toBe(2);
});
