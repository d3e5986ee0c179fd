// The KSeF number KSeF gives an accepted invoice (reference/ksef/docs/numer-ksef.md):
// `NIP-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters: the seller's NIP, the day KSeF took the invoice
// in, 12 upper-case hex characters of KSeF's own, and a CRC-8 (polynomial 0x07, initial 0x00) of the
// first 32 characters as two upper-case hex digits.

export const KSEF_NUMBER_LENGTH = 35;

const KSEF_NUMBER_SHAPE = /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;

/** CRC-8, polynomial 0x07, initial value 0x00, no reflection, no final XOR, over the characters' codes. */
export function crc8(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) & 0xff;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
  }
  return crc;
}

function checksum(data: string): string {
  return crc8(data).toString(16).toUpperCase().padStart(2, "0");
}

/**
 * A KSeF number from its parts: the seller's NIP (10 digits), the acquisition day (YYYY-MM-DD or
 * YYYYMMDD) and the 12-character hex technical part.
 */
export function makeKsefNumber(parts: { nip: string; date: string; technical: string }): string {
  const date = parts.date.replaceAll("-", "");
  const data = `${parts.nip}-${date}-${parts.technical.toUpperCase()}`;
  if (!/^\d{10}-\d{8}-[0-9A-F]{12}$/.test(data)) {
    throw new Error("A KSeF number needs a 10-digit NIP, an 8-digit date and 12 hex characters");
  }
  return `${data}-${checksum(data)}`;
}

/** Whether the text is a KSeF number: its shape and its checksum. */
export function isKsefNumber(text: string): boolean {
  if (text.length !== KSEF_NUMBER_LENGTH || !KSEF_NUMBER_SHAPE.test(text)) return false;
  return checksum(text.slice(0, 32)) === text.slice(33);
}
