import v8 from 'node:v8';
import { GraphQLFloat, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import { encodeXmlItems } from '../src/rest/xml-codec';
import { LongScalar } from '../src/schema/scalars';

/** Numbers in XML: the text String gives them, without keeping that text alive once written. */

const Row = new GraphQLObjectType({
  name: 'Row',
  fields: { key: { type: new GraphQLNonNull(LongScalar) }, name: { type: GraphQLString }, share: { type: GraphQLFloat } },
});

it('writes numbers as String writes them', () => {
  const numbers = [0, -0, 7, -42, 2 ** 53, 1.5, -0.1, 1e21, 1e-7, 123456789.125];
  const xml = encodeXmlItems(
    numbers.map((share, key) => ({ key, share })),
    Row,
    'row',
  );
  expect(xml).toBe(numbers.map((share, key) => `<row><key>${String(key)}</key><share>${String(share)}</share></row>`).join(''));
});

it('does not keep the text of the keys of a long list alive: the old generation grows no more than for a list without numbers', () => {
  const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
  // 600,000 rows of 3 KB each, in ranges of 250, as a streamed list encodes them: V8's cache of number texts holds on to
  // a converted number's text long enough for it to be promoted, where a row's own allocations go with the young generation.
  const grows = (row: (key: number) => Record<string, unknown>) => {
    const before = oldSpace();
    for (let start = 1_000_000; start < 1_600_000; start += 250)
      encodeXmlItems(
        Array.from({ length: 250 }, (_, i) => row(start + i)),
        Row,
        'row',
      );
    return oldSpace() - before;
  };
  const name = (key: number) => `person ${key}`.padEnd(3000, '.');
  grows((key) => ({ name: name(key) })); // warm-up
  const withoutNumbers = grows((key) => ({ name: name(key) }));
  const withNumbers = grows((key) => ({ key, name: name(key), share: key / 4 }));
  expect(withNumbers - withoutNumbers).toBeLessThan(4 * 1024 * 1024);
});
