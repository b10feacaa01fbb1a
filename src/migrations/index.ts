import { Migration20261121203345 } from './Migration20261121203345';
import { Migration20261121210347 } from './Migration20261121210347';

/** Every migration, in order; listed explicitly so that compiled and test runs find the same set. */
export const migrationsList = [
  { name: 'Migration20261121203345', class: Migration20261121203345 },
  { name: 'Migration20261121210347', class: Migration20261121210347 },
];
