// Money helpers. Money is ALWAYS integer grosze (1 zł = 100 grosze).
//
// Price label convention (SPEC §5 "rounded to 2 decimals followed by ' zł'"):
// two decimals, decimal comma, a plain space before "zł", thousands NOT grouped
// ("1234,56 zł"), negative amounts get a leading "-" ("-12,34 zł", e.g. the RABAT line).

const PRICE_INPUT = /^(\d+)(?:[.,](\d{1,2}))?$/;

function assertGrosze(grosze: number): void {
  if (!Number.isSafeInteger(grosze)) {
    throw new RangeError(`Money must be an integer number of grosze, got ${grosze}`);
  }
}

/** "12.34" style decimal string (dot separator), for inputs, URLs and payment gateways. */
export function groszeToDecimalString(grosze: number): string {
  assertGrosze(grosze);
  const sign = grosze < 0 ? "-" : "";
  const abs = Math.abs(grosze);
  const zl = Math.floor(abs / 100);
  const gr = abs % 100;
  return `${sign}${zl}.${gr.toString().padStart(2, "0")}`;
}

/** Price label: 1234 -> "12,34 zł". */
export function formatPrice(grosze: number): string {
  return `${groszeToDecimalString(grosze).replace(".", ",")} zł`;
}

/**
 * Parses a non-negative amount in złoty typed by a person ("12.34", "12,34", "12", "12,5")
 * into grosze. At most two decimals (step 0.01). Surrounding whitespace is ignored.
 * Numbers are accepted too (12.34 -> 1234) when they have at most two decimals.
 * Returns null for anything else (negative, empty, three decimals, letters, too large).
 */
export function parsePriceToGrosze(input: string | number): number | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    const grosze = Math.round(input * 100);
    if (Math.abs(grosze - input * 100) > 1e-6 || !Number.isSafeInteger(grosze)) return null;
    return grosze;
  }
  const match = PRICE_INPUT.exec(input.trim());
  if (!match) return null;
  const zl = Number(match[1]);
  const gr = Number((match[2] ?? "0").padEnd(2, "0"));
  const grosze = zl * 100 + gr;
  return Number.isSafeInteger(grosze) ? grosze : null;
}

/** Sum of integer grosze amounts. */
export function sumGrosze(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}
