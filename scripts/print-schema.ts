import fs from 'node:fs';
import path from 'node:path';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildGatewaySchema } from '../src/schema/build';

/** The SDL committed as src/schema/schema.graphql (a test checks it is current). */
export const printGatewaySchema = () => printSchemaWithDirectives(buildGatewaySchema()) + '\n';

if (require.main === module) {
  const target = path.resolve(__dirname, '../../src/schema/schema.graphql');
  fs.writeFileSync(fs.existsSync(path.dirname(target)) ? target : 'src/schema/schema.graphql', printGatewaySchema());
}
