// How v1's answers read, for every v1 request: its body quoted as sent; a refusal is the
// organization token's.
import { detail, type Dialect } from '../response.js';

export const V1: Dialect = {
  describe: detail,
  refused: (response) =>
    `the token was refused (HTTP ${response.status}${detail(response)}). Check that the api-token input holds a valid Trunk organization API token.`,
};
