import v8 from 'node:v8';
import vm from 'node:vm';
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

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as (options: { type: 'minor' | 'major' }) => void;

it('does not keep the text of the keys of a long list alive until the young generation gives it to the old one', () => {
  const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
  // 600,000 keys in ranges of 250, as a streamed list encodes them, with a young collection after each range (a server
  // allocates far more than these rows between two): what a range leaves behind is garbage at once, except what V8's
  // cache of number texts keeps, which the collections give to the old generation.
  const grows = (row: (key: number) => Record<string, unknown>) => {
    collectGarbage({ type: 'major' });
    const before = oldSpace();
    for (let start = 1_000_000; start < 1_600_000; start += 250) {
      encodeXmlItems(
        Array.from({ length: 250 }, (_, i) => row(start + i)),
        Row,
        'row',
      );
      collectGarbage({ type: 'minor' });
    }
    return oldSpace() - before;
  };
  const withoutNumbers = grows(() => ({ name: 'person' }));
  const withNumbers = grows((key) => ({ key, name: 'person', share: key / 4 }));
  expect(withNumbers - withoutNumbers).toBeLessThan(2 * 1024 * 1024);
});
