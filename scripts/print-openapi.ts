import fs from 'node:fs';
import { buildOpenApi } from '../src/rest/openapi';
import { OPEN_ROUTES, ROUTES } from '../src/rest/routes';
import { createSofa } from '../src/rest/sofa';
import { buildGatewaySchema } from '../src/schema/build';

/** openapi.json as the service publishes it (without OAuth): to the file named as argument, else to standard output. */
const schema = buildGatewaySchema();
const document = JSON.stringify(buildOpenApi(schema, createSofa(schema, ROUTES), ROUTES, OPEN_ROUTES), null, 2) + '\n';
if (process.argv[2]) fs.writeFileSync(process.argv[2], document);
else process.stdout.write(document);
