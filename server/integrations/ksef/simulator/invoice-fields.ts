// The few fields of an FA(3) document the simulator needs after the schema has passed it: the
// seller's NIP (Podmiot1), the invoice number (P_2), its type (RodzajFaktury), its issue date (P_1).
// Read by pattern, with or without a namespace prefix; the schema check has already vouched for
// the structure.

function element(xml: string, name: string, within?: string): string | null {
  let scope = xml;
  if (within) {
    const block = new RegExp(`<(?:\\w+:)?${within}[\\s>][\\s\\S]*?</(?:\\w+:)?${within}>`).exec(xml);
    if (!block) return null;
    scope = block[0];
  }
  const match = new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(scope);
  return match?.[1] === undefined ? null : match[1].trim();
}

export interface InvoiceFields {
  sellerNip: string | null;
  invoiceNumber: string | null;
  invoiceType: string | null;
  issueDate: string | null;
}

export function invoiceFields(xml: string): InvoiceFields {
  return {
    sellerNip: element(xml, "NIP", "Podmiot1"),
    invoiceNumber: element(xml, "P_2", "Fa"),
    invoiceType: element(xml, "RodzajFaktury", "Fa"),
    issueDate: element(xml, "P_1", "Fa"),
  };
}
