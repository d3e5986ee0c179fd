import { type Config, loadConfig } from "../config";

// The config of an in-process test's app, seed or service: loadConfig with the quick password-hashing
// cost (PASSWORD_HASH_COST=quick, scrypt N = 2^12 instead of 2^17: hashing was a quarter of the
// database tests' CPU time, docs/decisions/065), then the test's own settings. A test about the
// settings themselves, one that needs the standard cost, or one in production mode (where quick is
// refused) calls loadConfig itself.

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ PASSWORD_HASH_COST: "quick", ...env });
}
