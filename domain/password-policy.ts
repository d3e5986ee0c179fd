import { COMMON_PASSWORDS } from "./common-passwords";

// Which new passwords are refused besides the length rule (SPEC §5: at least 7 characters): the common
// ones — on the embedded list (domain/common-passwords.ts), or one of this shop's words or a common
// password with only digits and symbols around it ("sklep1234", "Hasło!", "password1"). Checked at
// register, set-new-password and change-password (domain/validation/auth.ts passwordSchema); the login
// never checks it, so older passwords and the demo seed's still work.

/** The shop's own words and Polish favourites (letters only, no diacritics, lower case). */
const SHOP_WORDS = [
  "sklep",
  "sklepzszyciem",
  "szycie",
  "szyciesklep",
  "haslo",
  "password",
  "qwerty",
  "qwertz",
  "azerty",
  "admin",
  "administrator",
  "moderator",
  "klient",
  "nowy",
  "user",
  "uzytkownik",
  "login",
  "test",
  "polska",
  "kochanie",
  "misiaczek",
  "zaq",
  "abc",
  "abcd",
];

/** No common password is longer: longer inputs are not looked at (and cost nothing). */
const LONGEST = 64;

let common: Set<string> | null = null;

function commonSet(): Set<string> {
  common ??= new Set([...COMMON_PASSWORDS.split(/\s+/).filter(Boolean), ...SHOP_WORDS]);
  return common;
}

/** Lower case, without diacritics (ł → l). */
function normalise(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L").toLowerCase();
}

/** True when `password` is a common one (see above); the check is case- and diacritics-blind. */
export function isCommonPassword(password: string): boolean {
  if (password.length > LONGEST) return false;
  const words = commonSet();
  const plain = normalise(password.trim());
  if (words.has(plain)) return true;
  // the letters inside digits and symbols: "sklep1234" → "sklep", "!haslo!" → "haslo"
  const core = plain.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (core === "") return false;
  return words.has(core) || words.has(core.replace(/[\s_.-]+/g, ""));
}
